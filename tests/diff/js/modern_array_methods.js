const xs = [5, 1, 4, 2, 3];
console.log(xs.at(-1), xs.at(0));
console.log(xs.toSorted(), xs);
console.log(xs.toReversed(), xs.with(0, 99));
console.log(xs.findLast(x => x % 2 === 0), xs.findLastIndex(x => x > 10));
console.log([1, [2, [3, [4]]]].flat(Infinity), [[1, 2], [3]].flatMap(x => x));
console.log(xs.reduce((g, x) => ((g[x % 2 ? "odd" : "even"] ??= []).push(x), g), {}));
console.log(structuredClone({ a: [1, { b: 2 }], d: new Date(0) }));
console.log(String.raw`C:\path\n${1 + 1}`);
