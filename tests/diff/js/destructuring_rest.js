const { id, ...rest } = { id: 7, name: 'n', tag: 't' };
console.log(id, JSON.stringify(rest));
const [first, ...others] = [1, 2, 3, 4];
console.log(first, others.join('|'));
