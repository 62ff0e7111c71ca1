// Arrows take this and arguments from where they stand.
function outer() {
  const viaArrow = () => arguments.length;
  const nested = () => () => this.tag;
  return [viaArrow(), nested()()];
}
console.log(outer.call({ tag: 'T' }, 1, 2, 3));
const obj = {
  name: 'obj',
  later() { return [1, 2].map(n => `${this.name}:${n}`); },
  sum(...nums) { return nums.reduce((a, b) => a + b, 0); },
};
console.log(obj.later(), obj.sum(1, 2, 3), obj.later.name, obj.sum.length);
const mk = (a, b = a * 2, ...rest) => [a, b, rest];
console.log(mk(1), mk(1, undefined, 3, 4), mk(1, null));
const ident = x => x;
const objRet = () => ({ ok: true });
console.log(ident.name, objRet().ok, mk.name, (() => {}).name);
const counter = { n: 0, inc() { [1, 2, 3].forEach(() => { this.n++; }); return this.n; } };
console.log(counter.inc());
function Timer() { this.ticks = 0; const tick = () => { this.ticks += 1; }; tick(); tick(); }
console.log(new Timer().ticks);
