const assert = require("assert/strict");
assert.equal(1, 1);
assert.deepEqual({ x: [1, { y: 2 }] }, { x: [1, { y: 2 }] });
assert.rejects(Promise.reject(new Error("no"))).then(() => console.log("rejects ok"));
assert.doesNotThrow(() => 1);
assert.match("hello world", /wor/);
console.log("strict ok");
