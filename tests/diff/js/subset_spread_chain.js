// Spread, optional chains and the logical assignments: each operand once.
let evals = 0;
const get = v => { evals++; return v; };
console.log(Math.max(...[3, 9, 2]), [...'héllo'], [...new Set([1, 1, 2])], [0, ...new Map([[1, 2]]).keys(), 9]);
const o = { list: [1, 2], add(...xs) { this.list.push(...xs); return this.list.length; } };
console.log(get(o).add(...[3, 4]), evals, o.list);
class Point { constructor(x, y) { this.x = x; this.y = y; } }
const pt = new Point(...[1, 2]);
console.log(pt.x + pt.y, pt instanceof Point);
const withGetter = { get g() { return 'got'; }, plain: 1 };
const copy = { ...withGetter, extra: true, ...null, ...'ab' };
console.log(copy, Object.getOwnPropertyDescriptor(copy, 'g').value);
const sym = Symbol('s');
console.log({ ...{ [sym]: 1, k: 2 } });
const deep = { a: { b: { c: () => 'called' } }, n: null };
evals = 0;
console.log(deep?.a?.b.c(), deep.n?.x.y.z, deep.missing?.(), get(deep).a?.['b']?.c?.(), evals);
const holder = { fn() { return this === holder; } };
console.log(holder.fn?.(), holder?.fn(), (holder.nope ?? 'dflt'), 0 ?? 1, '' ?? 'x', null ?? undefined ?? 'last');
const counts = {};
evals = 0;
for (const w of ['a', 'b', 'a']) { get(counts)[get(w)] ??= 0; counts[w]++; }
console.log(counts, evals);
let u; u ||= 'set'; let v = 'keep'; v ||= 'no'; let w2 = 1; w2 &&= 2;
console.log(u, v, w2, 2 ** 10, (-2) ** 3, 2 ** 3 ** 2);
let e = 3; e **= 2; const box = { p: 2 }; box.p **= 3;
console.log(e, box.p, 1_000_000, 0b1010, 0o17, 0xff);
