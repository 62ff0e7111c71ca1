// A .cjs is CommonJS: require, module and exports are there, top-level
// this is module.exports, and the code is sloppy unless it says otherwise.
const util = require('util');
console.log(typeof require, typeof module, this === module.exports, typeof __filename);
sloppyGlobal = 5;
console.log(sloppyGlobal, (function () { return typeof this; })());
module.exports = { n: util.format('%d', 3) };
console.log(module.exports.n, require.main === module);
