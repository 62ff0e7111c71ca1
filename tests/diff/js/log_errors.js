const e = new Error("something broke");
console.log(e.message);
console.log(String(e));
console.log(`${e.name}: ${e.message}`);
const t = new TypeError("bad type");
console.log(t instanceof Error, t.name);
try { null.x; } catch (err) { console.log(err.constructor.name, err instanceof TypeError); }
