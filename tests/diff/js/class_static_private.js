class IdGenerator {
  static #next = 1;
  static prefix = "ID";
  static create() { return `${this.prefix}-${String(IdGenerator.#next++).padStart(4, "0")}`; }
  static get issued() { return IdGenerator.#next - 1; }
}
class OrderId extends IdGenerator { static prefix = "ORD"; }
console.log(IdGenerator.create(), IdGenerator.create(), OrderId.create());
console.log(IdGenerator.issued);
class Temperature {
  #c;
  constructor(c) { this.#c = c; }
  get fahrenheit() { return this.#c * 9 / 5 + 32; }
  set fahrenheit(f) { this.#c = (f - 32) * 5 / 9; }
  #round(v) { return Math.round(v * 10) / 10; }
  toString() { return `${this.#round(this.#c)}°C`; }
  static isTemp(x) { return #c in x; }
}
const t = new Temperature(21.5);
console.log(t.fahrenheit, `${t}`);
t.fahrenheit = 100;
console.log(`${t}`, Temperature.isTemp(t), Temperature.isTemp({}));
console.log(t);
