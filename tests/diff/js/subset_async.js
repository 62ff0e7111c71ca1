// async functions lowered onto coroutines: job order, errors, this, super.
const log = [];
async function a1() { log.push('a1 start'); await null; log.push('a1 after await'); return 'a1'; }
async function a2() { log.push('a2 start'); const v = await a1(); log.push('a2 got ' + v); return v + '+a2'; }
const thenable = { then(res) { log.push('thenable.then'); res('T'); } };
async function a3() { return await thenable; }
a2().then(v => log.push('a2 done ' + v));
a3().then(v => log.push('a3 ' + v));
Promise.resolve().then(() => log.push('p1')).then(() => log.push('p2')).then(() => log.push('p3'));
queueMicrotask(() => log.push('micro'));
log.push('sync end');
setTimeout(() => console.log(log.join('\n')), 0);

class Base { async load(id) { await null; return `base:${id}`; } }
class Child extends Base {
  constructor() { super(); this.tag = 'child'; }
  async load(id) { const b = await super.load(id); return `${this.tag}(${b})`; }
  run() { return [1, 2].map(async (n) => `${this.tag}${n}:${await this.load(n)}`); }
}
const c = new Child();
Promise.all(c.run()).then(r => console.log('methods', r));

async function errors() {
  try { await Promise.reject(new TypeError('bad')); } catch (e) { console.log('caught', e.name, e.message); }
  try { await (async () => { throw new RangeError('inner'); })(); } catch (e) { console.log('caught', e.name); }
  const results = await Promise.allSettled([Promise.reject(1), 2, (async () => 3)()]);
  console.log(JSON.stringify(results));
  const fns = [];
  for (const k of ['x', 'y']) { await null; fns.push(() => k); }
  console.log(fns.map(f => f()).join(''));
  let total = 0;
  for (let i = 0; i < 3; i++) total += await new Promise(r => setTimeout(() => r(i), 1));
  return total;
}
errors().then(t => console.log('total', t));
const obj = { n: 2, async twice() { return this.n * 2; }, named: async function () {}, arrow: async () => {} };
obj.twice().then(v => console.log('obj', v, obj.named.name, obj.arrow.name, obj.twice.name));
console.log(typeof errors, errors.constructor === Function, Object.prototype.toString.call(errors));
async function lengths({ a }, [b], c = 1, ...d) {}
console.log('length', lengths.length, (async ({ a }, b) => {}).length);
(async () => console.log('comma', await (1, Promise.resolve(2))))();
