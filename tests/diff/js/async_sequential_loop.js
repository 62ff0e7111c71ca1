const sleep = ms => new Promise(r => setTimeout(r, ms));
async function main() {
  const out = [];
  for (const i of [3, 1, 2]) { await sleep(i); out.push(i); }
  console.log(out.join(' '));
}
main();
