// for-of closes its iterator on break, return and throw; labels reach it;
// an error after multi-line templates still names its own line.
function tracked(n, log) {
  let i = 0;
  return { [Symbol.iterator]() { return this; }, next() { return i < n ? { value: i++, done: false } : { value: undefined, done: true }; }, return() { log.push('closed at ' + i); return {}; } };
}
const log = [];
for (const v of tracked(5, log)) { if (v === 2) break; }
function early() { for (const v of tracked(5, log)) { if (v === 1) return v; } }
early();
try { for (const v of tracked(5, log)) { if (v === 3) throw new Error('boom'); } } catch (e) { log.push(e.message); }
for (const v of tracked(2, log)) { }
outer: for (const a of [1, 2, 3]) { for (const b of [1, 2, 3]) { if (b === 2) continue outer; if (a === 3) break outer; log.push(`${a}${b}`); } }
console.log(log.join(' | '));
const report = `line one
line two ${log.length}
line three`;
console.log(report);
const multi = [
  1,
  ...[2, 3],
];
console.log(multi);
const badReturn = { [Symbol.iterator]() { return this; }, next() { return { value: 1, done: false }; }, return() { return 7; } };
try { for (const v of badReturn) break; } catch (e) { console.log(e.constructor.name, e.message); }
function fail() {
  const obj = { deep: null };
  return obj.deep.value;
}
fail();
