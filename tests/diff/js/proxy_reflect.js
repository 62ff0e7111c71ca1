const target = { name: "widget", price: 10 };
const log = [];
const p = new Proxy(target, {
  get(t, k, r) { log.push(`get ${String(k)}`); return Reflect.get(t, k, r); },
  set(t, k, v) { if (k === "price" && v < 0) throw new RangeError("negative price"); log.push(`set ${k}=${v}`); return Reflect.set(t, k, v); },
  has(t, k) { return k.startsWith("_") ? false : k in t; },
});
p.price = 12;
console.log(p.name, p.price, "name" in p, "_x" in p);
try { p.price = -1; } catch (e) { console.log(e.name, e.message); }
console.log(log);
console.log(Reflect.ownKeys({ a: 1, [Symbol("s")]: 2 }), Reflect.has({ x: 1 }, "x"));
