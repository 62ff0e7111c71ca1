console.log(Math.max(3, 7, 2), Math.min(...[4, 1, 9]), Math.round(2.5), Math.floor(-1.5));
console.log(Math.trunc(4.7), Math.sign(-3), Math.hypot(3, 4));
console.log((0.1 + 0.2).toFixed(2), Math.abs(-8), 2 ** 10);
