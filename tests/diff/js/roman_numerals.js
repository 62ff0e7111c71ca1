const toRoman = n => [[1000, 'M'], [900, 'CM'], [500, 'D'], [400, 'CD'], [100, 'C'], [90, 'XC'], [50, 'L'], [40, 'XL'], [10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I']]
  .reduce((acc, [v, s]) => { while (n >= v) { acc += s; n -= v; } return acc; }, '');
console.log([1994, 2024, 4, 9, 14].map(toRoman).join(' '));
