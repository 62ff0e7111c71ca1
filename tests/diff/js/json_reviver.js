const s = '{"date":"2020-01-02T00:00:00.000Z","n":5}';
const o = JSON.parse(s, (k, v) => k === 'date' ? new Date(v) : v);
console.log(o.date.getUTCFullYear(), o.n);
console.log(JSON.stringify({ a: 1, b: [1, 2] }, (k, v) => typeof v === 'number' ? v * 10 : v));
