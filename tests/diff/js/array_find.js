const users = [{ id: 1, n: 'a' }, { id: 2, n: 'b' }, { id: 3, n: 'c' }];
console.log(users.find(u => u.id === 2).n, users.findIndex(u => u.n === 'c'), users.find(u => u.id > 5));
console.log([1, 2, 3, 4].findLast(x => x % 2 === 1), [1, 2, 3].findLastIndex(x => x > 10));
