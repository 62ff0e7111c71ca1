const tree = { v: 1, children: [{ v: 2, children: [{ v: 4, children: [] }] }, { v: 3, children: [] }] };
const sumTree = ({ v, children }) => v + children.reduce((a, c) => a + sumTree(c), 0);
const depth = t => 1 + Math.max(0, ...t.children.map(depth));
console.log(sumTree(tree), depth(tree));
