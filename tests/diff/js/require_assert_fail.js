const assert = require("assert");
function factorial(n) { return n <= 1 ? 1 : n * factorial(n - 1); }
console.log("testing factorial");
assert.strictEqual(factorial(5), 120);
try {
  assert.strictEqual(factorial(3), 7, "factorial(3) should be 7");
} catch (e) {
  console.log(e.name, e.code, e.message);
}
try {
  assert.deepStrictEqual([1, 2], [1, 2, 3]);
} catch (e) {
  console.log(e.code, e.actual, e.expected);
}
