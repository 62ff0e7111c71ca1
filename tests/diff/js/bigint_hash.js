// A 64-bit FNV-1a hash and a modular exponentiation with BigInt, as
// programs write them for hashes and number theory.
const MASK = (1n << 64n) - 1n;
function fnv1a64(s) {
  let h = 0xcbf29ce484222325n;
  for (const c of Buffer.from(s, "utf8")) {
    h ^= BigInt(c);
    h = (h * 0x100000001b3n) & MASK;
  }
  return h;
}
function modpow(b, e, m) {
  let r = 1n;
  b %= m;
  while (e > 0n) {
    if (e & 1n) r = (r * b) % m;
    b = (b * b) % m;
    e >>= 1n;
  }
  return r;
}
for (const w of ["", "a", "hello", "sbx sandbox", "ünïcödé"]) console.log(JSON.stringify(w), fnv1a64(w).toString(16).padStart(16, "0"));
console.log(modpow(2n, 10n ** 18n, 1000000007n), modpow(3n, 200n, 2n ** 61n - 1n));
const fib = [0n, 1n];
while (fib.length < 120) fib.push(fib[fib.length - 1] + fib[fib.length - 2]);
console.log(fib[119], BigInt.asIntN(64, fib[100]), Number(fib[70]));
