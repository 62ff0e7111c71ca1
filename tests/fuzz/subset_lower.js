// Fuzzer of the subset lowering (src/engine/js/lower/subset*.js on acorn),
// run by `make fuzz` under node: the lowering parses untrusted code, so on
// any input it must either give up (a fallback: the TypeScript route takes
// the code) or return ES5 that acorn parses as ES5 with the same number of
// lines (the identity line map), and never throw anything else. Inputs are
// the JavaScript files under tests/, mutated (cut, insert a modern token,
// copy a span) with a fixed seed, for a number of seconds; every other
// input with a session's reserved names (engine_duktape_kernel.c).
// With `ts`, TypeScript: the .ts files under tests/ through acorn with its
// TypeScript plugin (build/npm, made ES5 by build-aux/acorn-ts-es5.js as
// the build does) and subset_ts.js, mutated with TypeScript's tokens too.
//   node tests/fuzz/subset_lower.js SECONDS [SEED] [ts]
'use strict';
const fs = require('fs'), path = require('path'), vm = require('vm'), os = require('os');
const { execFileSync } = require('child_process');
const top = path.join(__dirname, '..', '..');
const isTs = process.argv[4] === 'ts';
const es5 = require('/usr/share/nodejs/acorn/dist/acorn.js');
const npm = path.join(top, 'build', 'npm', 'node_modules');
const acorn = isTs ? require(path.join(npm, 'acorn', 'dist', 'acorn.js')) : es5;
const ctx = { acorn, JSON, Object, Array, String, Error, TypeError, SyntaxError, RegExp, Math, WeakMap, Set, Map };
vm.createContext(ctx);
if (isTs) {
	const plugin = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sbx-fuzz-')), 'acorn-ts.js');
	execFileSync('node', [path.join(top, 'build-aux', 'acorn-ts-es5.js'), path.join(npm, 'typescript'),
		path.join(npm, '@sveltejs', 'acorn-typescript'), plugin], { stdio: 'inherit' });
	vm.runInContext(fs.readFileSync(plugin, 'utf8'), ctx, { filename: 'acorn-ts.js' });
	fs.rmSync(path.dirname(plugin), { recursive: true });
}
for (const f of ['subset_scope.js', 'subset_helpers.js', 'subset_pattern.js', 'subset_class.js', 'subset.js', 'subset_ts.js'])
	vm.runInContext(fs.readFileSync(path.join(top, 'src/engine/js/lower', f), 'utf8'), ctx, { filename: f });
const lower = vm.runInContext('__sbx_lower_subset', ctx);
const name = isTs ? 'subset_lower ts' : 'subset_lower';

function walk(dir, out) {
	for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
		const p = path.join(dir, e.name);
		if (e.isDirectory()) walk(p, out);
		else if (e.name.endsWith(isTs ? '.ts' : '.js') && !p.includes('/fuzz/')) out.push(fs.readFileSync(p, 'utf8'));
	}
	return out;
}
const seeds = walk(path.join(top, 'tests'), []);
const seconds = Number(process.argv[2] || 10);
let seed = Number(process.argv[3] || 1);
const rnd = n => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % n; };
const toks = ['(', ')', '{', '}', '[', ']', '=>', '...', '?.', '??', '`', '${', ',', ';', '\n', 'let ', 'const ',
	'class ', 'extends ', 'super', 'this', 'await ', 'async ', 'yield', 'for (const x of y)', 'static ', '#x', 'get ',
	'=', '**', '??=', 'arguments', 'new.target', 'break', 'continue', 'return', 'label:', 'function ', '/(?<n>a)/',
	'function* ', 'yield* ', '*', 'try { yield } finally {}'];
if (isTs)
	toks.push(': number', ': T[]', '<T>', '<string, number>', ' as any', '!', '?', ' satisfies X', 'interface I { a: number }',
		'type T = A | B;', 'public ', 'private ', 'protected ', 'readonly ', 'declare ', 'abstract ', 'override ',
		'implements I ', 'enum E { A }', '@dec ', 'this: T, ', 'constructor(public a: number) {}', ': x is string', '<T,>');
const lines = s => s.split('\n').length;
const end = Date.now() + seconds * 1000;
let cases = 0, lowered = 0;
function fail(what, src, detail) {
	const file = path.join(top, 'build-fuzz', isTs ? 'crash-subset_lower.ts' : 'crash-subset_lower.js');
	fs.mkdirSync(path.dirname(file), { recursive: true });
	fs.writeFileSync(file, src);
	console.log(`fuzz ${name}: FAILED: ${what}: ${detail} (input in ${file})`);
	process.exit(1);
}
while (Date.now() < end) {
	let s = seeds[rnd(seeds.length)];
	for (let k = 0, m = 1 + rnd(3); k < m; k++) {
		const at = rnd(s.length + 1), op = rnd(3);
		if (op === 0) s = s.slice(0, at) + s.slice(at + 1 + rnd(8));
		else if (op === 1) s = s.slice(0, at) + toks[rnd(toks.length)] + s.slice(at);
		else { const b = rnd(s.length + 1); s = s.slice(0, at) + s.slice(b, b + rnd(40)) + s.slice(at); }
	}
	cases++;
	let r;
	// Every other input as a session's execution: names its global object
	// has already, which the lowering must neither make nor take over.
	const reserved = cases % 2 ? '' : 'x\ni\nk\n_tpl_1\n_t_1\nx_1\nconsole\nitems\nresult';
	try { r = lower(s, reserved, isTs); } catch (e) { fail('threw', s, e && e.stack); }
	if (r.fallback !== undefined) continue;
	lowered++;
	if (lines(r.code) !== lines(s)) fail('line count', s, `${lines(r.code)} lines for ${lines(s)}`);
	try {
		es5.parse(r.code, { ecmaVersion: 5, allowReserved: true, allowReturnOutsideFunction: true, allowHashBang: true });
	} catch (e) { fail('not ES5', s, e.message); }
}
console.log(`fuzz ${name}: ${cases} inputs, ${lowered} lowered, no failure`);
