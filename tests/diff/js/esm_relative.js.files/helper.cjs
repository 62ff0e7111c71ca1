const data = require('./data.json');
module.exports = { name: data.name, add: (a, b) => a + b };
