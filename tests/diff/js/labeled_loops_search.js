const grid = [
  [1, 2, 3, 4],
  [5, 6, 7, 8],
  [9, 10, 11, 12],
];
let found = null;
outer: for (let r = 0; r < grid.length; r++) {
  for (let c = 0; c < grid[r].length; c++) {
    if (grid[r][c] % 7 === 0) { found = { r, c, v: grid[r][c] }; break outer; }
    if (c > 2) continue outer;
  }
}
console.log(found);
let i = 0;
do { i += 3; } while (i < 10);
console.log(i);
switch (typeof found.v) { case "string": console.log("str"); break; case "number": console.log("num"); default: console.log("fallthrough"); }
