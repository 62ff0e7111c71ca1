// process without the host, and node's wording of common runtime errors.
process.stdout.write('no newline;');
process.stdout.write(' then one\n');
console.log(typeof process.nextTick, Array.isArray(process.argv), typeof process.env, process.platform);
process.nextTick((a) => console.log('tick', a), 1);
Promise.resolve().then(() => console.log('promise'));
console.log('sync');
const probes = [
  () => { const o = null; return o.x; },
  () => { let u; return u.length; },
  () => { const a = [undefined]; return a[0].name; },
  () => missingVariable + 1,
  () => { function deep(n) { return 1 + deep(n + 1); } return deep(0); },
  () => new Array(-1),
];
for (const p of probes) {
  try { p(); } catch (e) { console.log(`${e.name}: ${e.message}`); }
}
process.on('exit', (code) => console.log('exit handler', code));
