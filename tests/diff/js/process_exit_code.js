function main() {
  const items = [3, 1, 2];
  items.sort();
  console.log(items.join(","));
  if (items[0] !== 1) return 1;
  console.error("validation failed: expected 4 items");
  return 2;
}
process.exitCode = main();
