// ES2019: Array.prototype.sort is stable; undefined sorts last, holes after.
const rows = [];
for (let i = 0; i < 40; i++) rows.push([i % 3, String.fromCharCode(97 + (i % 26)) + i]);
rows.sort((a, b) => a[0] - b[0]);
console.log(rows.map(r => r[1]).join(' '));
const words = 'the cat and the dog and the bird saw a cat'.split(' ');
const counts = {};
for (const w of words) counts[w] = (counts[w] || 0) + 1;
console.log(Object.entries(counts).sort((a, b) => b[1] - a[1]).slice(0, 3));
const mixed = [3, undefined, 1, , 10, 2, undefined, , 'b', 'a'];
console.log(mixed.sort(), mixed.length);
console.log([5, 1, 4].sort(() => NaN), [10, 9, 1, 100].sort());
console.log([3, 1, 2].sort((a, b) => a < b ? -1 : a > b ? 1 : 0));
try { [1, 2].sort('x'); } catch (e) { console.log(e.name, e.message); }
const big = [];
for (let i = 0; i < 1000; i++) big.push({ k: (i * 7919) % 10, i });
big.sort((a, b) => a.k - b.k);
let ok = true;
for (let i = 1; i < big.length; i++) if (big[i - 1].k === big[i].k && big[i - 1].i > big[i].i) ok = false;
console.log('stable:', ok, big[0], big[999]);
const obj = { length: 3, 0: 'c', 1: 'a', 2: 'b' };
console.log(Array.prototype.sort.call(obj));
