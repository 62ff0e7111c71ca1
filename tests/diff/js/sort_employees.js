const employees = [
  { name: "Dana", dept: "eng", salary: 120000, hired: "2019-03-01" },
  { name: "Ali", dept: "ops", salary: 95000, hired: "2021-07-15" },
  { name: "Bea", dept: "eng", salary: 120000, hired: "2017-11-20" },
  { name: "Cy", dept: "sales", salary: 70000, hired: "2020-01-05" },
  { name: "Eve", dept: "ops", salary: 95000, hired: "2018-05-30" },
];
const bySalaryThenName = [...employees].sort((a, b) => b.salary - a.salary || a.name.localeCompare(b.name));
console.log(bySalaryThenName.map(e => `${e.name}:${e.salary}`).join(", "));
const byDept = employees.reduce((acc, e) => ((acc[e.dept] ??= []).push(e.name), acc), {});
console.log(byDept);
const stable = [...employees].sort((a, b) => a.dept.localeCompare(b.dept));
console.log(stable.map(e => e.name));
const fmt = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
for (const e of bySalaryThenName) console.log(e.name.padEnd(6), fmt.format(e.salary).padStart(12));
