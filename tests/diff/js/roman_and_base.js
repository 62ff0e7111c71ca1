const toRoman = n => [[1000, "M"], [900, "CM"], [500, "D"], [400, "CD"], [100, "C"], [90, "XC"], [50, "L"], [40, "XL"], [10, "X"], [9, "IX"], [5, "V"], [4, "IV"], [1, "I"]]
  .reduce((acc, [v, s]) => { while (n >= v) { acc += s; n -= v; } return acc; }, "");
const fromRoman = s => [...s].reduce((acc, c, i, a) => { const v = { I: 1, V: 5, X: 10, L: 50, C: 100, D: 500, M: 1000 }; return v[c] < (v[a[i + 1]] || 0) ? acc - v[c] : acc + v[c]; }, 0);
for (const n of [4, 9, 14, 40, 90, 400, 1994, 2024, 3999]) console.log(n, toRoman(n), fromRoman(toRoman(n)));
console.log([0, 7, 255, 4096].map(n => [n.toString(2), n.toString(8), n.toString(16).toUpperCase(), n.toString(36)]));
