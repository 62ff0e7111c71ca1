const o = { a: 1, b: 2, c: 3 };
console.log(Object.entries(o).map(([k, v]) => k + v).join(' '));
console.log(Object.values(o).reduce((a, b) => a + b));
console.log(JSON.stringify(Object.fromEntries(Object.entries(o).map(([k, v]) => [k.toUpperCase(), v * 2]))));
