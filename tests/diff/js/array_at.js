const a = [10, 20, 30];
console.log(a.at(0), a.at(-1), 'hello'.at(-1));
