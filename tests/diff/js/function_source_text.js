// A function's source text: node keeps it, Duktape does not (KNOWN.tsv).
function add(a, b) { return a + b; }
console.log(String(add));
console.log((x => x * 2).toString());
console.log(typeof add.toString(), add.toString().startsWith('function add('));
