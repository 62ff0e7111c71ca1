interface Entity { id: number }
interface Product extends Entity { name: string; price: number; tags?: string[] }
class Repository<T extends Entity> {
  private items = new Map<number, T>();
  add(item: T): this { this.items.set(item.id, item); return this; }
  find(pred: (t: T) => boolean): T[] { return [...this.items.values()].filter(pred); }
  update(id: number, patch: Partial<Omit<T, "id">>): T | undefined {
    const cur = this.items.get(id);
    if (!cur) return undefined;
    const next = { ...cur, ...patch };
    this.items.set(id, next);
    return next;
  }
  get count(): number { return this.items.size; }
}
const repo = new Repository<Product>()
  .add({ id: 1, name: "pen", price: 1.5 })
  .add({ id: 2, name: "notebook", price: 4.25, tags: ["paper"] })
  .add({ id: 3, name: "ink", price: 7 });
console.log(repo.find(p => p.price > 2));
console.log(repo.update(1, { price: 2 }), repo.update(9, { name: "x" }), repo.count);
