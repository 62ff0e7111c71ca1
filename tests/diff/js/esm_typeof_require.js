// In an ES module require is not defined: typeof says so without throwing
// (node prints "undefined"), and a feature test on it takes the ESM branch.
export const kind = typeof require;
console.log(typeof require, typeof module, typeof exports);
console.log(typeof require === 'function' ? 'commonjs' : 'esm');
