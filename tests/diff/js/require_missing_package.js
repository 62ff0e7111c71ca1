// require() of a package that is not there: node's error, with its own
// keys (code, requireStack), which programs test to fall back.
let lib;
try {
  lib = require('left-pad');
} catch (e) {
  console.log(e.name, e.code, e.message.split('\n')[0], e.message.split('\n')[1]);
  console.log(Object.keys(e), Array.isArray(e.requireStack), e.requireStack.length);
  lib = (s, n) => String(s).padStart(n);
}
console.log(JSON.stringify(lib(5, 3)));
for (const name of ['lodash/fp', '@scope/pkg', './local-helper']) {
  try {
    require(name);
  } catch (e) {
    console.log(e.code, e.message.split('\n')[0]);
  }
}
