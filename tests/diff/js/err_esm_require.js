// require is not defined in an ES module: node throws a ReferenceError when
// the call runs (the lines before it have printed), and exits 1.
export const ready = true;
console.log('before');
const fs = require('fs');
console.log('never', typeof fs);
