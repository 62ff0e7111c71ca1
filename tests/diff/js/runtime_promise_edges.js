// Promise job order with thenables, finally, combinators and await
// (issue #4 hand-written runtime): node's exact order.
const log = [];
const thenable = { then(res) { log.push('then called'); res('T'); } };
Promise.resolve(thenable).then(v => log.push('thenable ' + v));
Promise.resolve(1).then(v => log.push('a' + v)).then(() => log.push('a2')).then(() => log.push('a3'));
Promise.resolve(2).then(v => log.push('b' + v)).then(() => log.push('b2'));
new Promise(r => r(Promise.resolve('nested'))).then(v => log.push(v));
Promise.reject(new Error('boom')).catch(e => log.push('caught ' + e.message)).finally(() => log.push('finally'));
(async () => {
  log.push('async start');
  await null;
  log.push('after await 1');
  await Promise.resolve();
  log.push('after await 2');
})();
queueMicrotask(() => log.push('qm'));
log.push('sync end');
setTimeout(async () => {
  console.log(log.join('\n'));
  const all = await Promise.allSettled([1, Promise.reject(new Error('x')), new Promise(r => setTimeout(() => r('late'), 5))]);
  console.log(all.map(r => r.status + ':' + (r.value || r.reason.message)).join(' '));
  try { await Promise.any([Promise.reject(1), Promise.reject(2)]); } catch (e) { console.log(e.constructor.name, e.errors, e instanceof Error, e.message); }
  console.log(await Promise.race([new Promise(r => setTimeout(() => r('slow'), 20)), new Promise(r => setTimeout(() => r('fast'), 1))]));
  console.log(await Promise.all([]), await Promise.all(new Set([1, Promise.resolve(2)])));
  const p = Promise.resolve(5);
  console.log(Promise.resolve(p) === p, Object.prototype.toString.call(p), typeof Promise.prototype.finally);
  try { new Promise(5); } catch (e) { console.log(e instanceof TypeError); }
  const self = new Promise(r => setTimeout(() => r(self), 0));
  self.catch(e => console.log('cycle', e instanceof TypeError));
  const order = [];
  await Promise.all([1, 2, 3].map(async (n) => { await null; order.push(n); }));
  console.log(order);
}, 0);
