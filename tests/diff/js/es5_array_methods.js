var a = [3, 1, 4, 1, 5, 9, 2, 6];
console.log(a.indexOf(1), a.lastIndexOf(1), a.slice(2, 5), a.concat([7], 8));
var b = a.slice();
console.log(b.splice(1, 2, "x", "y", "z"), b);
console.log(a.filter(function (x) { return x > 3; }), a.some(function (x) { return x > 8; }), a.every(function (x) { return x > 0; }));
console.log(a.reduceRight(function (acc, x) { return acc + x; }, ""));
console.log(a.join("-"), a.reverse(), a.length);
console.log([1, 2, 3].toString(), String([1, [2, [3]]]), [] + [], [1] == 1);
