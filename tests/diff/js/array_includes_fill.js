console.log([1, 2, NaN].includes(NaN), [1, 2].includes(3));
console.log(new Array(3).fill(0).join(''), [1, 2, 3, 4].fill(9, 1, 3).join(','));
