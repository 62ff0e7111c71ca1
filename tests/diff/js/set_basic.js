const s = new Set([1, 2, 2, 3, 3, 3]);
console.log(s.size, s.has(2), s.has(5));
s.add(4).delete(1);
console.log([...s].join(','));
