const deep = { a: { b: { c: { d: { e: 1 } } } }, list: [[1, [2, [3, [4]]]]] };
console.log(deep);
console.log(JSON.stringify(deep));
const arr = Array.from({ length: 120 }, (_, i) => i);
console.log(arr);
