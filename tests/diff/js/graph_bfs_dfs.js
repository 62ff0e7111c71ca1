const edges = [["A", "B"], ["A", "C"], ["B", "D"], ["C", "D"], ["D", "E"], ["F", "G"]];
const g = new Map();
for (const [a, b] of edges) { (g.get(a) ?? g.set(a, []).get(a)).push(b); (g.get(b) ?? g.set(b, []).get(b)).push(a); }
function bfs(start) { const seen = new Set([start]), q = [start], order = [];
  while (q.length) { const n = q.shift(); order.push(n); for (const m of g.get(n)) if (!seen.has(m)) { seen.add(m); q.push(m); } } return order; }
function shortest(a, b) { const prev = new Map([[a, null]]), q = [a];
  while (q.length) { const n = q.shift(); if (n === b) break; for (const m of g.get(n)) if (!prev.has(m)) { prev.set(m, n); q.push(m); } }
  const path = []; for (let n = b; n; n = prev.get(n)) path.unshift(n); return path; }
console.log(bfs("A"), bfs("F"));
console.log(shortest("A", "E").join(" -> "));
console.log(g);
