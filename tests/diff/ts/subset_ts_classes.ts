// TypeScript's class syntax through the subset lowering (subset_ts.js):
// parameter properties, modifiers, abstract and declared members, overloads.
interface Named { readonly name: string; greet?(): string }
abstract class Base implements Named {
  static count: number = 0;
  protected tag = 'base';
  declare extra: number;
  [key: string]: unknown;
  constructor(public readonly name: string, private weight?: number) { Base.count++; }
  abstract kind(): string;
  describe(this: Base, prefix: string = '-'): string { return `${prefix} ${this.kind()} ${this.name} ${this.weight ?? '?'} ${this.tag}`; }
}
class Leaf<T extends object = {}> extends Base {
  private items: T[] = [];
  public total!: number;
  override tag = 'leaf';
  constructor(name: string, protected readonly depth: number = 1, ...rest: string[]) {
    super(name.toUpperCase());
    this.total = rest.length;
  }
  kind(): string { return 'leaf'; }
  add(item: T): this { this.items.push(item); return this; }
  get size(): number { return this.items.length; }
  find?(x: number): T | undefined;
}
const leaf = new Leaf<{ id: number }>('a', 2, 'x', 'y').add({ id: 1 }).add({ id: 2 });
console.log(leaf, leaf.size, Base.count);
console.log(leaf.describe(), leaf.describe('>'));
console.log(Object.keys(leaf), 'find' in leaf, 'extra' in leaf);
class Point { constructor(public x = 0, public y = 0) {} }
console.log(new Point(), new Point(3), JSON.stringify(new Point(1, 2)));
class Counter {
  count = 10;
  constructor(private step: number) {}
  next(): number { return (this.count += this.step); }
}
const c = new Counter(5);
console.log(c.next(), c.next(), c);
// `implements` found after the class's name and base, not in a name or a comment
interface implementsX { a: number }
class implementsFoo /* implements */ implements implementsX { a = 1 }
abstract /* class */ class Shape2 { abstract area(): number; twice(): number { return 2 * this.area(); } }
class Sq extends Shape2 implements implementsX { a = 3; area() { return 4; } }
console.log(new implementsFoo().a, new Sq().twice(), new Sq().a);
