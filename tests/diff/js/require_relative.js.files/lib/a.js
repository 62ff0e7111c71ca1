exports.done = false;
const b = require('./b');
exports.fromB = b.sawA;
exports.done = true;
