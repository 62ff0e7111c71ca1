function Counter() {
  this.count = 0;
  const inc = () => { this.count++; };
  [1, 2, 3].forEach(() => inc());
}
const c = new Counter();
console.log('count', c.count);
