const util = require("util");
console.log(util.format("%s has %d items", "cart", 3));
console.log(util.format("%j", { a: [1, 2] }));
console.log(util.format("no args"), util.format(1, 2, "three"));
console.log(util.inspect({ a: { b: { c: { d: 1 } } } }));
console.log(util.inspect({ a: { b: { c: { d: 1 } } } }, { depth: 0 }));
console.log(util.inspect("str"), util.inspect([1, "2"]));
console.log(util.isDeepStrictEqual({ a: 1 }, { a: 1 }), util.isDeepStrictEqual([1], ["1"]));
