const curry = fn => function curried(...args) {
  return args.length >= fn.length ? fn(...args) : (...more) => curried(...args, ...more);
};
const volume = curry((l, w, h) => l * w * h);
console.log(volume(2)(3)(4), volume(2, 3)(4), volume(2)(3, 4));
const compose = (...fns) => x => fns.reduceRight((v, f) => f(v), x);
const inc = x => x + 1, dbl = x => x * 2;
console.log(compose(inc, dbl)(5), compose(dbl, inc)(5));
function makeCounter() { let c = 0; return { inc: () => ++c, reset: () => (c = 0) }; }
const c1 = makeCounter(), c2 = makeCounter();
c1.inc(); c1.inc(); c2.inc();
console.log(c1.inc(), c2.inc(), c1.reset(), c1.inc());
