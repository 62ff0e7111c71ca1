// TS 5.0 const type parameters: literal types are inferred as if `as const`.
function names<const T extends readonly string[]>(xs: T): T {
  return xs;
}
const ns = names(['ada', 'grace', 'linus']);
console.log(ns.length, ns.join(','));

function pick<const K extends string, V>(keys: readonly K[], value: V): Record<K, V> {
  const out = {} as Record<K, V>;
  for (const k of keys) out[k] = value;
  return out;
}
console.log(JSON.stringify(pick(['x', 'y'], 0)));

function route<const P extends { method: 'GET' | 'POST'; path: string }>(p: P) {
  return `${p.method} ${p.path}`;
}
console.log(route({ method: 'POST', path: '/items' }));

class Registry<const T extends readonly unknown[]> {
  constructor(public readonly items: T) {}
  first() { return this.items[0]; }
  size() { return this.items.length; }
}
const reg = new Registry([1, 'two', true]);
console.log(reg.first(), reg.size());
