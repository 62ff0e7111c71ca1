const wm = new WeakMap();
const k1 = {}, k2 = {};
wm.set(k1, 'one');
console.log(wm.get(k1), wm.has(k2), wm.has(k1));
wm.delete(k1);
console.log(wm.has(k1));
