/* The transpiler entry, compiled to bytecode together with
 * collections.js and (a trimmed) typescript.js by build-aux/gen-ts.sh.
 *
 * Compiled after names.js, whose transformer it passes to the emitter.
 *
 * __sbx_lower(src, isTs, forNode) runs inside the sandboxed child, in a heap
 * of its own (forNode: the output runs under --engine node, so it is
 * ES2022 and nothing node runs is refused), and returns either
 *   { code: "<ES5>", lines: "<comma-separated source line per output line>" }
 * or
 *   { error: { name, message, line, column } }   (1-based, in the user's source)
 *
 * Why not ts.transpileModule: the services layer it lives in is cut out of
 * the bytecode (a third of typescript.js, ~20 ms of load and init per run),
 * and we need the source file itself to refuse what ES5 output cannot
 * express (see checkUnsupported) instead of producing wrong output.
 */
var __sbx_lower = (function () {
	var FILE_TS = 'main.ts', FILE_JS = 'main.js';
	var options = {
		target: 1,              /* ES5: what Duktape parses */
		module: 1,              /* CommonJS: import/export are refused anyway */
		downlevelIteration: true,
		sourceMap: true,        /* for the line map */
		removeComments: true,
		isolatedModules: true,  /* one file, no cross-file type information */
		noLib: true,
		noCheck: true,          /* emit without type-checking the file first */
		noResolve: true,
		noEmitHelpers: false,
		importHelpers: false,
		esModuleInterop: true,  /* import x from 'cjs': node's default import */
		/* TC39 decorators, TypeScript 5's default (tsc with no tsconfig) */
		experimentalDecorators: false,
		useDefineForClassFields: false,
		suppressOutputPathCheck: true,
		allowNonTsExtensions: true,
		allowJs: true,
		newLine: 1              /* LF */
	};

	/* Put on the first line, after any directive prologue, so that the line
	 * map is unchanged and the program's last statement stays the user's
	 * (appended, they made `class B extends A {} ...; b.x` lose its
	 * result: the engine takes the result from a final expression
	 * statement). Function declarations hoist. Only native constructors (Error,
	 * Array, ...) ignore `this`; a user base class returning an object of
	 * its own keeps ES2015 semantics. */
	var SUPER_HELPERS = 'function __sbx_super_apply(S, self, args) {' +
		' var r = S.apply(self, args);' +
		' if (r !== self && r !== null && typeof r === "object" && self !== null && typeof self === "object" &&' +
		' /\\[native code\\]/.test(Function.prototype.toString.call(S)))' +
		' { Object.setPrototypeOf(r, Object.getPrototypeOf(self)); return r; }' +
		' return r; }' +
		' function __sbx_super_call(S, self) { return __sbx_super_apply(S, self, Array.prototype.slice.call(arguments, 2)); } ';

	function fail(name, message, line, column) {
		return { error: { name: name, message: message, line: line, column: column } };
	}

	function posError(sf, pos, message, name) {
		var lc = ts.getLineAndCharacterOfPosition(sf, pos);
		return fail(name || 'SyntaxError', message, lc.line + 1, lc.character + 1);
	}

	/* Features the ES5 output cannot carry: TypeScript passes them through
	 * unchanged (or only type-checks them), and Duktape would then reject
	 * the output with a message about code the user never wrote. */
	var nodeOptions = {};
	for (var k in options) nodeOptions[k] = options[k];
	nodeOptions.target = 9; /* ES2022: node 20 runs it all */
	nodeOptions.downlevelIteration = false;

	function checkUnsupported(sf, forNode) {
		var found = null, tla = null, last = null, isModule = false;
		var K = ts.SyntaxKind;

		function visit(node, inFunction) {
			if (found) return;
			switch (node.kind) {
			case K.BigIntLiteral:
				if (forNode) break;
				found = posError(sf, ts.getTokenPosOfNode(node, sf), 'BigInt literals are not supported (sbx runs JavaScript on Duktape, ES5 plus a runtime library)');
				return;
			case K.RegularExpressionLiteral:
				if (forNode) break;
				var t = node.text, flags = t.slice(t.lastIndexOf('/') + 1);
				/* named groups alone were rewritten (namedGroupRegexes) */
				var why = /\(\?<[=!]/.test(t) ? 'lookbehind assertions' :
					/\(\?<[^=!]/.test(t) ? 'named capture groups' :
					/\\[pP]\{/.test(t) ? 'Unicode property escapes' :
					/[suyd]/.test(flags) ? "the '" + flags.replace(/[gim]/g, '') + "' flag" : null;
				if (why) {
					found = posError(sf, ts.getTokenPosOfNode(node, sf), 'regular expression ' + why + ' are not supported by Duktape\'s regex engine');
					return;
				}
				break;
			case K.ImportDeclaration:
			case K.ImportEqualsDeclaration:
			case K.ExportDeclaration:
			case K.ExportAssignment:
				/* An ES module: emitted as CommonJS (require, exports),
				 * which sbx's require resolves as node's does. */
				isModule = true;
				return;
			case K.ImportKeyword:
				break;
			case K.MetaProperty:
				/* import.meta: module syntax, as node's detection has it */
				if (node.keywordToken === K.ImportKeyword) isModule = true;
				break;
			case K.Decorator:
				/* Standard decorators have no parameter form: TypeScript
				 * would drop it from the output without a word. */
				if (node.parent && node.parent.kind === K.Parameter) {
					found = posError(sf, ts.getTokenPosOfNode(node, sf), 'parameter decorators are not supported: sbx uses TypeScript 5\'s standard decorators (classes and their members), not experimentalDecorators');
					return;
				}
				break;
			case K.CallExpression:
				/* import(): CommonJS output requires it, in a promise. */
				break;
			case K.AwaitExpression:
				if (!inFunction && !tla) tla = node;
				break;
			case K.ForOfStatement:
				if (node.awaitModifier && !inFunction && !tla) tla = node;
				break;
			}
			var fn = inFunction || ts.isFunctionLike(node) || ts.isClassStaticBlockDeclaration(node);
			ts.forEachChild(node, function (c) { visit(c, fn); });
		}
		var stmts = sf.statements;
		for (var i = 0; i < stmts.length && !found; i++) {
			var s = stmts[i];
			if (s.kind === K.ExportKeyword) continue;
			if (s.modifiers && s.modifiers.some(function (m) { return m.kind === K.ExportKeyword; }))
				isModule = true;
			visit(s, false);
			if (!(ts.isInterfaceDeclaration(s) || ts.isTypeAliasDeclaration(s) || ts.isEmptyStatement(s)))
				last = s;
		}
		return { error: found, tla: tla, last: last, isModule: isModule };
	}

	/* Duktape's regex compiler rejects named groups: a literal that has
	 * them (and nothing else Duktape lacks) becomes new RegExp(source,
	 * flags), which the runtime library's RegExp (src/engine/js/runtime/regex.js)
	 * compiles with plain groups and gives .groups. A regex literal holds
	 * no newline, so lines (and the line map) stay. Returns src rewritten,
	 * or src itself when there is none. */
	function namedGroupRegexes(sf, src) {
		var K = ts.SyntaxKind, edits = [];
		function visit(node) {
			if (node.kind === K.RegularExpressionLiteral) {
				var t = node.text, cut = t.lastIndexOf('/'), body = t.slice(1, cut), flags = t.slice(cut + 1);
				if (/\(\?<[^=!]/.test(body) && !/\(\?<[=!]/.test(body) && !/\\[pP]\{/.test(body) && /^[gim]*$/.test(flags))
					edits.push({ at: ts.getTokenPosOfNode(node, sf), end: node.end,
						text: '(new RegExp(' + JSON.stringify(body) + ', ' + JSON.stringify(flags) + '))' });
			}
			ts.forEachChild(node, visit);
		}
		visit(sf);
		for (var i = edits.length - 1; i >= 0; i--)
			src = src.slice(0, edits[i].at) + edits[i].text + src.slice(edits[i].end);
		return src;
	}

	/* An ES module's own semantics, kept through the CommonJS output by
	 * rewriting the source on the same lines (the line map stays): its
	 * top-level `this` is undefined, and require, module and exports are
	 * not defined in it: `typeof` of one is "undefined", any other use
	 * throws node's ReferenceError (unless the file declares that name
	 * itself). Returns src rewritten, or src itself. */
	var ESM_REF = 'function __sbx_esm_ref(n) { throw new ReferenceError(n + ' +
		'" is not defined in ES module scope" + (n === "require" ? ", you can use import instead" : "")); } ';
	var CJS_NAMES = { require: true, module: true, exports: true };
	function esmSemantics(sf, src) {
		var K = ts.SyntaxKind, edits = [], declared = {}, meta = false;
		function visit(node, inFunction) {
			if (node.kind === K.ThisKeyword && !inFunction)
				edits.push({ at: ts.getTokenPosOfNode(node, sf), end: node.end, text: '(void 0)' });
			if (node.kind === K.MetaProperty && node.keywordToken === K.ImportKeyword) {
				edits.push({ at: ts.getTokenPosOfNode(node, sf), end: node.end, text: '__sbx_meta' });
				meta = true;
				return;
			}
			var id = node.kind === K.Identifier ? ts.idText(node) : null;
			if (id && CJS_NAMES.hasOwnProperty(id)) {
				var p = node.parent;
				if (p && (p.name === node || p.propertyName === node) &&
				    !(p.kind === K.PropertyAccessExpression && p.expression === node)) {
					if (ts.isVariableDeclaration(p) || ts.isFunctionDeclaration(p) || ts.isParameter(p) ||
					    ts.isImportSpecifier(p) || ts.isImportClause(p) || ts.isNamespaceImport(p) ||
					    ts.isClassDeclaration(p))
						declared[id] = true;
				} else {
					edits.push({ at: ts.getTokenPosOfNode(node, sf), end: node.end, name: id,
						text: p && p.kind === K.TypeOfExpression ? '(void 0)' : '__sbx_esm_ref("' + id + '")' });
				}
			}
			var fn = inFunction || (ts.isFunctionLike(node) && node.kind !== K.ArrowFunction) ||
				ts.isClassLike(node);
			ts.forEachChild(node, function (c) { visit(c, fn); });
		}
		visit(sf, false);
		edits = edits.filter(function (e) { return !e.name || !declared[e.name]; });
		if (!edits.length)
			return src;
		edits.sort(function (a, b) { return a.at - b.at; });
		for (var i = edits.length - 1; i >= 0; i--)
			src = src.slice(0, edits[i].at) + edits[i].text + src.slice(edits[i].end);
		/* import.meta: one object per module, made before its code runs */
		return ESM_REF + (meta ? 'var __sbx_meta = __sbx_import_meta(); ' : '') + src;
	}

	/* A top-level-await module's statements that cannot go inside the
	 * async body: imports and re-exports (hoisted), and `export { a }`
	 * lists (made assignments to exports). Edits on the source, in order;
	 * the last expression statement's `return` comes after them. */
	function moduleEdits(sf) {
		var K = ts.SyntaxKind, edits = [];
		sf.statements.forEach(function (st) {
			var at = ts.getTokenPosOfNode(st, sf);
			if (st.kind === K.ImportDeclaration || st.kind === K.ImportEqualsDeclaration ||
			    (st.kind === K.ExportDeclaration && st.moduleSpecifier)) {
				edits.push({ at: at, end: st.end, text: '', hoist: true });
			} else if (st.kind === K.ExportDeclaration && st.exportClause && !st.isTypeOnly &&
				   st.exportClause.elements) {
				var t = st.exportClause.elements.map(function (el) {
					var local = ts.idText(el.propertyName || el.name);
					return 'exports.' + ts.idText(el.name) + ' = ' + local + ';';
				}).join(' ');
				edits.push({ at: at, end: st.end, text: t, hoist: false });
			}
		});
		return edits;
	}

	/* Base64 VLQ source-map mappings -> the source line of each output line. */
	function lineMap(mappings) {
		var B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
		var out = [], srcLine = 0, prev = 0, i = 0, n = mappings.length;
		var lineStart = true, lineVal = 0;
		while (i <= n) {
			var c = i < n ? mappings.charAt(i) : ';';
			if (c === ';') {
				out.push(lineVal);
				lineStart = true;
				lineVal = prev;
				i++;
				continue;
			}
			if (c === ',') { i++; continue; }
			/* one segment: up to 5 VLQ fields */
			var fields = [];
			while (i < n && mappings.charAt(i) !== ',' && mappings.charAt(i) !== ';') {
				var v = 0, shift = 0, d;
				do {
					d = B64.indexOf(mappings.charAt(i++));
					v += (d & 31) << shift;
					shift += 5;
				} while (d & 32);
				fields.push(v & 1 ? -(v >> 1) : v >> 1);
			}
			if (fields.length >= 4) {
				srcLine += fields[2];
				prev = srcLine + 1;
				if (lineStart) { lineVal = prev; lineStart = false; }
			}
		}
		return out.join(',');
	}

	/* The CommonJS output's own require calls (an import declaration's,
	 * import()'s: made by the module transform, so they have no position
	 * in the source) call __sbx_import instead: node's ESM loader's
	 * errors, not require's. A require the program wrote stays require. */
	function importCalls(context) {
		return function (sf) {
			function visit(node) {
				if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) &&
				    ts.idText(node.expression) === 'require' && node.expression.pos < 0)
					return ts.factory.updateCallExpression(node, ts.factory.createIdentifier('__sbx_import'),
						node.typeArguments, ts.visitNodes(node.arguments, visit));
				return ts.visitEachChild(node, visit, context);
			}
			return ts.visitNode(sf, visit);
		};
	}

	/* moduleKind: 'esm' (a .mjs file: a module whatever it holds), 'cjs' (.cjs:
	 * CommonJS, where module syntax is node's SyntaxError), '' (node's
	 * detection: module syntax makes a module). */
	function cjsRefusal(sf) {
		var K = ts.SyntaxKind, bad = null;
		function visit(node) {
			if (bad) return;
			if (node.kind === K.ImportDeclaration || node.kind === K.ImportEqualsDeclaration)
				bad = posError(sf, ts.getTokenPosOfNode(node, sf), 'Cannot use import statement outside a module');
			else if (node.kind === K.MetaProperty && node.keywordToken === K.ImportKeyword)
				bad = posError(sf, ts.getTokenPosOfNode(node, sf), "Cannot use 'import.meta' outside a module");
			else if (node.kind === K.ExportDeclaration || node.kind === K.ExportAssignment)
				bad = posError(sf, ts.getTokenPosOfNode(node, sf), "Unexpected token 'export'");
			else if (node.kind === K.ExportKeyword)
				bad = posError(sf, ts.getTokenPosOfNode(node, sf), "Unexpected token 'export'");
			else
				ts.forEachChild(node, visit);
			if (!bad && node.modifiers)
				node.modifiers.forEach(visit);
		}
		visit(sf);
		return bad;
	}

	return function (src, isTs, forNode, moduleKind) {
		var name = isTs ? FILE_TS : FILE_JS;
		var kind = isTs ? ts.ScriptKind.TS : ts.ScriptKind.JS;
		var sf = ts.createSourceFile(name, src, 1, true, kind);
		var diags = sf.parseDiagnostics;
		if (diags && diags.length) {
			var d = diags[0];
			return posError(sf, d.start, ts.flattenDiagnosticMessageText(d.messageText, '\n'));
		}
		var rewritten = forNode ? src : namedGroupRegexes(sf, src);
		if (rewritten !== src) {
			src = rewritten;
			sf = ts.createSourceFile(name, src, 1, true, kind);
		}
		var chk = checkUnsupported(sf, forNode);
		if (chk.error) return chk.error;
		if (chk.isModule && moduleKind === 'cjs' && !isTs)
			return cjsRefusal(sf) || chk.error;
		/* a .mjs without import or export: a module's code is strict all
		 * the same (on line 1: the line map stays) */
		var strict = moduleKind === 'esm' && !chk.isModule && !/^#!/.test(src);
		if (moduleKind === 'esm')
			chk.isModule = true;
		if (chk.isModule) {
			var esm = esmSemantics(sf, src);
			if (strict)
				esm = '"use strict"; ' + esm;
			if (esm !== src) {
				src = esm;
				sf = ts.createSourceFile(name, src, 1, true, kind);
				chk = checkUnsupported(sf, forNode);
				if (moduleKind === 'esm')
					chk.isModule = true;
			}
		}
		if (chk.tla) {
			/* Top-level await: the program becomes the body of an async
			 * function whose promise is the result (sbx awaits a Promise
			 * result). The prefix shares line 1 so that line numbers stay. */
			var body = src, hoisted = '';
			if (chk.last && ts.isExpressionStatement(chk.last)) {
				var at = ts.getTokenPosOfNode(chk.last, sf);
				body = src.slice(0, at) + 'return ' + src.slice(at);
			}
			if (chk.isModule) {
				/* A module's imports stay at its top, before the async
				 * body (on line 1: their lines blanked, the map kept);
				 * a list of local exports becomes the assignments
				 * CommonJS makes of it, where it stood. */
				var moved = moduleEdits(sf);
				for (var m = moved.length - 1; m >= 0; m--) {
					var e = moved[m], cut = body.slice(e.at, e.end);
					body = body.slice(0, e.at) + e.text + cut.replace(/[^\n]/g, '').replace(/\n/g, '\n') + body.slice(e.end);
					if (e.hoist)
						hoisted = cut.replace(/\s*\n\s*/g, ' ') + ' ' + hoisted;
				}
			}
			/* marked: left pending, it ends the run with node's 13 (loop.js) */
			src = hoisted + 'return Object.defineProperty((async function () { ' + body +
				'\n})(), "__sbx_tla", { value: true });';
			sf = ts.createSourceFile(name, src, 1, true, kind);
		}
		var out = null, map = null;
		var host = {
			getSourceFile: function (n) { return n === name ? sf : undefined; },
			writeFile: function (n, text) { if (/\.map$/.test(n)) map = text; else out = text; },
			getDefaultLibFileName: function () { return 'lib.d.ts'; },
			useCaseSensitiveFileNames: function () { return true; },
			getCanonicalFileName: function (f) { return f; },
			getCurrentDirectory: function () { return ''; },
			getNewLine: function () { return '\n'; },
			fileExists: function (f) { return f === name; },
			readFile: function () { return ''; },
			directoryExists: function () { return true; },
			getDirectories: function () { return []; }
		};
		var program = ts.createProgram([name], forNode ? nodeOptions : options, host);
		var syn = program.getSyntacticDiagnostics(sf);
		if (syn.length) {
			return posError(sf, syn[0].start, ts.flattenDiagnosticMessageText(syn[0].messageText, '\n'));
		}
		var again = __sbx_early.redeclared(sf);
		if (again)
			return posError(sf, ts.getTokenPosOfNode(again, sf), "Identifier '" + ts.idText(again) + "' has already been declared");
		/* names.js: function names, class marks, generator kinds */
		/* early.js: let, const and class errors the ES5 output would lose */
		var early = __sbx_early(sf);
		program.emit(sf, undefined, undefined, undefined,
			{ before: early ? [early, __sbx_names] : [__sbx_names], after: [importCalls] });
		if (out === null) return fail('Error', 'sbx: the transpiler produced no output', null, null);
		/* The output ends with a sourceMappingURL comment: drop it. */
		out = out.replace(/\n\/\/# sourceMappingURL=[^\n]*\n?$/, '\n');
		/* `import type` alone makes a module, and a session may have no
		 * `exports`: the marker only where there is one (an imported
		 * module's default import needs it), on the same line (line map). */
		out = out.replace(/^Object\.defineProperty\(exports, "__esModule", \{ value: true \}\);$/m,
			'typeof exports === "object" && exports !== null && Object.defineProperty(exports, "__esModule", { value: true });');
		/* Subclasses of built-ins (class E extends Error): ES5 output calls
		 * `_super.call(this, ...) || this`, and Error called as a function
		 * returns a new object with Error.prototype, losing the subclass
		 * (instanceof, methods). Route those calls through a helper that
		 * gives the returned object the subclass's prototype. */
		if (/\b_super(_\d+)?\.(call|apply)\(this\b/.test(out)) {
			out = out.replace(/\b(_super(?:_\d+)?)\.call\(this\b/g, '__sbx_super_call($1, this')
				.replace(/\b(_super(?:_\d+)?)\.apply\(this\b/g, '__sbx_super_apply($1, this');
			var prologue = /^((?:[ \t]*(?:"[^"\n]*"|'[^'\n]*')[ \t]*;[ \t]*\n)*)/.exec(out)[1];
			/* keep the helpers on the prologue's last line (line map) */
			var cut = prologue.length && prologue.charAt(prologue.length - 1) === '\n' ? prologue.length - 1 : prologue.length;
			out = out.slice(0, cut) + (cut ? ' ' : '') + SUPER_HELPERS + out.slice(cut);
		}
		return { code: out, lines: map ? lineMap(JSON.parse(map).mappings) : '' };
	};
})();
