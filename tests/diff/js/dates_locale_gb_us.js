// toLocale*String and Intl.DateTimeFormat in en-GB and en-US: field sets, styles, the fields each method adds, its TypeErrors
const d = new Date(Date.UTC(2024, 4, 17, 8, 5, 9)), e = new Date(Date.UTC(2023, 11, 3, 21, 45, 0));
const O = [undefined, {}, { year: "numeric", month: "long", day: "numeric" }, { year: "numeric", month: "short", day: "numeric" }, { month: "long", day: "numeric" }, { year: "numeric", month: "long" },
  { weekday: "long", year: "numeric", month: "long", day: "numeric" }, { weekday: "short", day: "numeric", month: "short" }, { year: "2-digit", month: "2-digit", day: "2-digit" },
  { month: "numeric", day: "numeric" }, { year: "numeric", month: "numeric" }, { dateStyle: "full" }, { dateStyle: "long" }, { dateStyle: "medium" }, { dateStyle: "short" },
  { timeStyle: "short" }, { timeStyle: "medium" }, { dateStyle: "medium", timeStyle: "short" }, { hour: "2-digit", minute: "2-digit" }, { hour: "numeric", minute: "2-digit", hour12: true },
  { weekday: "long" }, { month: "long" }, { year: "numeric" }, { day: "numeric" }, { hour: "numeric" }, { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" }];
for (const loc of ["en-GB", "en-US"]) for (const x of [d, e]) for (const o of O) {
  const oo = Object.assign({ timeZone: "UTC" }, o);
  const r = [];
  for (const m of ["toLocaleDateString", "toLocaleString", "toLocaleTimeString"]) { try { r.push(x[m](loc, oo)); } catch (err) { r.push(err.name); } }
  try { r.push(new Intl.DateTimeFormat(loc, oo).format(x)); } catch (err) { r.push(err.name); }
  console.log(loc, JSON.stringify(o), "|", r.join(" | "));
}
