const matrix = [[1, 2], [3, 4]];
const [[a, b], [c, d]] = matrix;
console.log(a + d, b + c);
for (const [k, v] of Object.entries({ p: 1, q: 2 })) console.log(k, v);
