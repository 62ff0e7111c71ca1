const delay = (ms, v) => new Promise(res => setTimeout(() => res(v), ms));
async function main() {
  const a = await delay(10, 'a');
  const b = await delay(5, 'b');
  console.log(a + b);
  return 'done';
}
main().then(r => console.log(r));
