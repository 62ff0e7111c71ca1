const raw = `{"orders":[{"id":"o1","items":[{"sku":"a","qty":2,"price":3.5},{"sku":"b","qty":1,"price":10}]},
{"id":"o2","items":[{"sku":"a","qty":1,"price":3.5}]}]}`;
const { orders } = JSON.parse(raw);
const summary = orders.map(o => ({ id: o.id, total: o.items.reduce((s, i) => s + i.qty * i.price, 0), count: o.items.length }));
console.log(JSON.stringify(summary));
console.log(JSON.stringify(summary, null, 2));
console.log(JSON.stringify(summary, ["id", "total"]));
console.log(JSON.stringify({ a: undefined, b: () => 1, c: NaN, d: new Date(0), e: [undefined] }));
console.log(JSON.stringify("he said \"hi\"\n\u2028"), JSON.stringify({ nested: { deep: true } }, null, "\t"));
