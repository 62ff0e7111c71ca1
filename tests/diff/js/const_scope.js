const a = 'outer';
function f() {
  if (true) { const a = 'inner'; console.log(a); }
  return a;
}
console.log(f());
