const o = Object.create(null);
o.x = 1;
console.log(o);
const g = { get full() { return "computed"; }, set full(v) {} };
console.log(g);
const frozen = Object.freeze({ k: [1] });
console.log(frozen, Object.isFrozen(frozen));
