const pad = n => String(n).padStart(2, "0");
function fmt(d) {
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}
const start = Date.UTC(2024, 0, 30);
for (let i = 0; i < 4; i++) console.log(fmt(new Date(start + i * 36 * 3600 * 1000)));
const d = new Date(Date.UTC(2024, 4, 17, 8, 5));
console.log(d.toLocaleDateString("en-US", { timeZone: "UTC" }));
console.log(d.toLocaleString("en-US", { timeZone: "UTC" }));
console.log(d.toLocaleDateString("en-GB", { timeZone: "UTC", year: "numeric", month: "long", day: "numeric" }));
const addMonths = (date, n) => { const x = new Date(date); x.setUTCMonth(x.getUTCMonth() + n); return x; };
console.log(addMonths(new Date("2024-01-31T00:00:00Z"), 1).toISOString());
