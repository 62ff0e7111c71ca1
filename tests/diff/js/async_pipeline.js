const sleep = (ms, v) => new Promise(r => setTimeout(() => r(v), ms));
async function fetchItem(id) {
  await sleep(10 * (4 - id));
  return { id, value: id * id };
}
async function main() {
  const results = await Promise.all([1, 2, 3].map(fetchItem));
  console.log(results);
  const first = await Promise.race([sleep(30, "slow"), sleep(5, "fast")]);
  console.log("race:", first);
  const settled = await Promise.allSettled([fetchItem(1), Promise.reject(new Error("nope"))]);
  console.log(settled.map(s => s.status));
  for await (const x of (async function* () { yield 1; yield 2; })()) console.log("gen", x);
}
main().then(() => console.log("done"));
console.log("sync end");
