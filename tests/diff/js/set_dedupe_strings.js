const words = ['b', 'a', 'b', 'c', 'a'];
console.log([...new Set(words)].sort().join(''));
console.log(Array.from(new Set('mississippi')).join(''));
