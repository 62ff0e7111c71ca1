class Stack<T> {
  private items: T[] = [];
  push(...xs: T[]): void { this.items.push(...xs); }
  pop(): T | undefined { return this.items.pop(); }
  peek(): T | undefined { return this.items[this.items.length - 1]; }
  get size(): number { return this.items.length; }
}
const s = new Stack<number>();
s.push(1, 2, 3);
console.log(s.pop(), s.peek(), s.size);
