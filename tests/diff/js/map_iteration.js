const m = new Map([['x', 1], ['y', 2], ['z', 3]]);
for (const [k, v] of m) console.log(k, v);
console.log([...m.values()].reduce((a, b) => a + b));
m.forEach((v, k) => console.log(`${k}=${v}`));
