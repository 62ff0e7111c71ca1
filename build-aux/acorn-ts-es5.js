// Build-time tool, run by build-aux/gen-ts.sh under node: make the
// TypeScript plugin for acorn (@sveltejs/acorn-typescript, pinned in
// build-aux/npm/package-lock.json) loadable by Duktape, for the subset
// lowering of TypeScript (src/engine/js/lower/subset_ts.js).
//
// Usage: node build-aux/acorn-ts-es5.js TYPESCRIPT_DIR PLUGIN_DIR OUT.js
//
// The plugin is one ES2018 module (classes, arrows, template literals)
// that imports acorn. This script
//  1. makes it a script: the import becomes the global `acorn` that
//     acorn's own dist/acorn.js defines, the export list goes;
//  2. rewrites its one sticky regular expression (Duktape has no /y): the
//     look-ahead "is there a line break before the next token" becomes a
//     global search whose match must start where the sticky one would;
//  3. lets it parse without locations (line and column objects for every
//     token and node, ~10% of its time in Duktape, which the lowering never
//     reads): its five reads of a node's `loc` tolerate none, and
//     subset_ts.js makes the parser itself rather than calling the static
//     parse(), which turns locations on;
//     and tests a word against its keyword list without compiling the list
//     anew for every identifier;
//  4. lowers it to ES5 with the TypeScript compiler the build already has;
//  5. refuses the result if a regular expression flag Duktape lacks is
//     left, so a new version of the plugin cannot fail only at run time.
'use strict';
const fs = require('fs');
const path = require('path');

const [tsDir, pluginDir, out] = process.argv.slice(2);
if (!tsDir || !pluginDir || !out) {
	process.stderr.write('usage: node acorn-ts-es5.js TYPESCRIPT_DIR PLUGIN_DIR OUT.js\n');
	process.exit(2);
}
const ts = require(path.resolve(tsDir));
let src = fs.readFileSync(path.join(pluginDir, 'index.js'), 'utf8');

function replaceOnce(from, to, what) {
	const at = src.indexOf(from);
	if (at < 0 || src.indexOf(from, at + 1) >= 0) {
		process.stderr.write('acorn-ts-es5.js: ' + what + ' not found once in the plugin: a new version needs this script looked at\n');
		process.exit(1);
	}
	src = src.slice(0, at) + to + src.slice(at + from.length);
}

replaceOnce('import * as acornNamespace from "acorn";', 'var acornNamespace = acorn;', 'the acorn import');
src = src.replace(/^export \{[^}]*\};?\s*$/m, '');
replaceOnce('|\\/\\/.*|\\/\\*.*?\\*\\/)*/y;', '|\\/\\/.*|\\/\\*.*?\\*\\/)*/g;', 'skipWhiteSpaceInLine');
replaceOnce('.source,\n  "y"', '.source,\n  "g"', 'skipWhiteSpaceToLineBreak\'s flags');
replaceOnce('skipWhiteSpaceToLineBreak.lastIndex = this.end;\n        return skipWhiteSpaceToLineBreak.test(this.input);',
	'skipWhiteSpaceToLineBreak.lastIndex = this.end;\n        const m = skipWhiteSpaceToLineBreak.exec(this.input);\n' +
	'        return m !== null && m.index === this.end;', 'the sticky test');
// the plugin reads a node's loc in 7 places: the five made to allow none
// below, and two that do already (`loc?.`, and an error's loc, which acorn
// always sets); a version with other reads must be looked at
const locReads = (src.match(/\.loc\b|\["loc"\]/g) || []).length;
if (locReads !== 7) {
	process.stderr.write('acorn-ts-es5.js: the plugin reads a node\'s loc ' + locReads + ' times, not 7: look at the new ones before parsing without locations\n');
	process.exit(1);
}
replaceOnce('node.loc.end = endLoc;', 'if (node.loc) node.loc.end = endLoc;', 'resetEndLocation');
replaceOnce('node.loc.start = startLoc;', 'if (node.loc) node.loc.start = startLoc;', 'resetStartLocation');
replaceOnce('super.startNodeAt(type.start, type.loc.start)', 'super.startNodeAt(type.start, type.loc && type.loc.start)', 'startNodeAtNode');
replaceOnce('locationNode.start, locationNode.loc.start)', 'locationNode.start, locationNode.loc && locationNode.loc.start)', 'resetStartLocationFromNode');
replaceOnce('left["start"], left["loc"].start, left)', 'left["start"], left["loc"] && left["loc"].start, left)', 'parseAssignableListItem');
// readWord() made a new RegExp of the keyword list for every identifier:
// Duktape compiles a regular expression when it is made (16% of the parse);
// the list's own (no g or y flag, so no lastIndex) answers the same
replaceOnce('} else if (new RegExp(keywordsRegExp).test(word)) {', '} else if (keywordsRegExp.test(word)) {', 'readWord\'s keyword test');
if (!/const tsKeywordsRegExp = new RegExp\(`\^\(\?:\$\{[^`]*\}\)\$`\);/.test(src)) {
	process.stderr.write('acorn-ts-es5.js: the keyword list is no longer a flagless RegExp: look at readWord\n');
	process.exit(1);
}
const r = ts.transpileModule(src, {
	compilerOptions: { target: ts.ScriptTarget.ES5, module: ts.ModuleKind.None, downlevelIteration: true, removeComments: true }
});
const sf = ts.createSourceFile('plugin.js', r.outputText, ts.ScriptTarget.ES5, true);
let bad = null;
(function visit(node) {
	if (bad) return;
	if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
		const t = node.text, flags = t.slice(t.lastIndexOf('/') + 1);
		if (/[suyd]/.test(flags)) bad = t;
	} else if (ts.isNewExpression(node) && node.expression.getText() === 'RegExp' && node.arguments && node.arguments[1] &&
		ts.isStringLiteral(node.arguments[1]) && /[suyd]/.test(node.arguments[1].text)) {
		bad = node.getText();
	}
	ts.forEachChild(node, visit);
})(sf);
if (bad) {
	process.stderr.write('acorn-ts-es5.js: a regular expression Duktape cannot compile is left: ' + bad.slice(0, 120) + '\n');
	process.exit(1);
}
fs.writeFileSync(out, r.outputText);
