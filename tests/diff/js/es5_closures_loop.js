var fns = [];
for (var i = 0; i < 3; i++) {
  (function (j) { fns.push(function () { return j * 10; }); })(i);
}
console.log(fns.map(function (f) { return f(); }));
var late = [];
for (var k = 0; k < 3; k++) late.push(function () { return k; });
console.log(late.map(function (f) { return f(); }));
var counter = (function () { var c = 0; return { next: function () { return ++c; } }; })();
counter.next();
console.log(counter.next(), typeof c);
