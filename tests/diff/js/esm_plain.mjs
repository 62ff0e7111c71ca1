// A .mjs is an ES module even without import or export: strict mode,
// top-level this undefined, no require/module/exports, top-level await.
console.log(typeof require, typeof module, typeof exports, this === undefined);
try {
  undeclaredName = 1;
} catch (e) {
  console.log(e.name);
}
const v = await Promise.resolve(42);
console.log(v, (function () { return this; })() === undefined);
