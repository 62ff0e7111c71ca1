const xs = [2, 4, 6];
console.log(xs.every(x => x % 2 === 0), xs.some(x => x > 5), xs.some(x => x > 10));
console.log(xs.indexOf(4), xs.lastIndexOf(9), xs.slice(-2).join());
