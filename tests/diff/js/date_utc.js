const d = new Date(Date.UTC(2021, 2, 14, 15, 9, 26));
console.log(d.toISOString());
console.log(d.getUTCDay(), d.getUTCMonth(), d.getTime());
const next = new Date(d.getTime() + 24 * 3600 * 1000);
console.log(next.toISOString().slice(0, 10));
