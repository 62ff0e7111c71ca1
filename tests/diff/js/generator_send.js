function* acc() { let total = 0; while (true) { const x = yield total; total += x; } }
const g = acc();
g.next();
g.next(5);
console.log(g.next(10).value);
