const assert = require("assert");
function add(a, b) { return a + b; }
assert.strictEqual(add(2, 3), 5);
assert.deepStrictEqual({ a: [1, 2] }, { a: [1, 2] });
assert.ok(add(1, 1) === 2, "one plus one");
assert(true);
assert.notStrictEqual(1, 2);
assert.throws(() => { throw new TypeError("x"); }, TypeError);
console.log("all assertions passed");
