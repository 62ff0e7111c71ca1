// An error thrown inside a generator's body (a coroutine of its own)
// is uncaught where next() was called; the error names its own line.
function* steps(limit) {
  for (let i = 0; i < limit; i++) {
    const label = `step ${i}
of ${limit}`;
    console.log(label.replace('\n', ' '));
    yield i;
  }
  throw new RangeError(`ran past ${limit}`);
}
const it = steps(2);
console.log(it.next().value, it.next().value);
it.next();
