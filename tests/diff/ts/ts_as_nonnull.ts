const data: unknown = JSON.parse('{"items":[1,2,3]}');
const items = (data as { items: number[] }).items;
const m = new Map<string, number>([['a', 1]]);
console.log(items.length, m.get('a')! + 1);
const el = <number>(items[0]);
console.log(el);
