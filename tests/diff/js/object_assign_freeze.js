const base = Object.freeze({ a: 1 });
const copy = Object.assign({}, base, { b: 2 });
console.log(Object.isFrozen(base), JSON.stringify(copy));
