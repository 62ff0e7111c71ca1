console.dir({ a: { b: { c: { d: 1 } } } });
console.dir({ a: { b: { c: { d: 1 } } } }, { depth: null });
console.dir([1, "two"]);
console.dir("string");
