// sbx run examples/shapes.ts
// TypeScript is lowered to ES5 inside the sandbox; types are not checked.
interface Shape {
  name: string;
  area(): number;
}

class Circle implements Shape {
  readonly name = "circle";
  constructor(private radius: number) {}
  area(): number {
    return Math.PI * this.radius ** 2;
  }
}

class Rect implements Shape {
  readonly name = "rect";
  constructor(private w: number, private h: number) {}
  area(): number {
    return this.w * this.h;
  }
}

const shapes: Shape[] = [new Circle(1), new Rect(2, 3)];
const total = shapes.reduce((sum, s) => sum + s.area(), 0);
for (const s of shapes) console.log(`${s.name}: ${s.area().toFixed(2)}`);
return { count: shapes.length, total: Math.round(total * 100) / 100 };
