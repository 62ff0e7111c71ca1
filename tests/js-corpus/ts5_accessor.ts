// TS 4.9 auto-accessors: `accessor` makes a getter/setter pair over a
// private backing field.
class Counter {
  accessor count = 0;
  static accessor instances = 0;
  accessor label: string;

  constructor(label: string) {
    this.label = label;
    Counter.instances++;
  }

  increment(by = 1) {
    this.count += by;
    return this;
  }
}

const a = new Counter('a').increment().increment(5);
const b = new Counter('b');
b.count = 41;
b.count++;
console.log(a.label, a.count, b.label, b.count, Counter.instances);

const desc = Object.getOwnPropertyDescriptor(Counter.prototype, 'count');
console.log(typeof desc?.get, typeof desc?.set, Object.keys(a).length);

class Temperature {
  #celsius = 0;
  accessor unit: 'C' | 'F' = 'C';
  get value() { return this.unit === 'C' ? this.#celsius : this.#celsius * 9 / 5 + 32; }
  set value(v: number) { this.#celsius = this.unit === 'C' ? v : (v - 32) * 5 / 9; }
}
const t = new Temperature();
t.value = 100;
t.unit = 'F';
console.log(t.value, t.unit);
