const clone = o => JSON.parse(JSON.stringify(o));
const deepEq = (a, b) => typeof a === 'object' && a && b ? Object.keys(a).length === Object.keys(b).length && Object.keys(a).every(k => deepEq(a[k], b[k])) : a === b;
const x = { a: [1, { b: 2 }], c: 'd' };
const y = clone(x);
console.log(deepEq(x, y), x === y, deepEq(x, { a: [1, { b: 3 }], c: 'd' }));
