const name = 'World';
const n = 3;
console.log(`Hello, ${name}! ${n} + ${n} = ${n + n}`);
const multi = `line1
line2`;
console.log(multi.split('\n').length);
