function* permutations(arr) {
  if (arr.length <= 1) { yield arr; return; }
  for (let i = 0; i < arr.length; i++)
    for (const p of permutations([...arr.slice(0, i), ...arr.slice(i + 1)])) yield [arr[i], ...p];
}
const combos = (arr, k) => k === 0 ? [[]] : arr.flatMap((x, i) => combos(arr.slice(i + 1), k - 1).map(c => [x, ...c]));
console.log([...permutations([1, 2, 3])].map(p => p.join("")));
console.log(combos(["a", "b", "c", "d"], 2));
const powerset = arr => arr.reduce((sets, x) => sets.concat(sets.map(s => [...s, x])), [[]]);
console.log(powerset([1, 2, 3]));
