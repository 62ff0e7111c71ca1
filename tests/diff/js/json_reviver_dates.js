const text = JSON.stringify({ created: new Date(Date.UTC(2022, 5, 1)), tags: ["a"], n: 1.0, m: 2.5e-8 });
console.log(text);
const obj = JSON.parse(text, (k, v) => (typeof v === "string" && /^\d{4}-\d\d-\d\dT/.test(v) ? new Date(v) : v));
console.log(obj.created instanceof Date, obj.created.getUTCMonth());
class Money { constructor(c) { this.cents = c; } toJSON() { return (this.cents / 100).toFixed(2); } }
console.log(JSON.stringify({ price: new Money(1999), list: [new Money(5)] }));
