// Closures made in a loop see that iteration's bindings; break, continue
// and return still reach the loop and its function.
const fns = [];
for (let i = 0; i < 3; i++) fns.push(() => i);
for (const name of ['a', 'b']) fns.push(() => name);
for (const k in { x: 1, y: 2 }) fns.push(() => k);
let n = 0;
while (n < 2) { const copy = n; fns.push(() => copy * 10); n++; }
do { const once = 'do'; fns.push(() => once); } while (false);
console.log(fns.map(f => f()).join(' '));
function find(items, id) {
  for (const item of items) {
    const matches = items.filter(o => o.id === item.id);
    if (item.id === id) return `found ${item.id} (${matches.length})`;
    if (item.skip) continue;
    if (item.stop) break;
  }
  return 'none';
}
console.log(find([{ id: 1 }, { id: 2, skip: true }, { id: 3 }], 3), find([{ id: 1, stop: true }, { id: 2 }], 2));
const grid = [];
outer: for (let r = 0; r < 3; r++) {
  for (let c = 0; c < 3; c++) {
    if (c > r) continue outer;
    grid.push(() => `${r}${c}`);
  }
}
console.log(grid.map(g => g()).join(','));
const obj = {
  tag: 'T',
  run() { const out = []; for (const v of [1, 2]) out.push(() => `${this.tag}${v}${arguments.length}`); return out.map(f => f()); },
};
console.log(obj.run('extra'));
const timers = [];
for (let i = 0; i < 3; i++) { setTimeout(() => timers.push(i), 0); }
setTimeout(() => console.log('timers', timers.join('')), 1);
let total = 0;
for (const [k, v] of new Map([['p', 1], ['q', 2]])) { const add = () => { total += v; return k; }; add(); }
console.log(total);
function sw(list) {
  const out = [];
  for (const x of list) {
    switch (x) { case 1: out.push(() => 'one'); break; default: out.push(() => 'other' + x); }
  }
  return out.map(f => f()).join('/');
}
console.log(sw([1, 2]));
