const { inspect } = require("util");
const data = { list: Array.from({ length: 5 }, (_, i) => ({ i, sq: i * i })), name: "squares" };
console.log(inspect(data, { depth: Infinity }));
console.log(inspect(data, { compact: false, depth: 1 }));
console.log(inspect(new Map([[1, { a: 1 }]]), { depth: 0 }));
console.log(inspect("x".repeat(10)));
