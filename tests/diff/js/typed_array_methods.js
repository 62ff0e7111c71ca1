// Typed arrays' ES2015+ methods and iteration.
const u = new Uint8Array(4).fill(7);
console.log(u, u.length, u.includes(7), u.indexOf(7), u.lastIndexOf(7), u.join('-'));
const f = new Float64Array([3, NaN, -0, 0, -1, 2.5]);
console.log(f.sort(), f.includes(NaN), f.indexOf(NaN));
const i = Int16Array.from([5, -3, 9, 1], x => x * 2);
console.log(i, i.map(x => x + 1), i.filter(x => x > 0), i.reduce((a, b) => a + b), i.reduceRight((a, b) => a + '|' + b, ''));
console.log(i.some(x => x < 0), i.every(x => x < 100), i.find(x => x > 5), i.findIndex(x => x > 5), i.findLast(x => x > 5), i.findLastIndex(x => x < -100));
console.log(Uint8Array.of(1, 2, 300), new Uint8Array([1, 2, 3, 4, 5]).slice(1, -1), new Uint8Array([1, 2, 3, 4, 5]).copyWithin(0, 3));
console.log(new Int32Array([1, 2, 3]).reverse(), new Int32Array([1, 2, 3]).at(-1), new Uint8ClampedArray([300, -5, 1.5]));
console.log(new Uint16Array([30, 4, 200]).sort((a, b) => b - a), new Uint16Array([30, 4, 200]).sort());
for (const x of new Uint8Array([9, 8])) console.log('of', x);
console.log([...new Int8Array([-1, 2])], [...new Uint8Array([4, 5]).entries()], Array.from(new Uint8Array([6]).keys()));
console.log(String(new Uint8Array([1, 2])), new Float32Array([0.1]).toString());
let sum = 0;
new Uint32Array([1, 2, 3]).forEach((v, k) => { sum += v * k; });
console.log(sum);
try {
  new Uint8Array(1).reduce((a, b) => a);
  new Uint8Array(0).reduce((a, b) => a);
} catch (e) {
  console.log(e.name, e.message);
}
console.log(Uint8Array.prototype.fill.name, Uint8Array.prototype.fill.length, Object.keys(Uint8Array.prototype));
