const pair: readonly [string, number] = ['age', 30];
const [k, v] = pair;
type Point3 = [x: number, y: number, z?: number];
const p: Point3 = [1, 2];
console.log(k, v, p.length);
