interface Item { id: number; price: number }
const fetchItem = (id: number): Promise<Item> => new Promise(r => setTimeout(() => r({ id, price: id * 1.5 }), 5));
async function total(ids: number[]): Promise<number> {
  const items: Item[] = await Promise.all(ids.map(fetchItem));
  return items.reduce((s, i) => s + i.price, 0);
}
total([1, 2, 3]).then(t => console.log(`total ${t}`));
