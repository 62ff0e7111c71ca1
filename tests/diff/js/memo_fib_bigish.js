const memo = new Map();
function fib(n) {
  if (n < 2) return n;
  if (memo.has(n)) return memo.get(n);
  const v = fib(n - 1) + fib(n - 2);
  memo.set(n, v);
  return v;
}
for (const n of [10, 30, 50, 78, 90]) console.log(`fib(${n}) = ${fib(n)}`);
console.log(Number.isSafeInteger(fib(78)), Number.isSafeInteger(fib(79)));
