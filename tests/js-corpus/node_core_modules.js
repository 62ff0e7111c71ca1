const assert = require('assert');
const { strictEqual, deepStrictEqual } = require('node:assert/strict');
const util = require('util');
const EventEmitter = require('events');
const path = require('path');
assert(true); assert.ok(1); assert.equal(1, '1'); strictEqual(2, 2);
deepStrictEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] });
assert.notStrictEqual(1, 2);
assert.deepEqual({ a: 1 }, { a: '1' });
assert.throws(() => { throw new TypeError('bad'); }, TypeError);
assert.throws(() => { throw new TypeError('bad'); }, /bad/);
assert.throws(() => { throw new TypeError('bad'); }, { name: 'TypeError', message: 'bad' });
for (const f of [
  () => assert.strictEqual(1, 2),
  () => assert.strictEqual('a', 'b'),
  () => assert.strictEqual(1, 2, 'custom message'),
  () => assert.deepStrictEqual({ a: 1 }, { a: 2 }),
  () => assert.deepStrictEqual([1, 2, 3], [1, 2, 4]),
  () => assert.notStrictEqual(1, 1),
  () => assert.equal(1, 2),
  () => assert.throws(() => {}),
  () => assert.fail('boom'),
  () => assert.fail(),
  () => assert.ok(0, 'zero'),
  () => assert.match('abc', /x/),
  () => assert.deepStrictEqual(new Map([[1, 2]]), new Map([[1, 3]])),
  () => assert.deepStrictEqual(new Set([1]), new Set([1])),
]) {
  try { f(); console.log('no throw'); } catch (e) {
    console.log(e.name, e.code, e instanceof assert.AssertionError, e instanceof Error, e.generatedMessage, JSON.stringify(e.message), e.operator);
  }
}
console.log(util.format('%s=%d %j', 'x', 42, { a: 1 }), util.inspect({ a: { b: { c: { d: 1 } } } }, { depth: 0 }));
console.log(util.inspect('str'), util.isDeepStrictEqual([1], [1]), util.isDeepStrictEqual([1], ['1']));
console.log(util.types.isDate(new Date()), util.types.isRegExp(/x/), util.inspect(new Map([[1, 2]])));
class Job extends EventEmitter {}
const em = new Job();
em.on('data', (x, y) => console.log('data', x, y));
em.once('data', x => console.log('once', x));
console.log(em.emit('data', 1, 2), em.emit('data', 3), em.emit('nothing'), em.listenerCount('data'));
const h = () => console.log('h');
em.on('h', h); em.off('h', h); console.log(em.emit('h'), em.eventNames());
try { em.emit('error', new Error('unhandled')); } catch (e) { console.log('caught', e.message); }
console.log(path.basename('/a/b/file.txt'), path.basename('/a/b/file.txt', '.txt'), path.dirname('/a/b/file.txt'), path.extname('x.tar.gz'));
console.log(path.parse('/home/u/file.txt'), path.format({ dir: '/x', base: 'y.js' }), path.normalize('/a//b/../c/.'), path.sep);
console.log(path.relative('/data/a/b', '/data/c'), path.isAbsolute('a'), path.extname('.bashrc'), path.dirname('a'));
console.log(typeof module, typeof module.exports, typeof exports);
exports.x = 1; console.log(module.exports.x);
const p = util.promisify((a, cb) => cb(null, a * 2));
p(21).then(v => console.log('promisified', v));
