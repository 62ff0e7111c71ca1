// CommonJS's __filename and __dirname exist (a ReferenceError under sbx
// before) and name this program.
const path = require('path');
console.log(typeof __filename, typeof __dirname);
console.log(path.basename(__filename), path.isAbsolute(__filename), path.isAbsolute(__dirname));
console.log(path.join(__dirname, path.basename(__filename)) === __filename);
console.log(require.main.filename === __filename, process.argv[1] === __filename);
