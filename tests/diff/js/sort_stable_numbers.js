const nums = [10, 1, 5, 100, 25];
console.log([...nums].sort().join(','), [...nums].sort((a, b) => a - b).join(','));
