const sleep = (ms) => new Promise(r => setTimeout(r, ms));
async function pool(tasks, limit) {
  const results = []; let i = 0;
  const worker = async () => { while (i < tasks.length) { const idx = i++; results[idx] = await tasks[idx](); } };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}
pool([1, 2, 3, 4, 5].map(n => async () => { await sleep(n); return n * 10; }), 2).then(r => console.log(r.join(',')));
