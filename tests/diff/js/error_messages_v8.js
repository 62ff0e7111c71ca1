// Duktape's wording of its errors → V8's: the callee named from the
// source, the built-in that threw, fixed phrases.
const cases = [
  () => { const d = 100; return d.match(/x/); },
  () => { const o = {}; return o.a.b; },
  () => { let x = 5; return x(); },
  () => { const arr = [1]; return arr[0](); },
  () => [].reduce((a, b) => a + b),
  () => [].reduceRight((a, b) => a + b),
  () => null.foo,
  () => { const o = { f: 1 }; return o.f(); },
  () => { const f = null; return f(); },
  () => { const o = {}; return new o.C(); },
  () => { const user = { profile: {} }; return user.profile.getName(); },
  () => Symbol() + '',
  () => (1).toFixed(200),
  () => (1).toPrecision(0),
  () => (1).toExponential(-1),
  () => { const n = 1; return n.toString(99); },
  () => decodeURIComponent('%'),
  () => new Array(-1),
  () => { console.log('inside', typeof undefinedThing.x); },
];
for (const c of cases) {
  try {
    c();
    console.log('no error');
  } catch (e) {
    console.log(e.name + ': ' + e.message);
  }
}
// Where one line holds several calls that could be the callee, V8 still
// names it; the message must at least say what failed.
const list = [1, 2, 3];
try {
  console.log(list.map((x) => x * 2).filter((x) => x > 2).sum());
} catch (e) {
  console.log(e.name, /is not a function|not callable/.test(e.message));
}
