function* counter(n) {
  for (let i = 1; i <= n; i++) yield i;
}
console.log([...counter(5)].join(' '));
const g = counter(2);
console.log(JSON.stringify([g.next(), g.next(), g.next()]));
