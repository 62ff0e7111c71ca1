function first<T>(xs: T[]): T | undefined { return xs[0]; }
class Box<T> { constructor(public value: T) {} map<U>(f: (v: T) => U): Box<U> { return new Box(f(this.value)); } }
console.log(first([3, 4]), first<string>([]), new Box(5).map(x => x * 2).map(String).value);
