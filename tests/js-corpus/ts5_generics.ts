// Generics, with TS 4.x-5.x type-level features that emit no code.
type Awaitable<T> = T | Promise<T>;
type Head<T extends unknown[]> = T extends [infer H extends string, ...unknown[]] ? H : never;
type Joined<A extends string, B extends string> = `${A}-${B}`;
type Concat<A extends unknown[], B extends unknown[]> = [...A, ...B];

function concat<A extends unknown[], B extends unknown[]>(a: [...A], b: [...B]): Concat<A, B> {
  return [...a, ...b];
}
const joined: Joined<'a', 'b'> = 'a-b';
const h: Head<['x', 1]> = 'x';
console.log(concat([1, 'a'], [true]), joined, h);

class TypedMap<K extends string | number, in out V> {
  private store = new Map<K, V>();
  set(k: K, v: V): this { this.store.set(k, v); return this; }
  get<D = undefined>(k: K, fallback?: D): V | D { return this.store.has(k) ? this.store.get(k)! : fallback as D; }
  map<U>(fn: (v: V, k: K) => U): TypedMap<K, U> {
    const out = new TypedMap<K, U>();
    for (const [k, v] of this.store) out.set(k, fn(v, k));
    return out;
  }
  entries(): [K, V][] { return [...this.store.entries()]; }
}

const m = new TypedMap<string, number>().set('a', 1).set('b', 2);
console.log(m.map((v, k) => `${k}=${v * 10}`).entries(), m.get('z', 'none'));

function firstOr<T>(xs: readonly T[], fallback: NoInfer<T>): T {
  return xs.length ? xs[0] : fallback;
}
console.log(firstOr([3, 4], 0), firstOr<string>([], 'empty'));

abstract class Shape<T extends { kind: string }> {
  abstract area(): number;
  constructor(protected readonly spec: T) {}
  describe(): string { return `${this.spec.kind}: ${this.area().toFixed(2)}`; }
}
class Circle extends Shape<{ kind: 'circle'; r: number }> {
  override area() { return Math.PI * this.spec.r ** 2; }
}
console.log(new Circle({ kind: 'circle', r: 2 }).describe());

function assertIsString(x: unknown): asserts x is string {
  if (typeof x !== 'string') throw new TypeError('not a string');
}
const v: unknown = 'checked';
assertIsString(v);
console.log(v.toUpperCase());

async function settle<T>(xs: Awaitable<T>[]): Promise<T[]> { return Promise.all(xs); }
settle([1, Promise.resolve(2)]).then((r) => console.log('settled', r));
