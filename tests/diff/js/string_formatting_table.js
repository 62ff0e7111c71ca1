const rows = [['name', 'qty'], ['apple', 3], ['kiwi', 12]];
const w = rows.reduce((m, [n]) => Math.max(m, String(n).length), 0);
for (const [n, q] of rows) console.log(`${String(n).padEnd(w)} | ${String(q).padStart(3)}`);
