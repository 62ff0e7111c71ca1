const stats = {
  mean: xs => xs.reduce((a, b) => a + b, 0) / xs.length,
  median: xs => { const s = [...xs].sort((a, b) => a - b), m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; },
  mode: xs => { const c = new Map(); xs.forEach(x => c.set(x, (c.get(x) || 0) + 1)); return [...c].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0][0]; },
  stdev: xs => { const m = stats.mean(xs); return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1)); },
  percentile: (xs, p) => { const s = [...xs].sort((a, b) => a - b); const i = (s.length - 1) * p; const lo = Math.floor(i); return s[lo] + (s[Math.ceil(i)] - s[lo]) * (i - lo); },
};
const data = [12, 15, 11, 19, 15, 22, 15, 11, 30, 8];
for (const [k, f] of Object.entries(stats)) if (k !== "percentile") console.log(k.padEnd(7), f(data));
console.log("p90", stats.percentile(data, 0.9), "p25", stats.percentile(data, 0.25));
