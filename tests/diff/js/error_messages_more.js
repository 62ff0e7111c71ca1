// More of V8's runtime error messages, caught and printed (issue 34: errors
// in the words node uses, not Duktape's).
const tests = [
  () => { const o = null; return o.x; },
  () => { const o = undefined; return o.x.y; },
  () => { let u; u(); },
  () => { const d = 100; d.match(/x/); },
  () => [].reduce((a, b) => a),
  () => { null[0] = 1; },
  () => { Object.defineProperty(1, 'x', {}); },
  () => { new Array(-1); },
  () => { (1.5).toFixed(200); },
  () => { JSON.parse('{"a":1,}'); },
  () => { Symbol() + ''; },
  () => { [...undefined]; },
  () => { notDeclaredAnywhere.y = 1; },
  () => { 'use strict'; undefined.foo = 1; },
  () => { new Promise(5); },
];
for (const t of tests) {
  try { t(); console.log('no error'); } catch (e) { console.log(e.name + ': ' + e.message); }
}
