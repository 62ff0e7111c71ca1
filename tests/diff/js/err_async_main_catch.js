async function step(i) {
  await null;
  if (i === 3) throw new RangeError("step 3 exploded");
  return i;
}
async function main() {
  for (let i = 1; i <= 4; i++) console.log("step", await step(i));
}
main().catch(err => {
  console.error("main failed:", err.message);
  process.exitCode = 1;
});
