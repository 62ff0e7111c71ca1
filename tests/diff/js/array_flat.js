console.log(JSON.stringify([1, [2, [3, [4]]]].flat()));
console.log(JSON.stringify([1, [2, [3, [4]]]].flat(Infinity)));
console.log(['a b', 'c'].flatMap(s => s.split(' ')).join('|'));
