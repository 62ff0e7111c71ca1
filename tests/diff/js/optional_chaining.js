const o = { a: { b: { c: 5 } }, f() { return 'called'; } };
console.log(o?.a?.b?.c, o.x?.y, o.f?.(), o.g?.());
const arr = null;
console.log(arr?.[0]);
