function f(a, b = a * 2, c = b + 1) { return [a, b, c].join(' '); }
console.log(f(1));
console.log(f(1, 5));
console.log(f(1, undefined, 0));
