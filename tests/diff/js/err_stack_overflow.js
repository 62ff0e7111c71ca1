function depth(n) { return depth(n + 1) + 1; }
try {
  depth(0);
} catch (e) {
  console.log(e instanceof RangeError, e.name);
}
