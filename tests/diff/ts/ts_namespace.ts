namespace Geometry {
  export const PI2 = Math.PI * 2;
  export function circumference(r: number) { return +(PI2 * r).toFixed(3); }
  export namespace Inner { export const tag = 'inner'; }
}
console.log(Geometry.circumference(1), Geometry.Inner.tag);
