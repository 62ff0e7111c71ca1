function sum(first, ...rest) { return rest.reduce((a, b) => a + b, first); }
console.log(sum(1), sum(1, 2, 3, 4));
const count = (...args) => args.length;
console.log(count(), count('a', 'b'));
