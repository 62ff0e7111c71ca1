const text = 'the cat and the hat and the bat';
const counts = new Map();
for (const w of text.split(' ')) counts.set(w, (counts.get(w) || 0) + 1);
const sorted = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
console.log(sorted.map(([w, c]) => `${w}:${c}`).join(' '));
