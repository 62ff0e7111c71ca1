import type { Something } from './nowhere';
type Local = { v: number };
const x: Local = { v: 3 };
console.log(x.v);
