const nums = [0.1 + 0.2, 1 / 3, 2 / 3, 100, 1e21, 123456789.123, -0.000001234, 2 ** 53, 5e-324];
for (const n of nums) console.log(n, String(n), n.toFixed(2), n.toPrecision(4));
console.log(nums);
console.log((255).toString(16), (255).toString(2), (0.5).toString(2));
console.log(Number("12px"), parseFloat("12.5px"), Number(""), Number(" 42 "));
