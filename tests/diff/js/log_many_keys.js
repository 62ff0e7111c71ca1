const counts = {};
for (const w of "the quick brown fox jumps over the lazy dog the end".split(" ")) {
  counts[w] = (counts[w] || 0) + 1;
}
console.log(counts);
const big = {};
for (let i = 0; i < 30; i++) big["key" + i] = i * i;
console.log(big);
