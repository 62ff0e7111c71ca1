const m = new Map([['a', 1]]);
[...m.entries()].map(([k, v]) => ({ k, v }))
