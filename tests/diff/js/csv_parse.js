const csv = `name,dept,salary,start
"Smith, John",Engineering,85000,2020-03-15
Jane Doe,Marketing,72000,2019-07-01
"O'Brien, Pat",Engineering,91000,2018-01-20
Lee Wong,"Sales, East",65000,2021-11-11`;
function parseLine(line) {
  const out = []; let cur = "", q = false;
  for (const ch of line) {
    if (ch === '"') q = !q;
    else if (ch === "," && !q) { out.push(cur); cur = ""; }
    else cur += ch;
  }
  out.push(cur);
  return out;
}
const [header, ...lines] = csv.split("\n");
const cols = parseLine(header);
const rows = lines.map(l => Object.fromEntries(parseLine(l).map((v, i) => [cols[i], isNaN(v) ? v : Number(v)])));
console.log(rows);
const avg = rows.reduce((s, r) => s + r.salary, 0) / rows.length;
console.log(`average salary: ${avg.toFixed(1)}`);
const byDept = {};
for (const r of rows) byDept[r.dept] = [...(byDept[r.dept] || []), r.name];
console.log(byDept);
