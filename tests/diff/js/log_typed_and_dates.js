const d = new Date(Date.UTC(2024, 1, 29, 12, 30, 0));
console.log(d);
console.log([d]);
console.log({ when: d });
console.log(d.toISOString());
console.log(new Uint8Array([1, 2, 3]));
console.log(/ab+c/gi, [/x/]);
