function createUser({ name = 'anon', roles = ['user'], active = true } = {}) { return `${name}:${roles.join('+')}:${active}`; }
console.log(createUser(), createUser({ name: 'x', roles: ['admin', 'dev'] }));
