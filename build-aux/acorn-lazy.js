// Build-time tool, run by build-aux/gen-ts.sh under node: acorn's
// dist/acorn.js with its Unicode property tables built when a regular
// expression first needs them, not when acorn loads.
//
// Usage: node build-aux/acorn-lazy.js IN.js OUT.js
//
// At load acorn builds, for each ECMAScript version from 9 to its newest,
// the word lists of \p{...} property names as regular expressions: in
// Duktape that is ~1.3 ms of the ~1.7 ms acorn takes to load, paid by every
// lowering, and needed only by code with a /u regular expression that uses
// \p{...} (which the lowering refuses anyway: Duktape lacks it). The tables
// are the same, built on first use by RegExpValidationState.
'use strict';
const fs = require('fs');

const [input, out] = process.argv.slice(2);
if (!input || !out) {
	process.stderr.write('usage: node acorn-lazy.js IN.js OUT.js\n');
	process.exit(2);
}
let src = fs.readFileSync(input, 'utf8');

function replaceOnce(re, to, what) {
	const m = src.match(new RegExp(re.source, 'g'));
	if (!m || m.length !== 1) {
		process.stderr.write('acorn-lazy.js: ' + what + ' not found once in ' + input + ': a new acorn needs this script looked at\n');
		process.exit(1);
	}
	src = src.replace(re, to);
}

// the loop over the versions at load: its body goes
replaceOnce(/\n(\s*)buildUnicodeData\(ecmaVersion\);\n/, '\n$1/* built on first use (build-aux/acorn-lazy.js) */\n', 'the load-time buildUnicodeData call');
// the one reader builds the table it wants if it is not there yet
replaceOnce(/this\.unicodeProperties = data\[([^\]]+)\];/,
	(all, v) => 'var uv = ' + v + ';\n    this.unicodeProperties = data[uv] || (buildUnicodeData(uv), data[uv]);',
	'the reader of the Unicode tables');
fs.writeFileSync(out, src);
