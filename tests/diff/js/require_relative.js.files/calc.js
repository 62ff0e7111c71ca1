exports.add = (a, b) => a + b;
exports.name = require('path').basename(__filename);
console.log('calc', this === module.exports, module.id === __filename, typeof __dirname);
