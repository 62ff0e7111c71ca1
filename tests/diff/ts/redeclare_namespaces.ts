// Names TypeScript declares again on purpose (two namespaces each with its
// own x, declaration merging of enums, an interface with a class, overloads)
// are no redeclaration.
namespace A { export const x = 1; let y = 2; }
namespace B { export const x = 3; let y = 4; }
class P { constructor(private a: number) {} get(): number { return this.a; } }
function over(a: string): string;
function over(a: number): number;
function over(a: any): any { return a; }
enum E { One } enum E { Two = 2 }
interface P2 { a: number } class P2 { a = 5 }
console.log(A.x, B.x, new P(3).get(), over(4), E.Two, new P2().a);
