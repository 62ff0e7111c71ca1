const people = [{ n: 'c', a: 30 }, { n: 'a', a: 25 }, { n: 'b', a: 30 }];
people.sort((x, y) => y.a - x.a || x.n.localeCompare(y.n));
console.log(people.map(p => `${p.n}${p.a}`).join(' '));
