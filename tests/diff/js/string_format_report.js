const sales = [["North", 1234.5, 0.125], ["South", 98765.432, -0.03], ["East", 0, 0], ["West", 55.55, 1.5]];
const line = "-".repeat(36);
console.log(line);
console.log(`${"Region".padEnd(10)}|${"Revenue".padStart(14)}|${"Growth".padStart(10)}`);
console.log(line);
for (const [region, rev, g] of sales) {
  const growth = (g >= 0 ? "+" : "") + (g * 100).toFixed(1) + "%";
  console.log(`${region.padEnd(10)}|${rev.toFixed(2).padStart(14)}|${growth.padStart(10)}`);
}
console.log(line);
const total = sales.reduce((s, [, r]) => s + r, 0);
console.log(`Total: ${total.toLocaleString("en-US", { maximumFractionDigits: 2 })}`);
console.log((1234567.891).toLocaleString("en-US"), (0.256).toLocaleString("en-US", { style: "percent" }));
