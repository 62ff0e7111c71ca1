const a = require('./a.js');
exports.sawA = 'a.done=' + a.done;
