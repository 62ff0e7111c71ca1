function describe(x: unknown): string {
  if (typeof x === 'string') return `string(${x.length})`;
  if (Array.isArray(x)) return `array(${x.length})`;
  if (x instanceof Date) return 'date';
  if (x && typeof x === 'object') return `object(${Object.keys(x).length})`;
  return String(x);
}
console.log([ 'ab', [1], new Date(0), { a: 1 }, null, 5 ].map(describe).join(' '));
