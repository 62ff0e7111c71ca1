// Destructuring in every place it can stand.
const { a, b: { c = 5, ...restB } = {}, ...others } = { a: 1, b: { d: 4, e: 5 }, f: 6, g: 7 };
console.log(a, c, restB, others);
const [p, , q = 'dq', ...tail] = 'wxyz';
console.log(p, q, tail);
let m = 1, n = 2;
[m, n] = [n, m];
console.log(m, n);
const key = 'dyn';
const { [key]: dynVal, [`${key}2`]: dyn2 = 'none' } = { dyn: 'D' };
console.log(dynVal, dyn2);
function params({ x, y = 10 } = {}, [first, second] = [7, 8]) { return [x, y, first, second]; }
console.log(params(), params({ x: 1 }, [2]));
const pairs = new Map([['one', 1], ['two', 2]]);
for (const [k, v] of pairs) console.log(k, v);
for (const { id, tags: [t1] } of [{ id: 1, tags: ['x', 'y'] }]) console.log(id, t1);
const log = [];
const iterable = { [Symbol.iterator]() { let i = 0; return { next() { log.push('next'); return { value: i++, done: false }; }, return() { log.push('return'); return {}; } }; } };
const [i0, i1] = iterable;
console.log(i0, i1, log.join(','));
const o = {};
({ a: o.first, b: o['second'] } = { a: 'A', b: 'B' });
console.log(o);
const result = ([m, n] = [3, 4]);
console.log(result, m, n);
try { const { z } = null; } catch (e) { console.log(e instanceof TypeError); }
