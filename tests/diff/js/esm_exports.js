// An ES module: named, default and constant exports, imports of node's
// pure core modules (assert, util, path, node: prefix), strict mode.
import assert from 'assert';
import { inspect, format } from 'node:util';
import * as path from 'path';
import { EventEmitter } from 'events';

export function gcd(a, b) {
  return b === 0 ? a : gcd(b, a % b);
}
export default function lcm(a, b) {
  return (a / gcd(a, b)) * b;
}
export const PRIMES = [2, 3, 5, 7, 11];
export class Stack {
  #items = [];
  push(x) { this.#items.push(x); return this; }
  get size() { return this.#items.length; }
}

assert.strictEqual(gcd(12, 18), 6);
assert.deepStrictEqual(PRIMES.slice(0, 2), [2, 3]);
const e = new EventEmitter();
e.on('hit', (n) => console.log(format('hit %d', n)));
e.emit('hit', 3);
console.log(inspect({ lcm: lcm(4, 6), size: new Stack().push(1).push(2).size }));
console.log(path.join('a', 'b', '..', 'c'), typeof this);
try {
  undeclared = 1;
} catch (err) {
  console.log(err.constructor.name);
}
