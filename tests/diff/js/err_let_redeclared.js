// A let over a var of the same scope is an early SyntaxError too.
var total = 0;
for (const n of [1, 2, 3]) total += n;
console.log(total);
let total = 6;
