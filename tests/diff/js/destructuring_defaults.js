const { a = 1, b = 2, c = 3 } = { a: 10, c: undefined };
console.log(a, b, c);
const [x = 'x', y = 'y'] = ['X'];
console.log(x, y);
