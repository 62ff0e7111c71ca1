const rows = [
  { id: 1, name: "apple", price: 1.25, tags: ["fruit"] },
  { id: 2, name: "bread", price: 2.5, tags: ["bakery", "staple"] },
  { id: 3, name: "cheese", price: 7, tags: [] },
];
console.log(rows);
console.log(rows.map(r => r.name));
console.log(Object.fromEntries(rows.map(r => [r.name, r.price])));
