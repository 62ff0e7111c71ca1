// Generators on the subset lowering (coroutines): iteration, values sent
// in, yield in expressions, yield*, methods, iterables, how they print.
function* counter(limit) {
  for (let i = 1; i <= limit; i++) yield i;
  return 'done';
}
const c = counter(2);
console.log(c.next(), c.next(), c.next(), c.next());

function* talk() {
  const name = yield 'name?';
  const age = yield `hello ${name}, age?`;
  return { name, age };
}
const t = talk();
console.log(t.next('ignored').value, t.next('Ada').value, t.next(36));

// yield as an expression, wherever one may stand
function* spots() {
  const sum = 1 + (yield 'a');
  const arr = [yield 'b', yield 'c'];
  const obj = { k: yield 'd', [yield 'e']: 2 };
  const tpl = `<${yield 'f'}>`;
  const pick = (yield 'g') ? yield 'h' : yield 'i';
  const twice = yield yield 'j';
  const last = yield ('s1', 's2');
  console.log(sum, arr, obj, tpl, pick, twice, last);
  show(yield 'k', ...(yield 'l'));
  return yield;
}
function show(...args) { console.log('show', args); }
const s = spots();
let r = s.next(), n = 0;
while (!r.done) { process.stdout.write(String(r.value) + ' '); r = s.next(r.value === 'l' ? [7, 8] : n++); }
console.log('->', r);

// infinite sequences, taken lazily
function* naturals() { let i = 0; while (true) yield i++; }
function* take(it, k) { if (k <= 0) return; for (const v of it) { yield v; if (--k === 0) return; } }
function* map(it, f) { for (const v of it) yield f(v); }
function* fib() { let [a, b] = [0, 1]; while (true) { yield a; [a, b] = [b, a + b]; } }
console.log([...take(map(naturals(), x => x * x), 5)], Array.from(take(fib(), 10)));
const [zero, one, , three] = naturals();
console.log(zero, one, three, Math.max(...take(fib(), 8)), new Set(take(naturals(), 3)).size);

// yield*: its value is the inner generator's return value
function* inner() { yield 'i1'; yield 'i2'; return 'inner result'; }
function* outer() { const r = yield* inner(); yield r; yield* ['x', 'y']; yield* 'ok'; }
console.log([...outer()]);
function* flatten(a) { for (const v of a) Array.isArray(v) ? yield* flatten(v) : yield v; }
console.log([...flatten([1, [2, [3, [4]], 5]])]);

// methods: classes (static, super, computed), object literals
class Tree {
  constructor(value, left = null, right = null) { Object.assign(this, { value, left, right }); }
  *[Symbol.iterator]() {
    if (this.left) yield* this.left;
    yield this.value;
    if (this.right) yield* this.right;
  }
  static *of(...values) { yield* values; }
}
const tree = new Tree(2, new Tree(1), new Tree(4, new Tree(3)));
console.log([...tree], Array.from(Tree.of('p', 'q')));
for (const v of tree) process.stdout.write(v + ';');
console.log();
class Base { *items() { yield 'base'; } }
class Derived extends Base { *items() { yield 'derived'; yield* super.items(); } }
console.log([...new Derived().items()], Derived.prototype.items.name);
const bag = {
  list: [3, 1, 2],
  *sorted() { yield* [...this.list].sort(); },
  *[Symbol.iterator]() { yield* this.list; },
  each: function* () { for (const v of this.list) yield v * 10; },
};
console.log([...bag.sorted()], [...bag], [...bag.each()], bag.sorted.name, bag.each.name);

// this, arguments and arrows inside; parameters with defaults and patterns
const holder = {
  base: 10,
  *vals(a) { yield this.base + a; yield arguments.length; const f = () => [this.base, arguments[1]]; yield f(); },
};
console.log([...holder.vals(1, 2, 3)]);
function* params({ a, b = 2 }, [c] = [3], ...rest) { yield a + b + c; yield rest; }
console.log([...params({ a: 1 })], [...params({ a: 1, b: 1 }, [1], 9, 8)], params.length);
function boom() { throw new Error('bad default'); }
function* eager(x = boom()) { console.log('never'); yield x; }
try { eager(); } catch (e) { console.log('thrown by the call:', e.message); }
function* lazy(x) { console.log('body starts', x); yield x; }
const lz = lazy(5);
console.log('made'); console.log(lz.next());

// loops whose bindings closures capture, labels
function* closures() {
  const fns = [];
  for (let i = 0; i < 3; i++) { fns.push(() => i); yield i; }
  outer: for (const x of ['a', 'b', 'c']) {
    for (const y of [1, 2]) { if (x === 'b') continue outer; if (x === 'c') break outer; fns.push(() => x + y); yield x + y; }
  }
  return fns.map(f => f()).join(',');
}
const cl = closures(); let cr;
while (!(cr = cl.next()).done) process.stdout.write(cr.value + ' ');
console.log('|', cr.value);

// what they are, and how they print
const anon = function* () {};
const named = function* inner2() {};
console.log(typeof counter, Object.prototype.toString.call(counter), counter.constructor.name, counter.name, anon.name, named.name);
console.log(Object.prototype.toString.call(c), String(c), c[Symbol.iterator]() === c, Object.keys(c), JSON.stringify(c));
console.log(c, counter, anon, [t], { gen: c }, counter.prototype);
console.log(Object.getPrototypeOf(c) === counter.prototype, c instanceof counter, Object.getOwnPropertyNames(counter.prototype));
const GP = Object.getPrototypeOf(counter.prototype);
console.log(GP === Object.getPrototypeOf(anon.prototype), Object.getOwnPropertyNames(GP), GP.next.name, GP.return.name, GP.throw.name);
console.log(Object.getPrototypeOf(counter) === Object.getPrototypeOf(anon), Object.getPrototypeOf(counter).prototype === GP, GP.constructor === Object.getPrototypeOf(anon));
try { GP.next.call({}); } catch (e) { console.log(e.constructor.name, e.message); }
