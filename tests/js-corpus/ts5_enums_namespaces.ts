// Enums and namespaces: what TypeScript emits code for.
enum Direction { Up = 1, Down, Left, Right }
enum Level { Low = 'low', High = 'HIGH' }
const enum Flags { None = 0, Read = 1 << 0, Write = 1 << 1, All = Read | Write }
enum Computed { A = 'abc'.length, B = A * 2 }

console.log(Direction.Down, Direction[3], Level.High, Flags.All, Computed.A, Computed.B);
console.log(Object.keys(Direction).join(','));

enum Direction { Center = 10 }
console.log(Direction.Center, Direction[10]);

function isWritable(f: Flags) { return (f & Flags.Write) !== 0; }
console.log(isWritable(Flags.All), isWritable(Flags.Read));

namespace Geometry {
  export const origin = { x: 0, y: 0 };
  export function dist(a: Point, b: Point) { return Math.hypot(a.x - b.x, a.y - b.y); }
  export interface Point { x: number; y: number }
  export namespace Shapes {
    export class Square {
      constructor(public side: number) {}
      area() { return this.side ** 2; }
    }
  }
}
namespace Geometry {
  export const unit: Point = { x: 1, y: 0 };
}
namespace A.B.C { export const deep = 'abc'; }

console.log(Geometry.dist(Geometry.origin, { x: 3, y: 4 }), new Geometry.Shapes.Square(3).area());
console.log(Geometry.unit.x, A.B.C.deep);

function greet(name: string) { return `hi ${name}`; }
namespace greet { export const punctuation = '!'; }
console.log(greet('ts') + greet.punctuation);

enum Status { Active = 'ACTIVE', Disabled = 'DISABLED' }
namespace Status {
  export function parse(s: string): Status | undefined {
    return (Object.values(Status) as string[]).includes(s) ? s as Status : undefined;
  }
}
console.log(Status.parse('ACTIVE'), Status.parse('nope'));
