namespace Geometry {
  export interface Point { x: number; y: number }
  export const origin: Point = { x: 0, y: 0 };
  export function dist(a: Point, b: Point = origin): number { return Math.hypot(a.x - b.x, a.y - b.y); }
  export namespace Format { export const pt = (p: Point) => `(${p.x}, ${p.y})`; }
}
function fmt(x: number): string;
function fmt(x: string): string;
function fmt(x: number[]): string;
function fmt(x: number | string | number[]): string {
  if (Array.isArray(x)) return x.map(n => fmt(n)).join(",");
  return typeof x === "number" ? x.toFixed(1) : x.toUpperCase();
}
console.log(Geometry.dist({ x: 3, y: 4 }), Geometry.Format.pt(Geometry.origin));
console.log(fmt(2), fmt("hi"), fmt([1, 2.25]));
