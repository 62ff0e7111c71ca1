function makeCounter() {
  let count = 0;
  return { inc: () => ++count, dec: () => --count, get value() { return count; } };
}
const c = makeCounter();
c.inc(); c.inc(); c.dec();
console.log(c.value);
