/* TypeScript on the subset lowering (issue #17): acorn with the TypeScript
 * plugin (@sveltejs/acorn-typescript, made ES5 by
 * build-aux/acorn-ts-es5.js) parses the snippet, and strip() takes the
 * types out of the tree and out of the text, so that subset.js lowers
 * what is left as the JavaScript it is. TypeScript's compiler (the
 * transpile.js route) took ~90 ms of the ~20 ms budget for this alone.
 *
 * Stripping blanks the types: each character of a type annotation, type
 * parameter list, interface, type alias, `as T`, `!`, modifier and the
 * like becomes a space (line breaks stay), so every position in acorn's
 * tree still points at the same code and every line stays on its line.
 * Two things are more than a deletion, and are written as TypeScript
 * writes them for ES2022 (tests/diff's reference, the semantics of node
 * running the same code): a parameter property (`constructor(public x)`)
 * is a field declared before the class's own fields and assigned at the
 * start of the constructor (after super() in a derived class), and a
 * `this` parameter goes from the parameter list.
 *
 * An enum is written as TypeScript writes it (enumText).
 * What is TypeScript's to compile (namespaces, decorators,
 * `import x = require()`, `export =`) and any node this file does not
 * know make it give up (S.bail): transpile.js lowers the snippet then. */
var __sbx_subset_ts = (function () {
	var S = __sbx_subset_scope, bail = S.bail, isNode = S.isNode;
	var parser = null;

	function parse(src) {
		/* made on first use: the plugin builds its parser class then */
		if (!parser) parser = acorn.Parser.extend(tsPlugin());
		/* Without locations (build-aux/acorn-ts-es5.js): the plugin's
		 * static parse() would turn them on. */
		return new parser({ ecmaVersion: 2022, sourceType: 'script', locations: false,
			allowReturnOutsideFunction: true, allowHashBang: true }, src).parse();
	}

	/* type-only nodes: deleted with their text, where a node has them
	 * (elsewhere, e.g. the plugin's reading of a stray `<A, B>`, they
	 * would leave a hole: such code goes to TypeScript's compiler) */
	var TYPE_ONLY = { TSTypeAnnotation: 1, TSTypeParameterDeclaration: 1, TSTypeParameterInstantiation: 1 };
	var TYPE_KEYS = { typeAnnotation: 1, returnType: 1, typeParameters: 1, typeArguments: 1, superTypeParameters: 1,
		superTypeArguments: 1 };
	/* expressions around an expression: the inner one stays */
	var WRAPPERS = { TSAsExpression: 1, TSSatisfiesExpression: 1, TSTypeAssertion: 1, TSNonNullExpression: 1,
		TSInstantiationExpression: 1 };
	/* declarations with no code: the statement goes */
	var DECLARATIONS = { TSInterfaceDeclaration: 1, TSTypeAliasDeclaration: 1, TSDeclareFunction: 1 };
	var WHY = { TSModuleDeclaration: 'a namespace', TSImportEqualsDeclaration: 'import = require',
		TSExportAssignment: 'export =', TSNamespaceExportDeclaration: 'export as namespace', Decorator: 'decorators' };
	var MODIFIERS = /\b(public|private|protected|readonly|override)\b/g;

	function strip(ast, src) {
		var blanks = [];
		function blank(a, b) { if (b > a) blanks.push([a, b]); }
		/* a ? or ! marker (optional, definite) in src[a, b) */
		function blankMarks(a, b) {
			for (var i = a; i < b; i++) {
				var ch = src.charAt(i);
				if (ch === '?' || ch === '!') blank(i, i + 1);
			}
		}
		function blankModifiers(a, b) {
			var text = src.slice(a, b), m;
			MODIFIERS.lastIndex = 0;
			while ((m = MODIFIERS.exec(text)) !== null) blank(a + m.index, a + m.index + m[0].length);
		}
		function isStatementList(parent, key) {
			return (key === 'body' && (parent.type === 'Program' || parent.type === 'BlockStatement')) ||
				(key === 'consequent' && parent.type === 'SwitchCase');
		}

		/* the node that stands for n in its parent, or null: gone */
		function fix(n, parent, key) {
			var t = n.type;
			if (n.decorators && n.decorators.length) bail('decorators');
			if (TYPE_ONLY[t]) {
				if (!TYPE_KEYS[key] || parent.type.slice(0, 2) === 'TS') bail('TypeScript\'s ' + t + ' in ' + parent.type + '.' + key);
				blank(n.start, n.end);
				return null;
			}
			if (WRAPPERS[t]) {
				var inner = n.expression;
				blank(n.start, inner.start);
				blank(inner.end, n.end);
				return fix(inner, parent, key);
			}
			if (DECLARATIONS[t] || (n.declare && (t === 'VariableDeclaration' || t === 'ClassDeclaration' ||
				t === 'FunctionDeclaration' || t === 'TSModuleDeclaration' || t === 'TSEnumDeclaration'))) {
				if (!isStatementList(parent, key)) bail('a declaration where a statement must be');
				blank(n.start, n.end);
				return null;
			}
			if (WHY[t]) bail(WHY[t]);
			if (t === 'TSEnumDeclaration') {
				if (!isStatementList(parent, key)) bail('an enum where a statement must be');
				return enumeration(n);
			}
			if (t === 'TSParameterProperty') {
				var p = n.parameter, id = p.type === 'AssignmentPattern' ? p.left : p;
				if (id.type !== 'Identifier') bail('a parameter property with a pattern');
				blank(n.start, p.start);
				(parent.$paramProps = parent.$paramProps || []).push(id.name);
				return fix(p, parent, key);
			}
			if (t.slice(0, 2) === 'TS') bail('TypeScript\'s ' + t);
			walk(n);
			return n;
		}

		function walk(n) {
			switch (n.type) {
			case 'Identifier':
				if (n.optional || n.definite) blankMarks(n.start + 1, n.typeAnnotation ? n.typeAnnotation.start : n.end);
				break;
			case 'ClassDeclaration':
			case 'ClassExpression':
				if (n.abstract) {
					if (src.slice(n.start, n.start + 8) !== 'abstract') bail('abstract where it was not expected');
					blank(n.start, n.start + 8);
				}
				/* for its constructor's parameter properties */
				n.body.$derived = !!n.superClass;
				for (var j = 0; j < n.body.body.length; j++) n.body.body[j].$classBody = n.body;
				if (n.implements && n.implements.length) {
					/* from the keyword (the first `implements` after the
					 * class's name, parameters and base) to the last type */
					var from = n.start, heads = [n.id, n.typeParameters, n.superClass, n.superTypeParameters, n.superTypeArguments];
					for (var h = 0; h < heads.length; h++) if (heads[h] && heads[h].end > from) from = heads[h].end;
					var kw = src.indexOf('implements', from), last = n.implements[n.implements.length - 1];
					if (kw < 0 || kw > n.implements[0].start) bail('implements where it was not expected');
					blank(kw, last.end);
					n.implements = null;
				}
				break;
			case 'ClassBody':
				n.body = members(n.body);
				break;
			case 'MethodDefinition':
				if (n.kind === 'constructor') n.value.$ctor = true;
				break;
			case 'FunctionDeclaration':
			case 'FunctionExpression':
			case 'ArrowFunctionExpression':
				var ps = n.params;
				if (ps.length && ps[0].type === 'Identifier' && ps[0].name === 'this') {
					/* with the comma after it: up to the next parameter, or
					 * to the `)` (a trailing comma alone is not ES5) */
					var e = ps.length > 1 ? ps[1].start : ps[0].end;
					if (ps.length === 1) {
						while (/[\s,]/.test(src.charAt(e))) e++;
						if (src.charAt(e) !== ')') bail('a this parameter before a comment');
					}
					blank(ps[0].start, e);
					ps.shift();
				}
				break;
			}
			for (var k in n) {
				var v = n[k];
				if (v === null || typeof v !== 'object' || k === 'parent' || k.charAt(0) === '$') continue;
				if (typeof v.type === 'string') {
					var r = fix(v, n, k);
					if (r !== v) n[k] = r;
				} else if (typeof v.length === 'number') {
					/* a copy only once an element changes or goes */
					var out = null;
					for (var i = 0; i < v.length; i++) {
						var e = v[i], f = isNode(e) ? fix(e, n, k) : e;
						if (f !== e && !out) out = v.slice(0, i);
						if (out && f) out.push(f);
					}
					if (out) n[k] = out;
				}
			}
			/* TypeScript allows them in a constructor only */
			if (n.$paramProps && !n.$ctor) bail('a parameter property outside a constructor');
			if (n.type === 'MethodDefinition' && n.kind === 'constructor' && n.value.$paramProps) paramProps(n);
			if (n.type === 'ClassBody' && n.$fields) n.body = n.$fields.concat(n.body);
		}

		/* a class body's members: those with no code go */
		function members(list) {
			var out = [];
			for (var i = 0; i < list.length; i++) {
				var m = list[i];
				if (m.decorators && m.decorators.length) bail('decorators');
				/* a getter and setter pair over a private slot: TypeScript's */
				if (m.accessor) bail('an accessor field');
				if (m.type === 'TSIndexSignature' || m.declare || m.abstract ||
				    (m.type === 'MethodDefinition' && m.value.type === 'TSDeclareMethod')) {
					blank(m.start, m.end);
					continue;
				}
				if (m.type === 'MethodDefinition' || m.type === 'PropertyDefinition') {
					blankModifiers(m.start, m.key.start);
					var after = m.type === 'MethodDefinition' ? m.value.start :
						m.typeAnnotation ? m.typeAnnotation.start : m.value ? m.value.start : m.end;
					if (m.optional || m.definite) blankMarks(m.key.end, after);
				} else if (m.type !== 'StaticBlock') {
					bail('TypeScript\'s ' + m.type);
				}
				out.push(m);
			}
			return out;
		}

		/* An enum, for subset.js's SbxEnum: its members' names and their
		 * initializers (types stripped). TypeScript lets an initializer
		 * name an earlier member bare (`B = A * 2`, read as E.A): such an
		 * enum goes to its compiler. */
		function enumeration(n) {
			var names = {}, members = [], i;
			for (i = 0; i < n.members.length; i++) {
				var id = n.members[i].id;
				if (id.type !== 'Identifier' && !(id.type === 'Literal' && typeof id.value === 'string')) bail('a computed enum member');
				names['$' + (id.type === 'Identifier' ? id.name : id.value)] = true;
			}
			function namesMember(x) {
				if (!isNode(x)) return false;
				if (x.type === 'Identifier' && names['$' + x.name]) return true;
				for (var k in x) {
					var v = x[k];
					if (k === 'parent' || k.charAt(0) === '$' || v === null || typeof v !== 'object') continue;
					if (typeof v.length === 'number') {
						for (var j = 0; j < v.length; j++) if (namesMember(v[j])) return true;
					} else if (namesMember(v)) return true;
				}
				return false;
			}
			for (i = 0; i < n.members.length; i++) {
				var m = n.members[i], init = m.initializer || null;
				if (init && namesMember(init)) bail('an enum member that names another');
				members.push({ type: 'SbxEnumMember', start: m.start, end: m.end,
					key: m.id.type === 'Identifier' ? m.id.name : m.id.value, init: init ? fix(init, m, 'initializer') : null });
			}
			return { type: 'SbxEnum', start: n.start, end: n.end, name: n.id.name, members: members };
		}

		/* constructor(public x) as TypeScript writes it for ES2022: `x;` as
		 * the class's first fields, `this.x = x;` first in the body, or
		 * right after a derived class's super() */
		function paramProps(ctor) {
			var names = ctor.value.$paramProps, classBody = ctor.$classBody, body = ctor.value.body;
			var at = body.start + 1, idx = 0;
			if (classBody.$derived) {
				for (idx = 0; idx < body.body.length; idx++) {
					var s = body.body[idx];
					if (s.type === 'ExpressionStatement' && s.expression.type === 'CallExpression' && s.expression.callee.type === 'Super')
						break;
				}
				if (idx === body.body.length) bail('parameter properties without a super() statement');
				at = body.body[idx++].end;
			}
			var stmts = [], fields = [];
			for (var i = 0; i < names.length; i++) {
				fields.push({ type: 'PropertyDefinition', start: classBody.start + 1, end: classBody.start + 1, computed: false, static: false,
					value: null, key: { type: 'Identifier', name: names[i], start: classBody.start + 1, end: classBody.start + 1 } });
				stmts.push({ type: 'SbxThisAssign', start: at, end: at, name: names[i],
					self: { type: 'ThisExpression', start: at, end: at },
					value: { type: 'Identifier', name: names[i], start: at, end: at } });
			}
			classBody.$fields = fields; /* walk() puts them first, after its loop */
			body.body = body.body.slice(0, idx).concat(stmts, body.body.slice(idx));
		}

		walk(ast);

		if (!blanks.length) return src;
		blanks.sort(function (a, b) { return a[0] - b[0]; });
		var out = '', at = 0;
		for (var i = 0; i < blanks.length; i++) {
			var a = Math.max(blanks[i][0], at), b = blanks[i][1];
			if (b <= a) continue;
			out += src.slice(at, a) + src.slice(a, b).replace(/[^\n\r\u2028\u2029]/g, ' ');
			at = b;
		}
		return out + src.slice(at);
	}

	/* ---- writing out (subset.js's SbxEnum and SbxThisAssign handlers) ---- */

	/* An enum as TypeScript writes one:
	 *   var E; (function (E) { E[E["A"] = 0] = "A"; E["S"] = "s"; })(E || (E = {}));
	 * a member with no initializer is the previous one's number + 1, a
	 * string has no reverse mapping, and a computed value gets one if it is
	 * not a string (__sbx_s_enum). */
	function enumText(node, api) {
		var E = node.name, parts = [], prev = null, num = null, quote = __sbx_subset_pattern.quote;
		for (var i = 0; i < node.members.length; i++) {
			var m = node.members[i], k = quote(m.key), init = m.init;
			if (!init) {
				num = prev === null ? 0 : num !== null ? num + 1 : null;
				var v = num !== null ? String(num) : E + '[' + quote(prev) + '] + 1';
				parts.push(E + '[' + E + '[' + k + '] = ' + v + '] = ' + k + ';');
			} else if ((init.type === 'Literal' && typeof init.value === 'string') ||
				   (init.type === 'TemplateLiteral' && !init.expressions.length)) {
				num = null;
				parts.push(E + '[' + k + '] = ' + api.gen(init) + ';');
			} else if (init.type === 'Literal' && typeof init.value === 'number') {
				num = init.value;
				parts.push(E + '[' + E + '[' + k + '] = ' + String(num) + '] = ' + k + ';');
			} else {
				num = null;
				parts.push(api.helper('enum') + '(' + E + ', ' + k + ', ' + api.gen(init) + ');');
			}
			prev = m.key;
		}
		return 'var ' + E + '; (function (' + E + ') { ' + parts.join(' ') + ' })(' + E + ' || (' + E + ' = {}));';
	}

	/* a parameter property's assignment, `this.x = x;` */
	function thisAssignText(node, api) {
		return ' ' + api.gen(node.self) + '.' + node.name + ' = ' + api.gen(node.value) + ';';
	}

	return { parse: parse, strip: strip, enumText: enumText, thisAssignText: thisAssignText };
})();
