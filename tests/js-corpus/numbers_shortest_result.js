// Results and console output print the shortest round-trip form of a number.
const xs = [1 / 3, 0.1, 0.1 + 0.2, 2 / 3, 1e21, 1e-7, 123.456, -0.5];
console.log(xs, String(0.1 + 0.2), JSON.stringify(xs));
xs
