// V8 has no tail calls: endless recursion in tail position overflows the
// stack (a catchable RangeError) instead of looping until the timeout.
function loop(n) {
  return loop(n + 1);
}
function countdown(n, acc) {
  return n === 0 ? acc : countdown(n - 1, acc + n);
}
try {
  loop(0);
} catch (e) {
  console.log(e instanceof RangeError, e.name, e.message);
}
console.log(countdown(1000, 0));
const even = (n) => (n === 0 ? true : odd(n - 1));
const odd = (n) => (n === 0 ? false : even(n - 1));
try {
  even(1e7);
} catch (e) {
  console.log('mutual:', e.message);
}
