const names = ['bob', 'Alice', 'carol', 'Dave'];
console.log([...names].sort((a, b) => a.toLowerCase() < b.toLowerCase() ? -1 : 1).join(' '));
