// An array of preset length filled out of order: holes stay holes until
// written, and the result is the same array as a forward fill.
const n = 200000;
const back = new Array(n);
for (let i = n - 1; i >= 0; i--) back[i] = i * 2;
const fwd = [];
for (let i = 0; i < n; i++) fwd.push(i * 2);
console.log(back.length, back[0], back[n - 1], back.every((v, i) => v === fwd[i]));
const sparse = new Array(10);
sparse[9] = 'last';
sparse[3] = 'mid';
console.log(sparse, 0 in sparse, 3 in sparse, Object.keys(sparse), sparse.length);
sparse.length = 5;
console.log(sparse, sparse.indexOf('mid'));
const grid = new Array(5);
for (let r = 4; r >= 0; r--) grid[r] = new Array(3).fill(r);
console.log(JSON.stringify(grid));
