function sum() {
  var total = 0;
  for (var i = 0; i < arguments.length; i++) total += arguments[i];
  return total;
}
console.log(sum(1, 2, 3), sum.apply(null, [4, 5, 6]), sum.call(null, 7));
var max = Math.max.apply(Math, [3, 9, 2]);
console.log(max);
function bindTest() { return this.x; }
var bound = bindTest.bind({ x: 42 });
console.log(bound(), typeof bound);
var args = (function () { return Array.prototype.slice.call(arguments, 1); })(1, 2, 3);
console.log(args);
