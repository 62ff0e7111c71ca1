const arr = ['a', 'b', 'c'];
for (const [i, v] of arr.entries()) console.log(i, v);
