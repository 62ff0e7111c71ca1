console.log('str', 42, true, null, undefined);
console.log([1, 'two', [3]]);
console.log({ a: 1, b: 'x', c: [1, 2] });
console.error('to stderr');
