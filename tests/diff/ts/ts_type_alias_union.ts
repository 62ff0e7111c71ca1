type Shape = { kind: 'circle'; r: number } | { kind: 'square'; s: number };
function area(s: Shape): number {
  switch (s.kind) { case 'circle': return Math.round(Math.PI * s.r * s.r); case 'square': return s.s * s.s; }
}
console.log([{ kind: 'circle', r: 2 }, { kind: 'square', s: 3 }].map(s => area(s as Shape)).join(','));
