// import.meta in a module (.mjs): url, filename and dirname name the
// program (node 20.11+), resolve() gives the URL an import would load;
// a null-prototype object, one per module.
import path from 'node:path';

const m = import.meta;
console.log(typeof m, Object.getPrototypeOf(m) === null, Object.keys(m));
console.log(path.basename(m.filename), path.isAbsolute(m.filename), m.dirname === path.dirname(m.filename));
console.log(m.url.startsWith('file:///'), m.url.endsWith('/' + path.basename(m.filename)));
console.log(m.resolve('./lib/x.js') === m.url.replace(/[^/]*$/, 'lib/x.js'));
console.log(m.resolve('util'), m.resolve('node:path'), typeof m.resolve);
console.log(import.meta === m, import.meta.url === m.url);
