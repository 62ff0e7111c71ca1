class Vector {
  constructor(...c) { this.c = c; }
  *[Symbol.iterator]() { yield* this.c; }
  get [Symbol.toStringTag]() { return "Vector"; }
  [Symbol.toPrimitive](hint) { return hint === "number" ? Math.hypot(...this.c) : `Vector(${this.c.join(", ")})`; }
  add(o) { return new Vector(...this.c.map((x, i) => x + o.c[i])); }
}
const v = new Vector(3, 4);
console.log(`${v}`, +v, [...v]);
console.log(Object.prototype.toString.call(v));
console.log(String(v.add(new Vector(1, 1))));
console.log(Math.max(...v));
