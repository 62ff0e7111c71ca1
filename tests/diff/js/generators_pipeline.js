function* range(start, end, step = 1) { for (let i = start; i < end; i += step) yield i; }
function* map(it, f) { for (const x of it) yield f(x); }
function* filter(it, p) { for (const x of it) if (p(x)) yield x; }
function* take(it, n) { for (const x of it) { if (n-- <= 0) return; yield x; } }
function* fib() { let [a, b] = [0, 1]; for (;;) { yield a; [a, b] = [b, a + b]; } }
console.log([...take(filter(map(range(0, 100), x => x * x), x => x % 3 === 0), 5)]);
console.log([...take(fib(), 15)].join(" "));
const it = range(0, 3);
console.log(it.next(), it.next(), it.next(), it.next());
console.log(Object.prototype.toString.call(it));
