class Range {
  constructor(a, b) { this.a = a; this.b = b; }
  [Symbol.iterator]() {
    let cur = this.a; const end = this.b;
    return { next: () => cur <= end ? { value: cur++, done: false } : { value: undefined, done: true } };
  }
}
console.log([...new Range(3, 7)].join(' '));
for (const x of new Range(1, 2)) console.log(x);
