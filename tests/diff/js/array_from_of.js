console.log(Array.from({ length: 4 }, (_, i) => i * i).join(','));
console.log(Array.of(7, 8).join(','), Array.from('hey').join('-'));
console.log(Array.from(new Map([[1, 'a']])).length);
