const m = new Map();
m.set('a', 1).set('b', 2);
m.set({ k: 1 }, 'obj');
console.log(m.size, m.get('a'), m.has('b'), m.has('z'));
m.delete('a');
console.log([...m.keys()].length, m.size);
