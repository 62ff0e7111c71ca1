// node's globals that Duktape lacks: global, btoa/atob, the ES2015 Math
// functions, Object.getOwnPropertyDescriptors, Error.captureStackTrace.
console.log(global === globalThis, typeof global.setTimeout);
console.log(btoa('hello, world'), atob('aGVsbG8sIHdvcmxk'), btoa(''), atob(' aGk = '.replace(/ /g, '')));
console.log(btoa(String.fromCharCode(0, 255, 128)), atob('AP+A').split('').map(c => c.charCodeAt(0)));
for (const bad of ['\u0100', '\u20ac']) {
  try { btoa(bad); } catch (e) { console.log(e.name, e.message); }
}
for (const bad of ['a', 'ab*d', 'abc=d']) {
  try { atob(bad); } catch (e) { console.log(e.name, e.message); }
}
const xs = [0, 1e-10, -1e-10, 0.5, 1, -1, 2, 10, 1e-300];
for (const f of ['sinh', 'cosh', 'tanh', 'asinh', 'expm1', 'log1p', 'fround'])
  console.log(f, Math[f].length, xs.map(x => Math[f](x)).join(' '));
console.log(Math.acosh(1), Math.acosh(2), Math.atanh(0.5), Math.atanh(0), Math.fround(5.05), Math.fround(1e40));
console.log(Object.keys(Math).length, Object.getOwnPropertyNames(Math).includes('sinh'));
console.log(Object.getOwnPropertyDescriptors({ a: 1, b: 'x' }));
const d = Object.getOwnPropertyDescriptors([7]);
console.log(Object.keys(d), d.length.writable, d[0].value);
function MyError(message) {
  this.message = message;
  Error.captureStackTrace(this, MyError);
}
MyError.prototype.name = 'MyError';
const me = new MyError('boom');
console.log(typeof me.stack, me.stack.split('\n')[0], Object.keys(me));
const plain = {};
Error.captureStackTrace(plain);
console.log(plain.stack.split('\n')[0], Object.prototype.propertyIsEnumerable.call(plain, 'stack'));
