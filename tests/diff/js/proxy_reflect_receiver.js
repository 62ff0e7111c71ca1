// Reflect.get/set with a receiver other than the target, as Proxy traps forward
const base = { _n: 2, get double() { return this._n * 2; }, set n(v) { this._n = v; } };
const other = { _n: 10 };
console.log(Reflect.get(base, "double", other), Reflect.get(base, "_n", other), Reflect.get(base, "nope", other));
console.log(Reflect.set(base, "n", 7, other), other._n, base._n);
const recv = {};
console.log(Reflect.set(base, "plain", 1, recv), recv, Object.keys(base));
const frozen = Object.freeze({ x: 1 });
console.log(Reflect.set({ x: 0 }, "x", 5, frozen), frozen.x, Reflect.set(Object.defineProperty({}, "y", { value: 1 }), "y", 2, {}));
const child = Object.create(base);
console.log(Reflect.get(child, "double", { _n: 100 }));
const seen = [];
const p = new Proxy({ a: 1, get twice() { return this.a * 2; } }, {
  get(t, k, r) { seen.push("get " + String(k)); return Reflect.get(t, k, r); },
  set(t, k, v, r) { seen.push("set " + String(k)); return Reflect.set(t, k, v, r); },
});
p.a = 5;
p.b = 6;
console.log(p.twice, p.a, p.b, seen);
try { Proxy({}, {}); } catch (e) { console.log(e.name, e.message); }
console.log(typeof Proxy, Proxy.name, new Proxy([1, 2], {}).length);
