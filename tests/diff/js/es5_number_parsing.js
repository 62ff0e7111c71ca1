var inputs = ["42", "3.14", "0x1F", "1e3", "abc", "  7  ", "08", "-0"];
for (var i = 0; i < inputs.length; i++) {
  var s = inputs[i];
  console.log(JSON.stringify(s), parseInt(s, 10), parseFloat(s), Number(s), isNaN(Number(s)));
}
console.log(parseInt("ff", 16), parseInt("101", 2), (12.345).toFixed(1), (0.000001).toString(), (1e-7).toString());
console.log(1 / 3, 2 / 3, 10 / 3, 0.1 * 3, 1.005 * 1000, 123e20, 123e-20);
