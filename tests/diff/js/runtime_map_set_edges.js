// Map/Set iteration while mutating, SameValueZero keys, odd keys (symbols,
// frozen objects), iterator objects, subclassing (issue #4 hand-written runtime).
const m = new Map([[1, 'a'], [2, 'b'], [3, 'c']]);
const seen = [];
for (const [k, v] of m) {
  seen.push(k + v);
  if (k === 1) { m.delete(2); m.set(4, 'd'); }
  if (k === 3) m.delete(3);
}
console.log(seen.join(','), m.size, [...m.keys()].join(','));
const z = new Map([[-0, 'zero'], [NaN, 'nan']]);
console.log(z.get(0), z.get(+0), z.get(NaN), Object.is([...z.keys()][0], -0));
const sym = Symbol('s'), frozen = Object.freeze({ f: 1 });
const odd = new Map([[sym, 1], [frozen, 2], ['1', 3], [1, 4], [true, 5], [null, 6], [undefined, 7]]);
console.log(odd.get(sym), odd.get(frozen), odd.get('1'), odd.get(1), odd.get(true), odd.get(null), odd.get(undefined), odd.size);
odd.delete(sym); odd.delete(frozen);
console.log(odd.has(sym), odd.has(frozen), odd.size);
const s = new Set('hello');
console.log([...s].join(''), s.has('l'), [...s.entries()][0]);
const it = s.values();
s.clear(); s.add('x');
console.log(it.next(), it.next());
class Counter extends Map {
  inc(k) { this.set(k, (this.get(k) || 0) + 1); return this; }
}
const c = new Counter().inc('a').inc('a').inc('b');
console.log(c instanceof Map, c.get('a'), c.size, Object.prototype.toString.call(c));
const wm = new WeakMap(), ws = new WeakSet(), key = {};
wm.set(key, 1).set(frozen, 2); ws.add(key);
console.log(wm.get(key), wm.get(frozen), wm.has({}), ws.has(key), ws.has(frozen), wm.get(1));
try { wm.set(1, 2); } catch (e) { console.log(e instanceof TypeError); }
try { Map.prototype.get.call({}, 1); } catch (e) { console.log(e instanceof TypeError); }
const order = [];
new Map([['a', 1], ['b', 2]]).forEach(function (v, k, map) { order.push(k + v + (map instanceof Map)); });
console.log(order, Object.keys(m), JSON.stringify(m));
console.log([...'a\ud83d\ude00b'].length, Array.from(new Set([3, 1, 3])), Object.fromEntries(new Map([['x', 1]])));
console.log(Object.entries({ a: 1, b: [2] }), Object.values('ab'));
const ai = [7, 8].entries();
console.log(ai.next().value, ai.next().value, ai.next().done, typeof ai[Symbol.iterator]);
