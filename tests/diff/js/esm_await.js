// Top-level await in an ES module, with imports above it, a dynamic
// import() of a core module and an export list after it.
import { promisify } from 'util';

const delay = promisify((ms, cb) => setTimeout(() => cb(null, ms), ms));
const waited = await delay(5);
const util = await import('node:util');
const total = [1, 2, 3].reduce((a, b) => a + b, 0);
export { total, waited as ms };
console.log(waited, total, typeof util.inspect, typeof util.default.format);
