// require() of the program's other files (given with -f), as node: the
// extension guessed (.js, .json), one module object per file however it is
// named, module/exports/__filename inside it, a cycle seeing the exports
// made so far, and node's MODULE_NOT_FOUND with its require stack.
const { add, name } = require('./calc');
const cfg = require('./config.json');
const calc2 = require('./calc.js');
console.log(add(1, 2), name, cfg.mode, cfg.list.length, require('./calc') === calc2);
const a = require('./lib/a');
console.log(a.fromB, a.done);
try {
  require('./nope');
} catch (e) {
  console.log(e.code, e.message.split('\n')[0], e.requireStack.length);
}
