// let/const/class become var in the subset lowering: shadowing must rename.
const x = 'outer';
function f() {
  const out = [];
  { const x = 'block1'; out.push(x); }
  { let x = 'block2'; out.push(x); { const x = 'inner'; out.push(x); } out.push(x); }
  out.push(x);
  if (true) { class x { } out.push(typeof x); }
  switch (1) { case 1: { let y = 'case'; out.push(y); } }
  for (let i = 0; i < 2; i++) { let seen; if (i === 0) seen = 'first'; out.push(String(seen)); }
  for (const k in { a: 1, b: 2 }) out.push(k);
  return out;
}
console.log(f().join(' '), x);
let total = 0;
for (let i = 0; i < 3; i++) { const sq = i * i; total += sq; }
console.log(total, typeof i, typeof sq);
const g = () => { const x = 1; { const x = 2; return x + (() => x)(); } };
console.log(g());
function shadowParam(v) { { let v = 10; v++; } return v; }
console.log(shadowParam(1));
const fns = [];
{ const captured = 'kept'; fns.push(() => captured); }
console.log(fns[0]());
