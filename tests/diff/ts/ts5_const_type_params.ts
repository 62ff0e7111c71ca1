function tuple<const T extends readonly unknown[]>(...xs: T): T { return xs; }
const t = tuple("a", 1, true);
console.log(t, t.length);
function names<const T extends { name: string }[]>(items: T) { return items.map(i => i.name); }
console.log(names([{ name: "x" }, { name: "y" }]));
function first<const T>(arr: readonly T[]): T | undefined { return arr[0]; }
console.log(first(["only"] as const));
