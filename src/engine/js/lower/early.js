/* A transformer run before TypeScript's own (transpile.js passes it to
 * program.emit): the errors of let, const and class that their ES5 `var`
 * loses, where the code shows them without running it.
 *
 *  - An assignment to a const (=, op=, ++, --) throws node's TypeError
 *    "Assignment to constant variable." where it stands: `c = f()` calls f
 *    first, as the spec's PutValue comes after the right side.
 *  - A use of a let, const or class binding before its declaration in the
 *    same function (the temporal dead zone: textually before it, or in its
 *    own initializer) throws node's ReferenceError "Cannot access 'x'
 *    before initialization"; `typeof x` too.
 *
 * What only running shows stays as ES5 has it: a closure that reads a
 * binding before the code that declares it has run (`function f() {
 * return y } f(); let y`), a switch case that uses another case's let,
 * a destructuring assignment to a const. The helpers are the prelude's
 * (__sbx_tdz, __sbx_const_assign in builtins/errors.js). */
var __sbx_early = (function () {
	var K = ts.SyntaxKind;

	/* The function-like node (or the file) whose activation a node belongs
	 * to: a class field's initializer runs at construction, a static block
	 * at class definition. */
	function owner(n) {
		for (var p = n.parent; p; p = p.parent)
			if (ts.isFunctionLike(p) || ts.isClassStaticBlockDeclaration(p) || ts.isPropertyDeclaration(p) ||
			    ts.isSourceFile(p)) return p;
		return null;
	}

	/* The let/const/class names the file declares, each with the end of
	 * its last declaration: only an identifier of one of these names that
	 * is an assignment's target or stands before that end is looked up
	 * (a lookup walks the scopes up). */
	function blockNames(sf) {
		var names = {}, any = false;
		function bind(name, end) {
			if (!name) return;
			if (ts.isIdentifier(name)) {
				var k = '$' + ts.idText(name);
				names[k] = Math.max(names[k] || 0, end);
				any = true;
				return;
			}
			if (ts.isObjectBindingPattern(name) || ts.isArrayBindingPattern(name))
				name.elements.forEach(function (e) { if (!ts.isOmittedExpression(e)) bind(e.name, end); });
		}
		(function visit(n) {
			if (ts.isVariableDeclarationList(n) && (n.flags & 3)) /* NodeFlags.Let | Const */
				n.declarations.forEach(function (d) { bind(d.name, d.end); });
			else if (ts.isClassDeclaration(n) && n.name)
				bind(n.name, n.end);
			ts.forEachChild(n, visit);
		})(sf);
		return any ? names : null;
	}

	/* Scopes, as far as these names need them (the type checker would
	 * resolve names too, but costs more than the whole transform): each
	 * node that opens a scope gets the declarations of the names made in
	 * it; a reference is resolved by walking up to the first that has it.
	 * A function's parameters and body share one scope; var and a
	 * function declared at its top go to the function (or the file). */
	function isVarScope(n) {
		/* a TypeScript namespace's body is a function of its own too */
		return ts.isFunctionLike(n) || ts.isSourceFile(n) || ts.isClassStaticBlockDeclaration(n) || ts.isModuleBlock(n);
	}
	function isScope(n) {
		if (isVarScope(n) || ts.isForStatement(n) || ts.isForInStatement(n) || ts.isForOfStatement(n) ||
		    ts.isCaseBlock(n) || ts.isCatchClause(n))
			return true;
		return ts.isBlock(n) && !(n.parent && (ts.isFunctionLike(n.parent) || ts.isClassStaticBlockDeclaration(n.parent)));
	}
	function scopeOf(n) {
		for (var p = n.parent; p; p = p.parent) if (isScope(p)) return p;
		return null;
	}
	function varScopeOf(n) {
		for (var p = n.parent; p; p = p.parent) if (isVarScope(p)) return p;
		return null;
	}
	function declare(scope, name, kind, decl, names) {
		if (!scope || !names['$' + ts.idText(name)]) return;
		var m = scope.__sbx_decls || (scope.__sbx_decls = {});
		m['$' + ts.idText(name)] = { kind: kind, decl: decl };
	}
	function declarePattern(scope, name, kind, decl, names) {
		if (!name) return;
		if (ts.isIdentifier(name)) return declare(scope, name, kind, decl, names);
		if (ts.isObjectBindingPattern(name) || ts.isArrayBindingPattern(name))
			name.elements.forEach(function (e) { if (!ts.isOmittedExpression(e)) declarePattern(scope, e.name, kind, decl, names); });
	}
	function declarations(sf, names) {
		(function visit(n) {
			if (ts.isVariableDeclarationList(n)) {
				var kind = n.flags & 2 ? 'const' : n.flags & 1 ? 'let' : 'var';
				var sc = kind === 'var' ? varScopeOf(n) : scopeOf(n);
				n.declarations.forEach(function (d) { declarePattern(sc, d.name, kind, d, names); });
			} else if (ts.isClassDeclaration(n) && n.name) {
				declare(scopeOf(n), n.name, 'class', n, names);
			} else if (ts.isFunctionDeclaration(n) && n.name) {
				declare(scopeOf(n), n.name, 'var', n, names);
			} else if ((ts.isFunctionExpression(n) || ts.isClassExpression(n)) && n.name) {
				declare(n, n.name, 'var', n, names);
			} else if (ts.isParameter(n)) {
				declarePattern(n.parent, n.name, 'var', n, names);
			} else if (ts.isCatchClause(n) && n.variableDeclaration) {
				declarePattern(n, n.variableDeclaration.name, 'var', n, names);
				ts.forEachChild(n.block, visit);
				return;
			} else if (ts.isImportClause(n) || ts.isImportSpecifier(n) || ts.isNamespaceImport(n) ||
				   ts.isImportEqualsDeclaration(n)) {
				if (n.name) declare(sf, n.name, 'var', n, names);
			}
			ts.forEachChild(n, visit);
		})(sf);
	}
	/* The declaration a reference binds to, when it is a let, const or
	 * class; its kind ('const', 'let', 'class'). */
	function blockDecl(id) {
		var key = '$' + ts.idText(id);
		for (var s = scopeOf(id); s; s = scopeOf(s)) {
			var b = s.__sbx_decls && s.__sbx_decls[key];
			if (b) return b.kind === 'var' ? null : b;
		}
		return null;
	}

	/* Is this identifier a read or write of a binding (not a declaration's
	 * name, a property name, a label or a type)? */
	function isReference(id) {
		var p = id.parent;
		if (!p || ts.isPartOfTypeNode(id)) return false;
		if ((ts.isPropertyAccessExpression(p) && p.name === id) || (ts.isPropertyAssignment(p) && p.name === id) ||
		    ts.isShorthandPropertyAssignment(p) || ts.isExportSpecifier(p) || ts.isImportSpecifier(p) ||
		    ts.isImportClause(p) || ts.isNamespaceImport(p) || ts.isLabeledStatement(p) ||
		    ts.isBreakOrContinueStatement(p) || ts.isQualifiedName(p) || ts.isMetaProperty(p))
			return false;
		if (p.name === id && (ts.isDeclaration(p) || ts.isBindingElement(p))) return false;
		if (ts.isBindingElement(p) && p.propertyName === id) return false;
		if ((ts.isMethodDeclaration(p) || ts.isPropertyDeclaration(p) || ts.isGetAccessor(p) || ts.isSetAccessor(p)) && p.name === id)
			return false;
		return true;
	}

	function call(name, id) {
		return ts.factory.createCallExpression(ts.factory.createIdentifier(name), undefined,
			[ts.factory.createStringLiteral(ts.idText(id))]);
	}

	var ASSIGN = {};
	[K.EqualsToken, K.PlusEqualsToken, K.MinusEqualsToken, K.AsteriskEqualsToken, K.AsteriskAsteriskEqualsToken,
	 K.SlashEqualsToken, K.PercentEqualsToken, K.LessThanLessThanEqualsToken, K.GreaterThanGreaterThanEqualsToken,
	 K.GreaterThanGreaterThanGreaterThanEqualsToken, K.AmpersandEqualsToken, K.BarEqualsToken, K.CaretEqualsToken,
	 K.AmpersandAmpersandEqualsToken, K.BarBarEqualsToken, K.QuestionQuestionEqualsToken].forEach(function (k) { ASSIGN[k] = true; });

	/* The identifiers a declaration's name binds (a pattern's too). */
	function boundIds(name, out) {
		if (!name) return out;
		if (ts.isIdentifier(name)) out.push(name);
		else if (ts.isObjectBindingPattern(name) || ts.isArrayBindingPattern(name))
			name.elements.forEach(function (e) { if (!ts.isOmittedExpression(e)) boundIds(e.name, out); });
		return out;
	}

	/* A name declared twice where one of the two is a let, const or class
	 * (`class A {} class A {}`, `var x; let x`, a parameter and a let of
	 * its function's body, a catch parameter and a let of its block) is
	 * an early SyntaxError in node: nothing runs. ES5's var would run
	 * the program. The later of the first such pair, or null. Functions
	 * declared in blocks are left out (sloppy code may repeat them). */
	function redeclared(sf) {
		var lexical = [], others = [];
		(function visit(n) {
			if (ts.isVariableDeclarationList(n)) {
				var isLexical = (n.flags & 3) !== 0; /* NodeFlags.Let | Const */
				n.declarations.forEach(function (d) {
					boundIds(d.name, []).forEach(function (id) {
						if (isLexical) lexical.push({ id: id, scope: scopeOf(n) });
						else others.push({ id: id, from: scopeOf(n), to: varScopeOf(n) });
					});
				});
			} else if (ts.isClassDeclaration(n) && n.name) {
				lexical.push({ id: n.name, scope: scopeOf(n) });
			} else if (ts.isFunctionDeclaration(n) && n.name && n.parent &&
				   (ts.isSourceFile(n.parent) || (ts.isBlock(n.parent) && n.parent.parent && ts.isFunctionLike(n.parent.parent)))) {
				var fs = scopeOf(n);
				others.push({ id: n.name, from: fs, to: fs });
			} else if (ts.isParameter(n) && n.parent && ts.isFunctionLike(n.parent)) {
				boundIds(n.name, []).forEach(function (id) { others.push({ id: id, from: n.parent, to: n.parent }); });
			} else if (ts.isCatchClause(n) && n.variableDeclaration) {
				boundIds(n.variableDeclaration.name, []).forEach(function (id) { others.push({ id: id, from: n.block, to: n.block }); });
			}
			ts.forEachChild(n, visit);
		})(sf);
		if (!lexical.length) return null;
		var best = null;
		function clash(a, b) {
			var later = a.pos > b.pos ? a : b;
			if (!best || later.pos < best.pos) best = later;
		}
		var seen = [];
		lexical.forEach(function (l) {
			var key = '$' + ts.idText(l.id);
			var m = l.scope.__sbx_lexical || (l.scope.__sbx_lexical = {});
			if (m[key]) clash(m[key], l.id);
			else { m[key] = l.id; seen.push(l.scope); }
		});
		others.forEach(function (o) {
			var key = '$' + ts.idText(o.id);
			for (var sc = o.from; sc; sc = sc === o.to ? null : scopeOf(sc)) {
				var found = sc.__sbx_lexical && sc.__sbx_lexical[key];
				if (found) clash(found, o.id);
			}
		});
		seen.forEach(function (sc) { sc.__sbx_lexical = undefined; });
		return best;
	}

	/* sf: the file being emitted. Returns the transformer factory, or
	 * null when the file declares no let, const or class. */
	function early(sf) {
		var names = blockNames(sf);
		if (!names) return null;
		declarations(sf, names);

		/* What the identifier's use is: null (fine), 'tdz', 'const' */
		function problem(id, target) {
			var end = names['$' + ts.idText(id)];
			if (!end || (!target && id.pos >= end) || !isReference(id)) return null;
			var b = blockDecl(id);
			if (!b || b.decl.name === id) return null;
			var declOwner = owner(b.decl);
			if (owner(id) === declOwner && ts.getTokenPosOfNode(id, sf) < b.decl.end) return 'tdz';
			return b.kind === 'const' ? 'const' : null;
		}

		return function (context) {
			function visit(node) {
				var f = ts.factory;
				/* assignments: the target's problem decides */
				if (ts.isBinaryExpression(node) && ASSIGN[node.operatorToken.kind] && ts.isIdentifier(node.left)) {
					var pb = problem(node.left, true);
					var rhs = ts.visitNode(node.right, visit);
					if (pb === 'tdz' && node.operatorToken.kind !== K.EqualsToken)
						return call('__sbx_tdz', node.left); /* op= reads it first */
					if (pb === 'tdz' || pb === 'const')
						return f.createParenthesizedExpression(f.createCommaListExpression([rhs,
							call(pb === 'tdz' ? '__sbx_tdz' : '__sbx_const_assign', node.left)]));
					return f.updateBinaryExpression(node, node.left, node.operatorToken, rhs);
				}
				if ((ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) &&
				    (node.operator === K.PlusPlusToken || node.operator === K.MinusMinusToken) &&
				    ts.isIdentifier(node.operand)) {
					var pu = problem(node.operand, true);
					if (pu) return call(pu === 'tdz' ? '__sbx_tdz' : '__sbx_const_assign', node.operand);
					return node;
				}
				if (ts.isIdentifier(node)) {
					if (problem(node, false) === 'tdz') return call('__sbx_tdz', node);
					return node;
				}
				return ts.visitEachChild(node, visit, context);
			}
			return function (file) { return ts.visitNode(file, visit); };
		};
	}
	early.redeclared = redeclared;
	return early;
})();
