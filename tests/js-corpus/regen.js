// Regenerates the expected output of the corpus with node, once, by hand:
//   node tests/js-corpus/regen.js [PROG.js|PROG.ts ...]   (default: all)
// For each PROG.js / PROG.ts writes PROG.out (stdout) and, for programs
// whose name contains "result", PROG.result (the JSON of the result: the
// value of a top-level return, or of the final expression, awaited).
// TypeScript is stripped to JavaScript with the TypeScript sbx embeds (the
// version pinned in build-aux/npm, installed into build/npm by make; ES2022
// target: types go, only decorators and `accessor` are lowered), then run
// the same way.
'use strict';
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');
const ts = require(path.join(__dirname, '..', '..', 'build', 'npm', 'node_modules', 'typescript'));

const dir = __dirname;
const runner = `(function () {
const vm = require('vm');
const fs = require('fs');
const src = fs.readFileSync(0, 'utf8');
const wantResult = process.argv[1] === 'result';
globalThis.inputs = {};
let value;
const needsFn = /^(return|.*\\bawait\\b)/m.test(src.split('\\n').filter(l => !/^\\s/.test(l)).join('\\n'));
if (needsFn) {
  const lines = src.trimEnd().split('\\n');
  const last = lines[lines.length - 1];
  if (!/^(return|const|let|var|for|if|function|class|\\}|\\/\\/)/.test(last) && !/;$/.test(last)) lines[lines.length - 1] = 'return ' + last;
  value = vm.runInThisContext('(async function () {\\n' + lines.join('\\n') + '\\n})()');
} else {
  value = vm.runInThisContext(src);
}
Promise.resolve(value).then(v => {
  if (wantResult) setTimeout(() => fs.writeSync(3, JSON.stringify(v === undefined ? null : v)), 100);
});
})();
`;

const only = process.argv.slice(2).map((f) => path.basename(f));
for (const f of fs.readdirSync(dir).sort()) {
  if (only.length && !only.includes(f)) continue;
  const m = /^(.*)\.(js|ts)$/.exec(f);
  if (!m || f === 'regen.js') continue;
  let src = fs.readFileSync(path.join(dir, f), 'utf8');
  if (m[2] === 'ts') {
    src = ts.transpileModule(src, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.None, useDefineForClassFields: false } }).outputText;
    src = src.replace(/^export \{\};\n?/m, '').replace(/^"use strict";\n/, '');
  }
  const want = f.includes('result');
  const resFile = path.join(dir, m[1] + '.result');
  const fd = fs.openSync(resFile, 'w');
  const out = execFileSync(process.execPath, ['-e', runner, want ? 'result' : ''], { input: src, stdio: ['pipe', 'pipe', 'inherit', fd] });
  fs.closeSync(fd);
  fs.writeFileSync(path.join(dir, m[1] + '.out'), out);
  if (!want || fs.statSync(resFile).size === 0) fs.unlinkSync(resFile);
}
