// Duktape issue #2391 (patched by build-aux/duktape/): a binary operation
// whose left operand is a function's variable must use the value it had
// before the right operand changed it. ES5 only, so this runs unlowered.
var out = [];
function show(label, v) { out.push(label + '=' + JSON.stringify(v)); }

function postDec() { var e = 5; return e * e--; }
function postInc() { var e = 5; return e * e++; }
function preInc() { var a = 1; return a - ++a; }
function preDec() { var a = 1; return a - --a; }
function assignRhs() { var a = 1; return a + (a = 10); }
function compoundRhs() { var a = 2; return a * (a += 3); }
function compoundStr() { var s = 'x'; return s + (s += 'y'); }
function param(a) { return a + (a = 10); }
function closureCall() { var a = 1; function set() { a = 10; return 0; } return a + set(); }
function chained() { var a = 1; return (a + (a = 10)) + a; }
function compare() { var a = 1; return [a < (a = 0), a === (a = 5), a > a--]; }
function nested() { var i = 3; return i * (i-- + i--) + i; }
function inLoop() { var t = 0; for (var i = 0; i < 4; i++) { var k = i; t += k * k++ + k; } return t; }
function compoundOwn() { var a = 3; a += a++; var b = 3; b *= (b = 2); return [a, b]; }
function bitwise() { var a = 6; return [a & (a = 3), a | (a = 8), a << (a = 1), a - (a = 0)]; }
function sideEffectFree() { var a = 2, b = 3; return [a + b, a * 2, b - a, a < b]; }
function property() { var o = { v: 1 }; var a = 1; return a + (o.v = a = 7) + o.v; }

show('postDec', postDec());
show('postInc', postInc());
show('preInc', preInc());
show('preDec', preDec());
show('assignRhs', assignRhs());
show('compoundRhs', compoundRhs());
show('compoundStr', compoundStr());
show('param', param(1));
show('closureCall', closureCall());
show('chained', chained());
show('compare', compare());
show('nested', nested());
show('inLoop', inLoop());
show('compoundOwn', compoundOwn());
show('bitwise', bitwise());
show('sideEffectFree', sideEffectFree());
show('property', property());

// Global code: variables are properties of the global object, which
// Duktape always got right; kept so a change there shows.
var g = 5;
show('global postDec', g * g--);
var h = 1;
show('global assign', h + (h = 10));
var k = 2;
k += k++;
show('global compound', k);
console.log(out.join('\n'));
