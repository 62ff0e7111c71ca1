// The top level as node's CommonJS module has it: `this` is
// module.exports, and Object.keys(globalThis) lists node's enumerable
// globals only (none of sbx's: require, module, inputs, ...). (ES5 in an
// IIFE: sbx's top-level declarations are globals, see README.)
console.log(typeof this, this === module.exports, JSON.stringify(this));
this.answer = 42;
console.log(module.exports.answer, exports.answer);
(function () {
  var skip = ['queueMicrotask', 'fetch', 'crypto'];
  console.log(Object.keys(globalThis).filter(function (k) { return skip.indexOf(k) < 0; }));
  ['require', 'module', 'exports', '__filename', '__dirname', 'console', 'process'].forEach(function (k) {
    console.log(k, Object.prototype.propertyIsEnumerable.call(globalThis, k));
  });
})();
