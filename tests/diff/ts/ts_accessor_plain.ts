// `accessor` fields without decorators: a getter and setter over a private
// slot, so the instance has no own enumerable property (the subset
// lowering once read `accessor n = 1` as a plain field: Object.keys gave 1).
class Counter {
  accessor count = 1;
  static accessor total = 2;
  accessor label: string = 'c';
}
const c = new Counter();
c.count += 40;
console.log(c.count + Counter.total, Object.keys(c).length, c.label, JSON.stringify(c));
console.log(Object.getOwnPropertyNames(Counter.prototype).sort());
