/* The subset lowering (issue #17): the ES2015-ES2022 syntax that nearly
 * every snippet uses, lowered to ES5 on acorn's tree in a fraction of the
 * TypeScript compiler's time. Anything else (async generators, private
 * fields, a loop variable captured by a closure, ...) makes it give up
 * with a reason, and the TypeScript route (transpile.js) lowers the code
 * as before: this route only has to be right for what it accepts.
 *
 * __sbx_lower_subset(src, reserved, ts) returns { code, lines } as __sbx_lower does, or
 * { fallback: "why" }. Its output keeps every line of the source on its
 * line (text is only replaced within a line, or padded with the newlines
 * it replaced), so the line map is the identity.
 *
 * The code is written out by splicing: a node's text is its source with
 * its children's texts replaced by their lowered texts (gen), so comments,
 * layout and everything already ES5 stay as they are. Helpers the output
 * calls (__sbx_iter, ...) are prepended on line 1, only those it uses.
 * Runs in the lowering's own Duktape heap (ES5 only), after acorn.js,
 * subset_scope.js, subset_helpers.js and subset_pattern.js. */
var __sbx_lower_subset = (function () {
	var S = __sbx_subset_scope, P = __sbx_subset_pattern, H = __sbx_subset_helpers;
	var bail = S.bail, children = S.children;

	/* ---- the state of one lowering ---- */
	var src, info, used, ctxStack;

	/* A function (or the program): where `var` temporaries, the captured
	 * `this` and `arguments` of its arrows, and parameter prologues go. */
	function Ctx(node) {
		this.node = node;
		this.temps = [];
		this.thisName = null;
		this.argsName = null;
		this.prologue = [];
		this.marks = [];
		this.classCtor = null; /* a derived class's constructor: its `this` is thisName */
	}
	function fnCtx() { return ctxStack[ctxStack.length - 1]; }
	/* the context `this` and `arguments` belong to (arrows have none) */
	function lexicalCtx() {
		for (var i = ctxStack.length - 1; i > 0; i--)
			if (!isArrowCtx(ctxStack[i])) return ctxStack[i];
		return ctxStack[0];
	}
	/* the function the code being written is in (a loop's per-iteration
	 * body or a class's IIFE is not one), null at the top level */
	function ownFunction() {
		for (var i = ctxStack.length - 1; i > 0; i--) if (S.isFunction(ctxStack[i].node)) return ctxStack[i].node;
		return null;
	}
	function temp() {
		var c = fnCtx(), n = info.fresh('_t');
		c.temps.push(n);
		return n;
	}
	function helper(name) {
		used[name] = true;
		return H.name(name);
	}

	function newlines(s) {
		var n = 0;
		for (var i = s.indexOf('\n'); i >= 0; i = s.indexOf('\n', i + 1)) n++;
		return n;
	}
	/* text standing for src[a, b): at least as many newlines */
	function pad(text, a, b) {
		var want = newlines(src.slice(a, b)), have = newlines(text);
		while (have++ < want) text += '\n';
		return text;
	}

	/* ---- writing out ---- */

	/* src[from, to) with the children inside it replaced by their texts */
	function splice(node, from, to) {
		if (from === undefined) { from = node.start; to = node.end; }
		var kids = children(node), out = '', at = from;
		for (var i = 0; i < kids.length; i++) {
			var k = kids[i];
			if (k.start < from || k.end > to) continue;
			out += src.slice(at, k.start) + gen(k);
			at = k.end;
		}
		return out + src.slice(at, to);
	}

	function gen(node) {
		var h = handlers[node.type], f = null, label = null;
		if (frames.length) {
			if (S.isLoop(node) || node.type === 'SwitchStatement') f = nested(node, S.isLoop(node));
			else if (node.type === 'LabeledStatement' && (f = frame())) {
				label = node.label.name;
				f.labels.push(label);
			}
		}
		var text = h ? h(node) : splice(node);
		if (f && label) f.labels.pop();
		else if (f) {
			f.nest--;
			if (S.isLoop(node)) f.loops--;
		}
		return h ? pad(text, node.start, node.end) : text;
	}

	/* a function's text with its context: params and body lowered, the
	 * prologue (parameter defaults and patterns, temporaries, captured this)
	 * put right after the body's `{`, on its line */
	function genFunction(node, head, extra, classThis) {
		if (node.generator && node.async) bail('an async generator');
		var c = new Ctx(node);
		if (classThis) {
			c.classCtor = true;
			c.thisName = classThis;
		}
		if (extra) c.prologue.push(extra);
		ctxStack.push(c);
		var params = P.params(node, c, api);
		var body, isExpr = node.body.type !== 'BlockStatement';
		if (isExpr) body = ' return ' + gen(node.body) + '; ';
		else body = splice(node.body, node.body.start + 1, node.body.end - 1);
		ctxStack.pop();
		var pro = prologue(c);
		/* `;` first: the body's last statement may end without one */
		if (classThis) body += '; return ' + classThis + '; ';
		if (!node.async && !node.generator) return pad(head + '(' + params + ') {' + pro + body + '}', node.start, node.end);
		/* async (builtins/async.js) and generators (builtins/generators.js):
		 * the body runs in a coroutine of its own; the outer function
		 * keeps ES2015's length (the parameters before the first default
		 * or rest) */
		var outer = [], ps = node.params;
		for (var i = 0; i < ps.length && ps[i].type !== 'AssignmentPattern' && ps[i].type !== 'RestElement'; i++) outer.push(info.fresh('_a'));
		if (node.generator) return generatorFunction(node, head, outer, params, pro, body);
		var text = head + '(' + outer.join(', ') + ') { return ' + helper('async') + '(this, arguments, function (' + params + ') {' +
			pro + body + '}); }';
		if (node.type !== 'FunctionDeclaration') text = helper('kind') + '(' + text + ', "AsyncFunction")';
		else if (isTopDeclaration(node)) fnCtx().marks.push(helper('kind') + '(' + gen(node.id) + ', "AsyncFunction");');
		return pad(text, node.start, node.end);
	}
	/* declared at the top of the program or of a function's body: hoisted,
	 * and marked there in the prologue */
	function isTopDeclaration(node) {
		return node.parent.type === 'Program' || (node.parent.type === 'BlockStatement' && node.parent.parent && S.isFunction(node.parent.parent));
	}
	/* function* (builtins/generators.js): __sbx_gen needs the function
	 * itself, for its prototype property. A declaration's name may be
	 * assigned to, so it is kept in a temporary of its own when marked; an
	 * anonymous function gets a name of the lowering's, taken off again by
	 * __sbx_kind. A body with a parameter prologue (early) binds its
	 * parameters at the call and waits at __sbx_genReady(). */
	function generatorFunction(node, head, outer, params, pro, body) {
		var self, anonymous = false, early = false;
		for (var i = 0; i < node.params.length; i++) if (node.params[i].type !== 'Identifier') early = true;
		if (node.type === 'FunctionDeclaration') {
			/* in a block ES2015 scopes it to the block, Duktape hoists it */
			if (!isTopDeclaration(node)) bail('a generator declaration in a block');
			/* the mark would go to whichever declaration wins */
			if (node.id.$binding && node.id.$binding.ids.length > 1) bail('a generator declaration of a name declared again');
			self = info.fresh('_gen');
			fnCtx().temps.push(self);
			fnCtx().marks.push(self + ' = ' + helper('kind') + '(' + gen(node.id) + ', "GeneratorFunction");');
		} else if (node.id) {
			self = node.id.name;
		} else {
			self = info.fresh('_gen');
			head += self + ' ';
			anonymous = true;
		}
		var text = head + '(' + outer.join(', ') + ') { return ' + helper('gen') + '(' + self + ', this, arguments, function (' + params + ') {' +
			pro + (early ? ' ' + helper('genReady') + '();' : '') + body + '}' + (early ? ', 1' : '') + '); }';
		if (node.type !== 'FunctionDeclaration') text = helper('kind') + '(' + text + ', "GeneratorFunction"' + (anonymous ? ', ""' : '') + ')';
		return pad(text, node.start, node.end);
	}

	function prologue(c) {
		var parts = [];
		if (c.thisName) parts.push(c.classCtor ? c.thisName : c.thisName + ' = this');
		if (c.argsName) parts.push(c.argsName + ' = arguments');
		parts = parts.concat(c.temps);
		var s = parts.length ? ' var ' + parts.join(', ') + ';' : '';
		for (var i = 0; i < c.prologue.length; i++) s += ' ' + c.prologue[i];
		/* marks of async function declarations: they hoist, so at the top */
		for (var j = 0; j < c.marks.length; j++) s += ' ' + c.marks[j];
		return s;
	}

	/* NamedEvaluation (see names.js): the name ES2015 gives an anonymous
	 * function or class from where it stands, or null */
	function inferredName(node) {
		var p = node.parent;
		if (!p) return null;
		switch (p.type) {
		case 'VariableDeclarator': return p.init === node && p.id.type === 'Identifier' ? p.id.name : null;
		case 'AssignmentPattern': return p.right === node && p.left.type === 'Identifier' ? p.left.name : null;
		case 'AssignmentExpression':
			return p.right === node && p.left.type === 'Identifier' && /^(=|\|\|=|&&=|\?\?=)$/.test(p.operator) ? p.left.name : null;
		case 'Property':
		case 'PropertyDefinition':
			if (p.value !== node || p.computed) return null;
			return p.key.type === 'Identifier' ? p.key.name : p.key.type === 'Literal' ? String(p.key.value) : null;
		}
		return null;
	}
	function named(node, text) {
		if (node.id) return text;
		var n = inferredName(node);
		return n === null ? text : helper('name') + '(' + text + ', ' + JSON.stringify(n) + ')';
	}

	/* the nodes whose statements are a list (see ExpressionStatement) */
	var STATEMENT_LISTS = { Program: 1, BlockStatement: 1, SwitchCase: 1, StaticBlock: 1 };

	function isArrowCtx(c) { return c.arrowLike || c.node.type === 'ArrowFunctionExpression'; }

	/* ---- loops whose bindings closures capture ---- */

	/* The loop bodies being written as a function per iteration (innermost
	 * last): a break, continue or return in them becomes a return the loop
	 * dispatches on. */
	var frames = [];
	function frame() {
		var f = frames[frames.length - 1];
		return f && f.ctx === fnCtx() ? f : null;
	}

	/* the body of loop as `{ _s = (function (names) { body })(names); dispatch }` */
	function perIterationBody(loop, names) {
		var c = new Ctx(loop.body), lab = loop.parent.type === 'LabeledStatement' ? loop.parent.label.name : null;
		c.arrowLike = true; /* this and arguments are the loop's */
		var f = { ctx: c, labels: [], nest: 0, loops: 0, brk: false, ret: false, own: lab, jumps: [] };
		frames.push(f);
		ctxStack.push(c);
		var body = loop.body.type === 'BlockStatement' ? splice(loop.body, loop.body.start + 1, loop.body.end - 1) : gen(loop.body);
		ctxStack.pop();
		frames.pop();
		var st = temp(), outer = frame();
		var text = '{ ' + st + ' = (function (' + names.join(', ') + ') {' + prologue(c) + ' ' + body + ' })(' + names.join(', ') + ');';
		if (f.brk) text += ' if (' + st + ' === "break") break;';
		for (var j = 0; j < f.jumps.length; j++) {
			var kl = f.jumps[j].split(':');
			text += ' if (' + st + ' === "' + f.jumps[j] + '") ' + jump(kl[0], kl[1], null);
		}
		if (f.ret) {
			if (outer) outer.ret = true;
			text += ' if (typeof ' + st + ' === "object") return ' + (outer ? st : st + '.value') + ';';
		}
		return pad(text + ' }', loop.body.start, loop.body.end);
	}
	/* the names a loop's head declares, as written out */
	function headNames(loop) {
		var d = loop.type === 'ForStatement' ? loop.init : loop.left;
		if (!d || d.type !== 'VariableDeclaration' || d.kind === 'var') return [];
		var out = [];
		for (var i = 0; i < d.declarations.length; i++) {
			var ids = S.patternIds(d.declarations[i].id, []);
			for (var j = 0; j < ids.length; j++) out.push(ids[j].$binding && ids[j].$binding.newName || ids[j].name);
		}
		return out;
	}
	/* a loop's text: src up to its body, then the body per iteration */
	function loopWithBody(node) {
		if (!node.$perIteration) return splice(node);
		var text = splice(node, node.start, node.body.start) + perIterationBody(node, headNames(node));
		return text + splice(node, node.body.end, node.end);
	}
	/* A break or continue: as written, or inside a per-iteration body a
	 * return of what the loop must do (a jump to a label further out is
	 * handed on by each body to the next). */
	function jump(kind, label, node) {
		var f = frame();
		if (!f) return node ? splice(node) : kind + ' ' + label + ';';
		if (label !== null) {
			if (f.labels.indexOf(label) >= 0) return node ? splice(node) : kind + ' ' + label + ';';
			if (label !== f.own) {
				var key = kind + ':' + label;
				if (f.jumps.indexOf(key) < 0) f.jumps.push(key);
				return 'return "' + key + '";';
			}
		} else if (kind === 'break' ? f.nest > 0 : f.loops > 0) return splice(node);
		if (kind === 'continue') return 'return;';
		f.brk = true;
		return 'return "break";';
	}

	/* inside a per-iteration body: nested loops and switches own their
	 * unlabelled breaks, labels their labelled ones */
	function nested(node, isLoopNode) {
		var f = frame();
		if (!f) return null;
		f.nest++;
		if (isLoopNode) f.loops++;
		return f;
	}

	var handlers = {
		Identifier: function (node) {
			if (!node.$ref) return node.name; /* a property name or a label */
			var b = node.$binding;
			if (node.name === 'arguments' && !b) {
				if (isArrowCtx(fnCtx())) {
					var lc = lexicalCtx();
					if (lc === ctxStack[0]) bail('arguments outside a function');
					if (!lc.argsName) lc.argsName = info.fresh('_arguments');
					return lc.argsName;
				}
				return 'arguments';
			}
			return b && b.newName ? b.newName : node.name;
		},
		ThisExpression: function () {
			var lc = lexicalCtx();
			if (lc.classCtor) return lc.thisName;
			if (!isArrowCtx(fnCtx())) return 'this';
			if (!lc.thisName) lc.thisName = info.fresh('_this');
			return lc.thisName;
		},
		Super: function () { bail('super outside a class method'); },
		MemberExpression: function (node) {
			if (node.object.type === 'Super') return __sbx_subset_class.superMember(node, api);
			return splice(node);
		},
		MetaProperty: function () { bail('new.target'); },
		Literal: function (node) {
			if (node.regex) {
				var f = node.regex.flags, body = node.regex.pattern;
				if (/[suyd]/.test(f) || /\(\?<[=!]|\\[pP]\{/.test(body)) bail('a regular expression Duktape lacks');
				/* named groups: the runtime's RegExp compiles them (as
				 * transpile.js's namedGroupRegexes does) */
				if (/\(\?<[^=!]|\\k</.test(body)) return '(new RegExp(' + P.quote(body) + ', ' + P.quote(f) + '))';
				return node.raw;
			}
			if (node.bigint !== undefined) bail('BigInt');
			if (typeof node.value === 'number' && /[_boBOxX]/.test(node.raw) && !/^0[xX][0-9a-fA-F]+$/.test(node.raw))
				return String(node.value);
			if (typeof node.value === 'string' && /\\u\{|[\u2028\u2029]/.test(node.raw)) return P.quote(node.value);
			return node.raw;
		},
		TemplateLiteral: function (node) {
			var q = node.quasis, e = node.expressions;
			var s = P.quote(q[0].value.cooked), args = [];
			for (var i = 0; i < e.length; i++) {
				args.push(gen(e[i]));
				if (q[i + 1].value.cooked !== '') args.push(P.quote(q[i + 1].value.cooked));
			}
			var lines = newlines(src.slice(node.start, node.end)) - newlines(args.join(''));
			while (lines-- > 0) s += '\n';
			return args.length ? '(' + s + '.concat(' + args.join(', ') + '))' : s;
		},
		TaggedTemplateExpression: function (node) {
			/* tag(strings, ...values): one frozen strings array (with .raw)
			 * per call site, made on its first evaluation */
			var q = node.quasi.quasis, cooked = [], raw = [], i;
			for (i = 0; i < q.length; i++) {
				cooked.push(q[i].value.cooked === null || q[i].value.cooked === undefined ? 'void 0' : P.quote(q[i].value.cooked));
				raw.push(P.quote(q[i].value.raw));
			}
			var site = info.fresh('_tpl');
			ctxStack[0].temps.push(site);
			var args = [site + ' || (' + site + ' = ' + helper('tpl') + '([' + cooked.join(', ') + '], [' + raw.join(', ') + ']))'];
			for (i = 0; i < node.quasi.expressions.length; i++) args.push(P.arg(node.quasi.expressions[i], gen(node.quasi.expressions[i])));
			var t = node.tag, fn;
			if (t.type === 'MemberExpression' && t.object.type !== 'Super') {
				var obj = gen(t.object), recv = temp();
				fn = '(' + recv + ' = ' + obj + ')' + (t.computed ? '[' + gen(t.property) + ']' : '.' + t.property.name);
				return fn + '.call(' + [recv].concat(args).join(', ') + ')';
			}
			return P.paren(t, gen(t)) + '(' + args.join(', ') + ')';
		},
		ArrowFunctionExpression: function (node) {
			return '(' + named(node, genFunction(node, 'function ')) + ')';
		},
		FunctionExpression: function (node) {
			var head = 'function ' + (node.id ? gen(node.id) : '');
			var parent = node.parent;
			if (parent.type === 'Property' && (parent.method || parent.kind !== 'init'))
				return genFunction(node, 'function ');
			if (parent.type === 'MethodDefinition') return genFunction(node, 'function ');
			return named(node, genFunction(node, head));
		},
		FunctionDeclaration: function (node) {
			if (frame()) bail('a function declaration in a loop body that closures capture');
			return genFunction(node, 'function ' + gen(node.id));
		},
		Program: function (node) {
			var c = new Ctx(node);
			ctxStack = [c];
			var start = 0;
			/* after a hashbang line and the directive prologue */
			var body = node.body, i = 0;
			while (i < body.length && body[i].type === 'ExpressionStatement' && body[i].directive !== undefined) i++;
			if (i > 0) start = body[i - 1].end;
			else if (src.slice(0, 2) === '#!') start = src.indexOf('\n') < 0 ? src.length : src.indexOf('\n') + 1;
			var text = splice(node, start, node.end);
			var head = src.slice(0, start);
			return { head: head, pro: prologue(c), body: text };
		},
		VariableDeclaration: function (node) {
			if (node.kind === 'var' && frame()) bail('var in a loop body that closures capture');
			return P.declaration(node, api);
		},
		ObjectExpression: function (node) { return P.object(node, api); },
		ArrayExpression: function (node) { return P.array(node, api); },
		CallExpression: function (node) { return P.call(node, api); },
		NewExpression: function (node) { return P.newCall(node, api); },
		ChainExpression: function (node) { return P.chain(node, api); },
		AssignmentExpression: function (node) { return P.assign(node, api); },
		LogicalExpression: function (node) {
			if (node.operator !== '??') return splice(node);
			var t = temp();
			return '((' + t + ' = ' + gen(node.left) + ') != null ? ' + t + ' : ' + gen(node.right) + ')';
		},
		BinaryExpression: function (node) {
			if (node.operator !== '**') return splice(node);
			return 'Math.pow(' + gen(node.left) + ', ' + gen(node.right) + ')';
		},
		ForOfStatement: function (node) { return P.forOf(node, api, null); },
		ForStatement: loopWithBody,
		WhileStatement: loopWithBody,
		DoWhileStatement: loopWithBody,
		BreakStatement: function (node) { return jump('break', node.label ? node.label.name : null, node); },
		ContinueStatement: function (node) { return jump('continue', node.label ? node.label.name : null, node); },
		ReturnStatement: function (node) {
			var f = frame();
			if (!f) return splice(node);
			f.ret = true;
			return 'return { value: ' + (node.argument ? gen(node.argument) : 'void 0') + ' };';
		},
		LabeledStatement: function (node) {
			if (node.body.type === 'ForOfStatement')
				return P.forOf(node.body, api, src.slice(node.start, node.body.start));
			return splice(node);
		},
		ForInStatement: function (node) {
			if (node.left.type === 'VariableDeclaration' && node.left.declarations[0].id.type !== 'Identifier')
				bail('a pattern in for-in');
			return loopWithBody(node);
		},
		ExpressionStatement: function (node) {
			/* must not start with `function` or `{` (a lowered arrow or
			 * literal): those would parse as a declaration or a block */
			if (node.start !== node.expression.start) return splice(node); /* ( ... ) */
			var expr = gen(node.expression);
			if (/^(function\b|\{)/.test(expr)) expr = '(' + expr + ')';
			/* A lowered expression may now start with ( or [ where the
			 * source did not (a?.b(), x ??= y): after a statement without
			 * its semicolon that would continue it as a call or an index.
			 * An empty statement first keeps them apart (only in a list
			 * of statements: `if (c) x?.y()` must keep its one). */
			if (/^[([]/.test(expr) && expr.charAt(0) !== src.charAt(node.start) && STATEMENT_LISTS[node.parent.type])
				expr = ';' + expr;
			return expr + src.slice(node.expression.end, node.end);
		},
		CatchClause: function (node) {
			if (node.param) return splice(node);
			/* ES2019's `catch {`: ES5 needs a parameter */
			return 'catch (' + info.fresh('_e') + ') ' + gen(node.body);
		},
		ClassDeclaration: function (node) { return __sbx_subset_class.declaration(node, api); },
		ClassExpression: function (node) { return __sbx_subset_class.expression(node, api, inferredName(node)); },
		ImportDeclaration: function () { bail('modules'); },
		ExportNamedDeclaration: function () { bail('modules'); },
		ExportDefaultDeclaration: function () { bail('modules'); },
		ExportAllDeclaration: function () { bail('modules'); },
		ImportExpression: function () { bail('import()'); },
		AwaitExpression: function (node) {
			if (!ownFunction()) bail('top-level await');
			return helper('await') + '(' + P.arg(node.argument, gen(node.argument)) + ')';
		},
		YieldExpression: function (node) {
			var fn = ownFunction();
			if (!fn || !fn.generator) bail('yield outside a generator');
			/* return() throws into the body at the yield: no catch of the
			 * program's may see that (its finally blocks must run) */
			for (var n = node, p = node.parent; p !== fn; n = p, p = p.parent)
				if (p.type === 'TryStatement' && p.handler && p.block === n) bail('a yield in a try block with a catch');
			var arg = node.argument ? P.arg(node.argument, gen(node.argument)) : '';
			return helper(node.delegate ? 'delegate' : 'yield') + '(' + arg + ')';
		},
		PrivateIdentifier: function () { bail('private names'); },
		StaticBlock: function () { bail('a static block'); },
		WithStatement: function () { bail('with'); },
		/* TypeScript's enums and parameter properties (subset_ts.js) */
		SbxEnum: function (node) { return __sbx_subset_ts.enumText(node, api); },
		SbxThisAssign: function (node) { return __sbx_subset_ts.thisAssignText(node, api); }
	};

	/* what the other files call */
	var api = {
		gen: gen, splice: splice, temp: temp, helper: helper, bail: bail, pad: pad,
		fresh: function (b) { return info.fresh(b); },
		Ctx: Ctx, genFunction: genFunction, prologue: prologue, named: named,
		push: function (c) { ctxStack.push(c); }, pop: function () { return ctxStack.pop(); },
		ctx: fnCtx, lexicalCtx: lexicalCtx, ownFunction: ownFunction, src: function () { return src; },
		perIterationBody: perIterationBody, headNames: headNames
	};

	/* reserved: the global names a session already has, one per line
	 * (engine_duktape_kernel.c), so that the names made here are new ones */
	return function (source, reserved, ts) {
		src = source;
		var names = {}, given = typeof reserved === 'string' && reserved ? reserved.split('\n') : [];
		for (var r = 0; r < given.length; r++) names['$' + given[r]] = true;
		used = {};
		frames = [];
		var ast;
		try {
			ast = ts ? __sbx_subset_ts.parse(src) : acorn.parse(src, { ecmaVersion: 2022, sourceType: 'script',
				allowReturnOutsideFunction: true, allowHashBang: true, allowAwaitOutsideFunction: false });
		} catch (e) {
			return { fallback: 'syntax: ' + e.message };
		}
		try {
			/* TypeScript: the types blanked, in the tree and the text */
			if (ts) src = __sbx_subset_ts.strip(ast, src);
			info = S.analyse(ast, names);
			var p = handlers.Program(ast);
			var helpers = H.text(used);
			var first = p.head + helpers + p.pro;
			var code = first + p.body;
			var n = newlines(src) + 1, lines = [];
			if (newlines(code) + 1 !== n) return { fallback: 'internal: line count ' + (newlines(code) + 1) + ' != ' + n };
			for (var i = 1; i <= n; i++) lines.push(i);
			return { code: code, lines: lines.join(',') };
		} catch (e) {
			if (e instanceof S.Fallback) return { fallback: e.why };
			throw e;
		}
	};
})();
