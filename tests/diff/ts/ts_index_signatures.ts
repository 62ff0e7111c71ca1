interface Dict<T> { [k: string]: T }
const counts: Dict<number> = {};
for (const w of 'a b a c b a'.split(' ')) counts[w] = (counts[w] ?? 0) + 1;
console.log(Object.keys(counts).sort().map(k => `${k}${counts[k]}`).join(''));
