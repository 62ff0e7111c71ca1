type Shape =
  | { kind: "circle"; radius: number }
  | { kind: "rect"; w: number; h: number }
  | { kind: "triangle"; base: number; height: number };
function area(s: Shape): number {
  switch (s.kind) {
    case "circle": return Math.PI * s.radius ** 2;
    case "rect": return s.w * s.h;
    case "triangle": return 0.5 * s.base * s.height;
    default: { const never: never = s; throw new Error(`unknown ${never}`); }
  }
}
const shapes: Shape[] = [{ kind: "circle", radius: 2 }, { kind: "rect", w: 3, h: 4 }, { kind: "triangle", base: 6, height: 2 }];
for (const s of shapes) console.log(s.kind.padEnd(9), area(s).toFixed(3));
console.log(shapes.reduce((t, s) => t + area(s), 0));
