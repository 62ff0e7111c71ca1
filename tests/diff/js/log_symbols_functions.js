const sym = Symbol("tag");
const obj = { [sym]: 1, fn() {}, arrow: () => 1, named: function hello() {} };
console.log(obj);
console.log(sym, sym.toString(), sym.description);
console.log(function add(a, b) { return a + b; });
console.log(class Foo {});
console.log([Math.max, parseInt]);
