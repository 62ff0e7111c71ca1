// Big factorials and powers: BigInt literals and BigInt(), which Duktape
// lacks, so sbx runs this program under node (engine_reason in the record).
function factorial(n) {
  let f = 1n;
  for (let i = 2n; i <= n; i++) f *= i;
  return f;
}
for (const n of [0, 1, 5, 20, 25, 50]) console.log(`${n}! = ${factorial(BigInt(n))}`);
const big = 2n ** 127n - 1n;
console.log(big, typeof big, big.toString(16), big % 1000000007n);
console.log(factorial(100n).toString().length, String(factorial(30n)).slice(-7));
console.log([3n, 1n, 2n].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)), 10n > 9, 2n == 2, BigInt.asUintN(8, 257n));
console.log({ n: 12345678901234567890n }, JSON.stringify({ s: String(7n) }));
try {
  console.log(1n + 1);
} catch (e) {
  console.log(e.constructor.name, e.message);
}
