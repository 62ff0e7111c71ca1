/* A transformer run before TypeScript's own (transpile.js passes it to
 * program.emit): what ES2015 functions and classes show that their ES5
 * lowering loses, put back through helpers of src/engine/js/builtins/functions.js.
 *
 *  - Names: ES2015 names an anonymous function or class after what it is
 *    assigned to (`{ fn: function () {} }`, `const f = () => 1`, default
 *    values, class fields; the spec's NamedEvaluation); Duktape names a
 *    function only by its own name, and TypeScript's ES5 for a method
 *    (`{ m() {} }`, `class { m() {} }`) is an anonymous function. The
 *    function goes through __sbx_name(f, "fn"); an object literal with
 *    methods through __sbx_methods(o, "m", ...).
 *  - Classes: a class becomes a function. A static block, first of its
 *    members, calls __sbx_class(this, name), which marks it as a class
 *    (util.inspect prints [class Foo]; the mark is under a hidden key no
 *    script can see), names its methods, and gives an anonymous class its
 *    ES2015 name ('' or the inferred one: TypeScript calls it class_1).
 *  - Kinds: `function*` and `async function` become plain functions;
 *    __sbx_kind(f, 'GeneratorFunction') lets inspect print
 *    [GeneratorFunction: f]. A declaration is marked by a statement at
 *    the top of its block (declarations hoist).
 *
 * The code TypeScript then emits keeps the program's semantics: the
 * helpers return what they are given and only define `name` (configurable
 * in ES2015) or the hidden mark.
 */
var __sbx_names = (function () {
	var K = ts.SyntaxKind;

	function keyText(name) {
		if (!name) return null;
		/* (an identifier's text is ts.idText's: the ES5 build has no .text getter) */
		if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) return ts.idText(name);
		if (ts.isStringLiteral(name)) return name.text;
		if (ts.isNumericLiteral(name)) return String(Number(name.text));
		return null; /* computed: known only when it runs */
	}

	/* The name ES2015 gives the anonymous function or class `node` from
	 * where it stands, or null. */
	function inferred(node) {
		var p = node.parent;
		if (!p) return null;
		switch (p.kind) {
		case K.VariableDeclaration:
		case K.Parameter:
		case K.BindingElement:
			return p.initializer === node && ts.isIdentifier(p.name) ? ts.idText(p.name) : null;
		case K.PropertyAssignment:
		case K.PropertyDeclaration:
			return p.initializer === node ? keyText(p.name) : null;
		case K.ShorthandPropertyAssignment:
			return p.objectAssignmentInitializer === node ? ts.idText(p.name) : null;
		case K.BinaryExpression:
			var op = p.operatorToken.kind;
			if (p.right !== node || !ts.isIdentifier(p.left)) return null;
			return op === K.EqualsToken || op === K.AmpersandAmpersandEqualsToken || op === K.BarBarEqualsToken ||
				op === K.QuestionQuestionEqualsToken ? ts.idText(p.left) : null;
		}
		return null;
	}

	function hasModifier(node, kind) {
		var m = node.modifiers;
		if (!m) return false;
		for (var i = 0; i < m.length; i++) if (m[i].kind === kind) return true;
		return false;
	}

	function kindOf(node) {
		var async = hasModifier(node, K.AsyncKeyword), gen = !!node.asteriskToken;
		return async && gen ? 'AsyncGeneratorFunction' : gen ? 'GeneratorFunction' : async ? 'AsyncFunction' : null;
	}

	return function (context) {
		var f = ts.factory;

		function call(helper, args) {
			return f.createCallExpression(f.createIdentifier(helper), undefined, args);
		}

		/* statements with __sbx_kind(...) for the generator and async
		 * function declarations among them, after the prologue */
		function markDeclarations(statements) {
			var marks = [], i;
			for (i = 0; i < statements.length; i++) {
				var s = statements[i], k;
				if (ts.isFunctionDeclaration(s) && s.name && s.body && (k = kindOf(s)))
					marks.push(f.createExpressionStatement(call('__sbx_kind', [f.createIdentifier(ts.idText(s.name)), f.createStringLiteral(k)])));
			}
			if (!marks.length) return null;
			for (i = 0; i < statements.length && ts.isExpressionStatement(statements[i]) &&
				ts.isStringLiteral(statements[i].expression); i++) ;
			return statements.slice(0, i).concat(marks, statements.slice(i));
		}

		function visitClass(node) {
			var v = ts.visitEachChild(node, visit, context);
			if (hasModifier(node, K.DeclareKeyword)) return v;
			var args = [f.createThis()];
			if (!node.name) args.push(f.createStringLiteral(inferred(node) || ''));
			var block = f.createClassStaticBlockDeclaration(f.createBlock([f.createExpressionStatement(call('__sbx_class', args))], false));
			var members = [block].concat(v.members);
			if (ts.isClassDeclaration(v))
				return f.updateClassDeclaration(v, v.modifiers, v.name, v.typeParameters, v.heritageClauses, members);
			return f.updateClassExpression(v, v.modifiers, v.name, v.typeParameters, v.heritageClauses, members);
		}

		function visit(node) {
			var v, k, name, i;
			switch (node.kind) {
			case K.ClassDeclaration:
			case K.ClassExpression:
				return visitClass(node);
			case K.FunctionExpression:
			case K.ArrowFunction:
				v = ts.visitEachChild(node, visit, context);
				k = kindOf(node);
				name = node.name ? null : inferred(node);
				if (k) v = call('__sbx_kind', [v, f.createStringLiteral(k)]);
				if (name !== null) v = call('__sbx_name', [v, f.createStringLiteral(name)]);
				return v;
			case K.ObjectLiteralExpression:
				v = ts.visitEachChild(node, visit, context);
				var keys = [];
				for (i = 0; i < node.properties.length; i++) {
					var p = node.properties[i];
					if (ts.isMethodDeclaration(p) && (name = keyText(p.name)) !== null) keys.push(f.createStringLiteral(name));
				}
				return keys.length ? call('__sbx_methods', [v].concat(keys)) : v;
			case K.SourceFile:
				v = ts.visitEachChild(node, visit, context);
				var st = markDeclarations(v.statements);
				return st ? f.updateSourceFile(v, st) : v;
			case K.Block:
			case K.ModuleBlock:
				v = ts.visitEachChild(node, visit, context);
				var bs = markDeclarations(v.statements);
				if (!bs) return v;
				return ts.isBlock(v) ? f.updateBlock(v, bs) : f.updateModuleBlock(v, bs);
			}
			return ts.visitEachChild(node, visit, context);
		}
		return function (sf) { return visit(sf); };
	};
})();
