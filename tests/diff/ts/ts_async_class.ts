class Cache<V> {
  private store = new Map<string, V>();
  constructor(private loader: (k: string) => Promise<V>) {}
  async get(k: string): Promise<V> {
    if (!this.store.has(k)) this.store.set(k, await this.loader(k));
    return this.store.get(k)!;
  }
}
let loads = 0;
const c = new Cache<string>(async k => { loads++; return k.toUpperCase(); });
(async () => { console.log(await c.get('a'), await c.get('a'), await c.get('b'), loads); })();
