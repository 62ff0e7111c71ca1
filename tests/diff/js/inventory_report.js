const inventory = [
  { name: 'widget', price: 2.5, qty: 10, tags: ['tools'] },
  { name: 'gadget', price: 10, qty: 0, tags: ['tech', 'tools'] },
  { name: 'doohickey', price: 7.25, qty: 3, tags: ['misc'] },
];
const inStock = inventory.filter(({ qty }) => qty > 0);
const value = inStock.reduce((s, { price, qty }) => s + price * qty, 0);
const tags = [...new Set(inventory.flatMap(i => i.tags))].sort();
console.log(`in stock: ${inStock.map(i => i.name).join(', ')}`);
console.log(`value: $${value.toFixed(2)}`);
console.log(`tags: ${tags.join(' ')}`);
