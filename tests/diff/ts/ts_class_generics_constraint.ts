interface HasId { id: number }
class Repo<T extends HasId> {
  private byId = new Map<number, T>();
  add(x: T): this { this.byId.set(x.id, x); return this; }
  get(id: number): T | undefined { return this.byId.get(id); }
  all(): T[] { return [...this.byId.values()]; }
}
const r = new Repo<{ id: number; n: string }>().add({ id: 2, n: 'b' }).add({ id: 1, n: 'a' });
console.log(r.get(1)?.n, r.all().map(x => x.n).join(''));
