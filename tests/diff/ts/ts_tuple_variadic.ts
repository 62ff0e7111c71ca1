type Head<T extends unknown[]> = T extends [infer H, ...unknown[]] ? H : never;
function concat<A extends unknown[], B extends unknown[]>(a: [...A], b: [...B]): [...A, ...B] { return [...a, ...b]; }
const c = concat([1, "a"], [true, null]);
console.log(c, c.length);
function zip<A, B>(as: A[], bs: B[]): [A, B][] { return as.slice(0, Math.min(as.length, bs.length)).map((a, i) => [a, bs[i]]); }
console.log(zip(["x", "y", "z"], [1, 2]));
const point: [x: number, y: number, label?: string] = [3, 4];
const h: Head<typeof point> = point[0];
console.log(point, h);
