class Counter {
  count = 0;
  static instances = 0;
  constructor() { Counter.instances++; }
  inc() { this.count++; return this; }
}
const c = new Counter().inc().inc();
new Counter();
console.log(c.count, Counter.instances);
