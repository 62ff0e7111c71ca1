const transpose = m => m[0].map((_, i) => m.map(r => r[i]));
const mul = (a, b) => a.map(r => transpose(b).map(c => r.reduce((s, x, i) => s + x * c[i], 0)));
console.log(JSON.stringify(mul([[1, 2], [3, 4]], [[5, 6], [7, 8]])));
