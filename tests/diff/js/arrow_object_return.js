const pairs = ['a', 'b', 'c'].map((k, i) => ({ key: k, index: i }));
console.log(JSON.stringify(pairs));
