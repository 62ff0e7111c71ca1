class Point {
  constructor(x, y) { this.x = x; this.y = y; }
  norm() { return Math.hypot(this.x, this.y); }
}
class Point3 extends Point {
  constructor(x, y, z) { super(x, y); this.z = z; }
}
const p = new Point(3, 4);
console.log(p);
console.log(new Point3(1, 2, 3));
console.log([p, p.norm()]);
console.log(String(p));
