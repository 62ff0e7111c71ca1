let x = 3;
x **= 2;
console.log(2 ** 8, x, (-2) ** 3);
