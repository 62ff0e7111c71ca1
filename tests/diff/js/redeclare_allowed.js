// Declarations of one name that node allows (var twice, shadowing in an
// inner block, a function body block, a catch parameter and var, a named
// function expression, functions declared again): they run.
var x; var x;
let y = 1; { let y = 2; console.log(y); }
function f(a) { { let a = 3; return a; } }
for (let i = 0; i < 1; i++) { let i = 5; console.log(i); }
switch (1) { case 1: { let a = 1; } case 2: { let a = 2; console.log(a); } }
try { throw 1; } catch (e) { var e = 2; console.log(e); }
function g() { return 1; } function g() { return 2; }
const h = function k() { let k = 4; return k; };
class C { m(a) { let b = a; return b; } }
const arrow = (p) => { { let p = 9; return p; } };
function outer() { let z = 1; function inner() { var z = 2; return z; } return inner() + z; }
if (true) { function blockFn() { return 1; } }
if (true) { function blockFn() { return 2; } }
console.log(f(1), g(), h(), new C().m(7), arrow(1), outer(), blockFn());
