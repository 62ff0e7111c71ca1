const compose = (...fns) => x => fns.reduceRight((v, f) => f(v), x);
const add1 = x => x + 1, double = x => x * 2;
console.log(compose(add1, double)(5), compose(double, add1)(5));
const curry = f => a => b => f(a, b);
console.log(curry((a, b) => a - b)(10)(3));
