const pairs = [];
for (let i = 0; i < 40; i++) pairs.push([i % 4, String.fromCharCode(97 + (i % 26)) + i]);
pairs.sort((a, b) => a[0] - b[0]);
console.log(pairs.map(p => p.join(":")).join(" "));
const words = "one two three four five six seven eight nine ten eleven twelve".split(" ");
console.log(words.slice().sort((a, b) => a.length - b.length));
console.log([10, 9, 1, 100, 25].sort(), [10, 9, 1, 100, 25].sort((a, b) => a - b));
console.log(["b", "A", "a", "B"].sort(), ["b", "A", "a", "B"].sort((x, y) => x.localeCompare(y)));
