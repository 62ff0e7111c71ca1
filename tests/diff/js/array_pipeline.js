const orders = [
  { customer: 'ann', total: 120, items: 3 },
  { customer: 'bob', total: 80, items: 1 },
  { customer: 'ann', total: 40, items: 2 },
  { customer: 'cy', total: 300, items: 5 },
];
const byCustomer = orders.reduce((acc, o) => ({ ...acc, [o.customer]: (acc[o.customer] || 0) + o.total }), {});
const top = Object.entries(byCustomer).sort(([, a], [, b]) => b - a).map(([c, t]) => `${c}=${t}`);
console.log(top.join(', '));
console.log(orders.filter(o => o.items > 1).map(o => o.total).reduce((a, b) => a + b, 0));
