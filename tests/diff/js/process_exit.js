console.log("checking input");
const ok = [1, 2, 3].every(n => n > 0);
if (ok) {
  console.error("fatal: refusing to continue");
  process.exit(3);
}
console.log("never printed");
