function greet({ name, greeting = 'Hello' }) { return `${greeting}, ${name}`; }
console.log(greet({ name: 'Bo' }));
const dist = ([x1, y1], [x2, y2]) => Math.hypot(x2 - x1, y2 - y1);
console.log(dist([0, 0], [3, 4]));
