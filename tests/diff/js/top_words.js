const text = `It was the best of times, it was the worst of times, it was the age of wisdom,
it was the age of foolishness, it was the epoch of belief, it was the epoch of incredulity`;
const counts = new Map();
for (const w of text.toLowerCase().match(/[a-z]+/g)) counts.set(w, (counts.get(w) || 0) + 1);
const top = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 6);
console.log(top);
top.forEach(([w, c], i) => console.log(`${i + 1}. ${w.padEnd(8, ".")} ${c}`));
