class Shape {
  constructor(name) { this.name = name; }
  area() { throw new Error("not implemented"); }
  describe() { return `${this.name} with area ${this.area().toFixed(2)}`; }
}
class Circle extends Shape {
  constructor(r) { super("circle"); this.r = r; }
  area() { return Math.PI * this.r ** 2; }
}
class Rect extends Shape {
  constructor(w, h) { super("rectangle"); this.w = w; this.h = h; }
  area() { return this.w * this.h; }
}
class Square extends Rect {
  constructor(s) { super(s, s); this.name = "square"; }
}
const shapes = [new Circle(1.5), new Rect(2, 3.5), new Square(4)];
shapes.sort((a, b) => a.area() - b.area()).forEach(s => console.log(s.describe()));
console.log(shapes.map(s => s.constructor.name));
console.log(shapes[2] instanceof Shape, Object.getPrototypeOf(Square) === Rect);
