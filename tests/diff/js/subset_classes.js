// Classes lowered by the subset route: members, fields, super, inspect.
class Animal {
  static count = 0;
  legs = 4;
  constructor(name) { this.name = name; Animal.count++; }
  get label() { return `${this.name} (${this.legs})`; }
  set label(v) { this.name = v; }
  speak() { return `${this.name} makes a sound`; }
  static create(n) { return new this(n); }
  toString() { return `Animal<${this.name}>`; }
}
class Dog extends Animal {
  tricks = [];
  handler = () => this.name;
  constructor(name) { super(name); this.kind = 'dog'; }
  speak() { return super.speak() + ' (woof)'; }
  static create(n) { const d = super.create(n); d.tricks.push('sit'); return d; }
  get label() { return 'dog ' + super.label; }
}
const d = Dog.create('Rex');
console.log(d.speak(), d.label, d.handler(), d.tricks, Animal.count);
console.log(d, `${d}`, String(d), Object.keys(d));
console.log(Object.keys(Animal.prototype), Object.getOwnPropertyNames(Dog.prototype));
for (const k in d) console.log('key', k);
const a = new Animal('Cat');
a.label = 'Tom';
console.log(a.label, a instanceof Animal, d instanceof Animal, Dog.count, typeof Dog);
class ValidationError extends Error {
  constructor(field) { super(`bad ${field}`); this.name = 'ValidationError'; this.field = field; }
}
try { throw new ValidationError('age'); } catch (e) {
  console.log(e instanceof ValidationError, e instanceof Error, e.name, e.message, e.field, String(e));
}
const Anon = class { hi() { return 'hi'; } };
const Named = class Inner { who() { return Inner.name; } };
console.log(Anon.name, new Anon().hi(), Named.name, new Named().who());
class Range {
  constructor(n) { this.n = n; }
  [Symbol.iterator]() { let i = 0; const n = this.n; return { next: () => ({ value: i, done: i++ >= n }) }; }
}
console.log([...new Range(3)], Array.from(new Range(2)));
class Base { constructor() { this.init(); } init() { this.base = true; } }
class Derived extends Base { field = 'f'; init() { super.init(); this.derivedInit = this.field; } }
console.log(new Derived());
