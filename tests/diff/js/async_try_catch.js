async function fails() { throw new Error('nope'); }
async function main() {
  try { await fails(); } catch (e) { console.log('caught', e.message); }
  finally { console.log('finally'); }
}
main();
