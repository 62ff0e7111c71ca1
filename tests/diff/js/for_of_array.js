let total = 0;
for (const n of [10, 20, 30]) total += n;
console.log(total);
for (const ch of 'abc') console.log(ch);
