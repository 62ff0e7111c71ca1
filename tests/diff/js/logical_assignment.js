let a = 0, b = 1, c = null;
a ||= 10; b &&= 20; c ??= 30;
console.log(a, b, c);
