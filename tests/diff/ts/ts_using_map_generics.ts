function groupBy<T, K extends PropertyKey>(xs: readonly T[], key: (x: T) => K): Map<K, T[]> {
  const m = new Map<K, T[]>();
  for (const x of xs) { const k = key(x); m.set(k, [...(m.get(k) ?? []), x]); }
  return m;
}
const words = ["apple", "avocado", "banana", "blueberry", "cherry", "kiwi"];
const byLetter = groupBy(words, w => w[0]);
console.log(byLetter);
const byLen = groupBy(words, w => (w.length > 5 ? "long" : "short"));
for (const [k, v] of byLen) console.log(k, v.join(","));
