class Matrix {
  constructor(rows) { this.rows = rows; }
  static identity(n) { return new Matrix(Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => +(i === j)))); }
  mul(o) { return new Matrix(this.rows.map(r => o.rows[0].map((_, j) => r.reduce((s, v, k) => s + v * o.rows[k][j], 0)))); }
  transpose() { return new Matrix(this.rows[0].map((_, j) => this.rows.map(r => r[j]))); }
  toString() { return this.rows.map(r => r.map(v => String(v).padStart(4)).join("")).join("\n"); }
}
const a = new Matrix([[1, 2], [3, 4], [5, 6]]);
console.log(String(a.mul(a.transpose())));
console.log(`${Matrix.identity(3)}`);
console.log(a.transpose().rows);
