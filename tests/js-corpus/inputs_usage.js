const { a = 2, b = 40 } = typeof inputs === 'object' ? inputs : {};
console.log(`sum=${a + b}`);
