class Temp {
  constructor(c) { this._c = c; }
  get f() { return this._c * 9 / 5 + 32; }
  set f(v) { this._c = (v - 32) * 5 / 9; }
}
const t = new Temp(100);
console.log(t.f);
t.f = 32;
console.log(t._c);
