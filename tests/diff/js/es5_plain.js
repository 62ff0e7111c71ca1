var total = 0;
function add(a, b) { return a + b; }
for (var i = 0; i < 5; i++) { total = add(total, i); }
console.log('total: ' + total);
var obj = { list: [1, 2, 3], name: 'es5' };
console.log(JSON.stringify(obj));
