async function a() { return 1; }
async function* ag() { yield 1; }
function* g() { yield 2; }
console.log(a.constructor.name, Object.prototype.toString.call(a), ag.constructor.name, String(Object.getPrototypeOf(g) === Object.getPrototypeOf(function*(){})));
console.log(g instanceof Function, typeof g, g.call(null).next(), [...g()], g.bind(null)().next().value);
console.log(Object.getPrototypeOf(g.constructor) === Function, a);
a().then(v => console.log('async', v));
