async function load(n) {
  if (n > 2) throw new Error(`cannot load ${n}`);
  return n * 10;
}
load(1).then(v => console.log("loaded", v));
load(5).then(v => console.log("never", v));
