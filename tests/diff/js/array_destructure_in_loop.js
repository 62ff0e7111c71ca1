const points = [[1, 2], [3, 4], [5, 6]];
let sx = 0, sy = 0;
for (const [x, y] of points) { sx += x; sy += y; }
console.log(sx, sy);
points.forEach(([x, y], i) => console.log(i, x * y));
