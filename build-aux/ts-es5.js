// Build-time tool, run by build-aux/gen-ts.sh under node: make TypeScript 5's
// compiler loadable by Duktape.
//
// Usage: node build-aux/ts-es5.js TYPESCRIPT_DIR OUT.js USER.js...
//
// TYPESCRIPT_DIR/lib/typescript.js is one esbuild bundle targeting ES2018
// (arrows, classes, let/const, spread, for-of over Maps), which Duktape (ES5.1)
// cannot parse. This script
//  1. keeps the compiler only: the bundle marks each source file with a
//     "// src/<dir>/<file>.ts" line; the builder, watch, tsbuild and
//     command-line driver, jsTyping, the language services and tsserver (a
//     third of the file, never called by src/engine/js/lower/transpile.js) go;
//  2. exports only the names the USER.js files (src/engine/js/lower/transpile.js,
//     names.js) read as
//     ts.NAME: the bundle's export table builds a getter for each of ~2,000
//     names at every start;
//  3. lowers the rest to ES5 with the same TypeScript (downlevelIteration: the
//     compiler iterates Maps and Sets with for-of; src/engine/js/lower/es2017.js
//     supplies the iteration helpers and library functions Duktape lacks).
// Lowering ~6 MB takes 15-50 s, so the result is reused while the inputs
// (typescript.js, this script, the names) hash the same (OUT.js.key).
'use strict';
const fs = require('fs');
const path = require('path');
const crypto = require('crypto');

const [dir, out, ...users] = process.argv.slice(2);
const user = users.join(' ');
if (!dir || !out || !users.length) {
	process.stderr.write('usage: node ts-es5.js TYPESCRIPT_DIR OUT.js USER.js...\n');
	process.exit(2);
}
const ts = require(path.resolve(dir));
const src = fs.readFileSync(path.join(dir, 'lib', 'typescript.js'), 'utf8');

/* ts.NAME in the USER.js files' code (not their comments) */
const nameSet = new Set();
for (const u of users) {
	const userSf = ts.createSourceFile(u, fs.readFileSync(u, 'utf8'), ts.ScriptTarget.ES5, true);
	(function visit(node) {
		if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'ts')
			nameSet.add(node.name.text);
		ts.forEachChild(node, visit);
	})(userSf);
}
const names = [...nameSet].sort();

const key = crypto.createHash('sha256').update(src).update('\0')
	.update(fs.readFileSync(__filename)).update('\0').update(names.join(' ')).digest('hex');
try {
	if (fs.readFileSync(out + '.key', 'utf8') === key && fs.statSync(out).size > 0) process.exit(0);
} catch (e) { /* no previous result */ }

const DROP = /^src\/(compiler\/(builder|builderState|builderPublic|resolutionCache|watch|watchPublic|tsbuild|tsbuildPublic|executeCommandLine)\.ts|(jsTyping|services|server|deprecatedCompat|typingsInstallerCore)\/)/;
const want = new Set(names);
const kept = [];
let drop = false, inExports = false, sections = 0, exported = 0, sawEnd = false;
for (const line of src.split('\n')) {
	if (line === '__export(typescript_exports, {') {
		inExports = true;
	} else if (inExports && line === '});') {
		inExports = false;
	} else if (inExports) {
		const m = /^ {2}([A-Za-z_$][\w$]*): /.exec(line);
		if (!m || !want.has(m[1])) continue;
		exported++;
	} else if (line.startsWith('// src/')) {
		drop = DROP.test(line.slice(3));
		sections++;
	} else if (line.startsWith('// Annotate the CommonJS export names')) {
		drop = true; /* a dead `0 && (module.exports = {...all names...})` */
	} else if (line.startsWith('})({ get exports() {')) {
		drop = false;
		sawEnd = true;
	}
	if (!drop) kept.push(line);
}
if (sections < 100 || !sawEnd || exported !== want.size) {
	const missing = names.filter((n) => !new RegExp('^ {2}' + n.replace(/\$/g, '\\$') + ': ', 'm').test(src));
	process.stderr.write(`ts-es5.js: ${dir}/lib/typescript.js layout not recognised or ${user} uses what it does not ` +
		`export (sections ${sections}, end ${sawEnd}, exports ${exported}/${want.size}` +
		`${missing.length ? ', not exported: ' + missing.join(' ') : ''})\n`);
	process.exit(1);
}

const res = ts.transpileModule(kept.join('\n'), {
	fileName: 'typescript.js',
	reportDiagnostics: true,
	compilerOptions: {
		target: ts.ScriptTarget.ES5,
		module: ts.ModuleKind.None,
		allowJs: true,
		downlevelIteration: true,
		removeComments: true,
		newLine: ts.NewLineKind.LineFeed,
	},
});
/* transpileModule always sets isolatedModules, which ES5 without a module
 * kind reports; that one is harmless, anything else is not. */
const bad = res.diagnostics.filter((d) => d.code !== 5047);
if (bad.length) {
	for (const d of bad) process.stderr.write('ts-es5.js: ' + ts.flattenDiagnosticMessageText(d.messageText, '\n') + '\n');
	process.exit(1);
}
/* build/ and build-san/ may run this at once: write, then rename */
fs.writeFileSync(`${out}.${process.pid}.tmp`, res.outputText);
fs.renameSync(`${out}.${process.pid}.tmp`, out);
fs.writeFileSync(out + '.key', key);
