// A program of several files (each given with -f): relative imports of an
// ES module, a .mjs in a subdirectory and a CommonJS .cjs that requires
// JSON; a module is evaluated once whatever imports it, and a file that is
// not there (or above the working directory) fails as node's loader does.
import { area, PI2, counter } from './lib.js';
import lib from './lib.js';
import { twice, inSubdir } from './util/math.mjs';
import helper from './helper.cjs';

console.log(area(2).toFixed(3), PI2.toFixed(4), lib, counter());
console.log(twice(21), inSubdir, helper.name, helper.add(2, 3));
const again = await import('./lib.js');
console.log(again.counter(), again.default === lib, typeof again.area);
for (const spec of ['./missing.js', '../outside.js', './lib']) {
  try {
    await import(spec);
    console.log('loaded', spec);
  } catch (e) {
    console.log(spec, e.code);
  }
}
