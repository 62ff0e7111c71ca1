const nums = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const evens = nums.filter(n => n % 2 === 0);
const squares = evens.map(n => n * n);
const sum = squares.reduce((a, b) => a + b, 0);
console.log(evens.join(','), squares.join(','), sum);
