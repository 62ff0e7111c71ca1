const wait = (ms, v) => new Promise(r => setTimeout(() => r(v), ms));
async function run() {
  const results = await Promise.all([wait(30, 1), wait(10, 2), wait(20, 3)]);
  console.log(results.join(','));
}
run();
