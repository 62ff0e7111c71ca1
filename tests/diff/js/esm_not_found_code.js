// A missing import fails with node's ESM loader's error, not require's:
// ERR_MODULE_NOT_FOUND, "Cannot find package" for a bare name (its package,
// not the subpath), "Cannot find module" and a file: URL for a relative
// path, "imported from" the importing file. The directory is taken out:
// sbx's program is /FILE, node's its real path.
import path from 'path';

const here = import.meta.filename;
function show(e) {
  const lib = path.join(path.dirname(here), 'nolib.js');
  const msg = e.message.split(here).join('<here>').split(lib).join('<dir>/nolib.js');
  console.log(e.name, e.code, JSON.stringify(msg), Object.keys(e));
  if (e.url) console.log(e.url === 'file://' + path.join(path.dirname(here), 'nolib.js'));
}
for (const spec of ['no-such-package-sbx', '@scope/pkg/sub/file.js', './nolib.js', 'node:nosuchcore']) {
  try {
    await import(spec);
  } catch (e) {
    show(e);
  }
}
const util = await import('node:util');
console.log(typeof util.format, typeof util.default.inspect);
