class Countdown {
  constructor(from) { this.from = from; }
  [Symbol.iterator]() {
    let n = this.from;
    return { next: () => (n >= 0 ? { value: n--, done: false } : { value: undefined, done: true }), [Symbol.iterator]() { return this; } };
  }
}
console.log([...new Countdown(5)]);
const [a, b, ...rest] = new Countdown(4);
console.log(a, b, rest);
console.log(Array.from(new Countdown(3), x => x * x));
const entries = Object.entries({ x: 1, y: 2 })[Symbol.iterator]();
console.log(entries.next(), [...entries]);
console.log(new Map([[1, 2]]).entries().next(), new Set(["s"]).values().next());
