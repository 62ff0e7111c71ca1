function* take<T>(it: Iterable<T>, n: number): Generator<T> { let i = 0; for (const x of it) { if (i++ >= n) return; yield x; } }
function* naturals(): Generator<number> { let n = 0; while (true) yield n++; }
console.log([...take(naturals(), 5)].join(','));
