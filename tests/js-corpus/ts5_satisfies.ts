// TS 4.9 `satisfies`: the value is checked against a type but keeps its own.
type Color = 'red' | 'green' | 'blue';
type RGB = [number, number, number];

const palette = {
  red: [255, 0, 0],
  green: '#00ff00',
  blue: [0, 0, 255],
} satisfies Record<Color, string | RGB>;

const greenHex: string = palette.green.toUpperCase();
const redSum = palette.red.reduce((a, b) => a + b, 0);
console.log(greenHex, redSum);

interface Route { path: string; auth?: boolean }
const routes = {
  home: { path: '/' },
  admin: { path: '/admin', auth: true },
} as const satisfies Record<string, Route>;

for (const [name, r] of Object.entries(routes)) {
  console.log(name.padEnd(6), r.path, 'auth' in r ? r.auth : false);
}

const limits = { min: 1, max: 10 } satisfies { [k: string]: number };
console.log(limits.max - limits.min);

function describe(x: unknown) {
  return (typeof x === 'number' ? `n:${x}` : `other:${String(x)}`) satisfies string;
}
console.log(describe(3), describe('s'), describe(null));
