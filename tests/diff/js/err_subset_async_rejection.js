// An async function's throw that nothing catches: an unhandled rejection.
async function fail(n) {
  await null;
  if (n > 1) throw new Error('failed at ' + n);
  return fail(n + 1);
}
console.log('start');
fail(0);
