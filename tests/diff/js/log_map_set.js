const m = new Map([["a", 1], ["b", { deep: [1, 2] }]]);
const s = new Set([1, "two", [3]]);
console.log(m);
console.log(s);
console.log(new Map());
console.log(new Set());
console.log({ m, s });
