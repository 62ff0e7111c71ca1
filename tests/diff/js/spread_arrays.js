const a = [1, 2];
const b = [...a, 3, ...[4, 5]];
console.log(b.join(','), Math.max(...b));
