const assert = require('assert');
function t(f) { try { f(); console.log('ok'); } catch (e) { console.log(e.message); console.log('--'); } }
t(() => assert.strictEqual('hello world', 'hello there'));
t(() => assert.deepStrictEqual({ x: { y: { z: [1, 2] } }, w: 's' }, { x: { y: { z: [1, 3] } }, w: 's' }));
t(() => assert.deepStrictEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [1, 2, 3, 4, 5, 6, 7, 8, 9, 11]));
t(() => assert.strictEqual({ a: 1 }, { a: 1 }));
t(() => assert.notStrictEqual('abcdefg', 'abcdefg'));
t(() => assert.deepEqual([1], [2]));
t(() => assert.notDeepStrictEqual({ a: 1 }, { a: 1 }));
t(() => assert.strictEqual(0.1 + 0.2, 0.3));
t(() => assert.deepStrictEqual({ name: 'Alice', tags: ['a', 'b'] }, { name: 'Alice', tags: ['a', 'c'], extra: true }));
t(() => assert.strictEqual([1, 2].length, 3, 'length mismatch'));
t(() => assert.throws(() => { throw new Error('x'); }, RangeError));
const add = (a, b) => a + b;
assert.strictEqual(add(1, 2), 3);
console.log('all done');
const e = new assert.AssertionError({ actual: 1, expected: 2, operator: 'strictEqual' });
console.log(e.name, e.message, String(e));
