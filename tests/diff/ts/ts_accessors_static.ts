class Temperature {
  private static count = 0;
  private _c = 0;
  constructor(c: number) { this._c = c; Temperature.count++; }
  get fahrenheit(): number { return this._c * 1.8 + 32; }
  set fahrenheit(f: number) { this._c = (f - 32) / 1.8; }
  static get created(): number { return Temperature.count; }
}
const t = new Temperature(25);
t.fahrenheit = 212;
new Temperature(0);
console.log(Math.round(t.fahrenheit), Temperature.created);
