/* The subset lowering's expressions and bindings (subset.js has the
 * overview): destructuring, parameters, spread, object literals with
 * computed keys or spread, optional chains, logical and exponent
 * assignments, for-of. Each function takes the node and subset.js's api
 * (gen, temp, helper, ...) and returns the node's ES5 text. */
var __sbx_subset_pattern = (function () {
	function quote(s) {
		return JSON.stringify(s).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
	}

	/* text that may stand as an operand of a member access or a call */
	var PRIMARY = { Identifier: 1, ThisExpression: 1, MemberExpression: 1, CallExpression: 1, Literal: 1,
		ArrayExpression: 1, ObjectExpression: 1, TemplateLiteral: 1, ChainExpression: 1, ArrowFunctionExpression: 1 };
	function paren(node, text) { return PRIMARY[node.type] ? text : '(' + text + ')'; }
	/* one argument of a call or an element of an array */
	function arg(node, text) { return node.type === 'SequenceExpression' ? '(' + text + ')' : text; }
	function simple(text) { return /^[A-Za-z_$][\w$]*$/.test(text) || text === 'this'; }

	/* the words V8 puts before "is not iterable" */
	function what(node, api) {
		var s = api.src().slice(node.start, node.end);
		return /^[A-Za-z_$][\w$.]*$/.test(s) && s.length < 80 ? quote(s) : 'null';
	}

	/* ---- destructuring: a list of "target = value" ---- */

	function keyAccess(prop, api, keys) {
		var k = prop.key;
		if (prop.computed) {
			var t = api.temp();
			keys.push(t);
			return { pre: t + ' = ' + api.gen(k), access: '[' + t + ']' };
		}
		var name = k.type === 'Identifier' ? k.name : String(k.value);
		keys.push(quote(name));
		return { pre: null, access: k.type === 'Identifier' ? '.' + name : '[' + quote(name) + ']' };
	}

	/* out gets the steps that bind (decl) or assign pattern p from the
	 * value text v (evaluated once: a name or a temporary) */
	function destructure(p, v, out, api) {
		var i, t;
		switch (p.type) {
		case 'Identifier':
		case 'MemberExpression':
			out.push(api.gen(p) + ' = ' + v);
			return;
		case 'AssignmentPattern':
			t = api.temp();
			out.push(t + ' = ' + v);
			destructure(p.left, t + ' === void 0 ? ' + arg(p.right, api.gen(p.right)) + ' : ' + t, out, api);
			return;
		case 'ObjectPattern':
			if (!simple(v)) {
				t = api.temp();
				out.push(t + ' = ' + v);
				v = t;
			}
			if (!p.properties.length) out.push(api.temp() + ' = ' + api.helper('orest') + '(' + v + ', [])');
			var keys = [];
			for (i = 0; i < p.properties.length; i++) {
				var q = p.properties[i];
				if (q.type === 'RestElement') {
					destructure(q.argument, api.helper('orest') + '(' + v + ', [' + keys.join(', ') + '])', out, api);
					continue;
				}
				var ka = keyAccess(q, api, keys);
				if (ka.pre) out.push(ka.pre);
				destructure(q.value, v + ka.access, out, api);
			}
			return;
		case 'ArrayPattern':
			var n = p.elements.length, rest = n && p.elements[n - 1] && p.elements[n - 1].type === 'RestElement';
			t = api.temp();
			out.push(t + ' = ' + api.helper('read') + '(' + v + ', ' + (rest ? -1 : n) + ')');
			for (i = 0; i < n; i++) {
				var e = p.elements[i];
				if (!e) continue;
				if (e.type === 'RestElement') destructure(e.argument, t + '.slice(' + i + ')', out, api);
				else destructure(e, t + '[' + i + ']', out, api);
			}
			return;
		}
		api.bail('a ' + p.type + ' in a pattern');
	}

	/* `let`/`const`/`var` with its declarators, as `var` */
	function declaration(node, api) {
		var src = api.src(), d = node.declarations, out = 'var' + src.slice(node.start + node.kind.length, d[0].start);
		for (var i = 0; i < d.length; i++) {
			var x = d[i];
			if (i) out += src.slice(d[i - 1].end, x.start);
			if (x.id.type === 'Identifier') {
				var text = api.splice(x);
				var b = x.id.$binding;
				if (!x.init && node.kind !== 'var' && b && b.scope.inLoop && !inForHead(node)) text += ' = void 0';
				out += text;
			} else {
				if (!x.init) api.bail('a pattern without a value');
				var steps = [];
				destructure(x.id, arg(x.init, api.gen(x.init)), steps, api);
				out += steps.join(', ');
			}
		}
		return out + src.slice(d[d.length - 1].end, node.end);
	}
	function inForHead(decl) {
		var p = decl.parent;
		return (p.type === 'ForInStatement' || p.type === 'ForOfStatement') && p.left === decl;
	}

	/* a function's parameter list; defaults, patterns and rest become
	 * statements of c's prologue */
	function params(node, c, api) {
		var list = [], ps = node.params;
		for (var i = 0; i < ps.length; i++) {
			var p = ps[i];
			if (p.type === 'Identifier') {
				list.push(api.gen(p));
			} else if (p.type === 'RestElement') {
				var steps = [];
				destructure(p.argument, 'Array.prototype.slice.call(arguments, ' + i + ')', steps, api);
				c.prologue.push('var ' + steps.join(', ') + ';');
			} else if (p.type === 'AssignmentPattern' && p.left.type === 'Identifier') {
				var name = api.gen(p.left);
				list.push(name);
				c.prologue.push('if (' + name + ' === void 0) { ' + name + ' = ' + api.gen(p.right) + '; }');
			} else {
				var t = api.fresh('_p');
				list.push(t);
				var st = [];
				destructure(p, t, st, api);
				c.prologue.push('var ' + st.join(', ') + ';');
			}
		}
		return list.join(', ');
	}

	/* ---- literals ---- */

	/* the elements as concat operands: literal runs and spread iterables */
	function elements(list, api) {
		var parts = [], run = null, i;
		/* a run as an array literal (a trailing hole needs its comma) */
		function flush() {
			if (run) parts.push('[' + run.join(', ') + (run[run.length - 1] === '' ? ',' : '') + ']');
			run = null;
		}
		for (i = 0; i < list.length; i++) {
			var e = list[i];
			if (e && e.type === 'SpreadElement') {
				flush();
				parts.push(api.helper('toarr') + '(' + api.gen(e.argument) + ', ' + what(e.argument, api) + ')');
			} else {
				if (!run) run = [];
				run.push(e ? arg(e, api.gen(e)) : '');
			}
		}
		flush();
		if (!parts.length) return '[]';
		return parts.length === 1 ? parts[0] : parts[0] + '.concat(' + parts.slice(1).join(', ') + ')';
	}
	function hasSpread(list) {
		for (var i = 0; i < list.length; i++) if (list[i] && list[i].type === 'SpreadElement') return true;
		return false;
	}

	function array(node, api) {
		return hasSpread(node.elements) ? elements(node.elements, api) : api.splice(node);
	}

	function propKey(q, api) {
		var k = q.key;
		if (k.type === 'Identifier') return k.name;
		return api.gen(k);
	}

	/* one property of a literal, in literal syntax; a method's super would
	 * be the literal's, which this lowering does not do */
	function property(q, api) {
		var src = api.src();
		if (q.method || q.kind === 'get' || q.kind === 'set') {
			__sbx_subset_class.enter(null);
			try {
				return accessorOrMethod(q, api, src);
			} finally {
				__sbx_subset_class.leave();
			}
		}
		if (q.shorthand) return q.key.name + ': ' + api.gen(q.value);
		return api.splice(q);
	}
	function accessorOrMethod(q, api, src) {
		if (q.kind === 'get' || q.kind === 'set') {
			if (q.computed) api.bail('a computed getter or setter');
			return src.slice(q.start, q.value.start) + api.genFunction(q.value, '');
		}
		return propKey(q, api) + ': ' + api.genFunction(q.value, 'function ');
	}

	function object(node, api) {
		var props = node.properties, special = false, methods = [], i, q;
		for (i = 0; i < props.length; i++) {
			q = props[i];
			if (q.type === 'SpreadElement' || q.computed) special = true;
		}
		var src = api.src();
		if (!special) {
			var out = '', at = node.start;
			for (i = 0; i < props.length; i++) {
				q = props[i];
				out += src.slice(at, q.start) + property(q, api);
				at = q.end;
				if (q.method && !q.computed) methods.push(quote(q.key.type === 'Identifier' ? q.key.name : String(q.key.value)));
			}
			out += src.slice(at, node.end);
			return methods.length ? api.helper('methods') + '(' + out + ', ' + methods.join(', ') + ')' : out;
		}
		/* built up in order: a literal run, then each spread or computed
		 * property onto it, later runs merged by their descriptors */
		var acc = null, run = [], runMethods = [];
		function flush() {
			if (!run.length) return;
			var lit = '{ ' + run.join(', ') + ' }';
			if (runMethods.length) lit = api.helper('methods') + '(' + lit + ', ' + runMethods.join(', ') + ')';
			runMethods = [];
			acc = acc === null ? lit : api.helper('olit') + '(' + acc + ', ' + lit + ')';
			run = [];
		}
		for (i = 0; i < props.length; i++) {
			q = props[i];
			if (q.type === 'Property' && !q.computed && (q.key.name === '__proto__' || q.key.value === '__proto__'))
				api.bail('__proto__ in a literal with spread');
			if (q.type === 'SpreadElement') {
				flush();
				acc = api.helper('ospread') + '(' + (acc === null ? '{}' : acc) + ', ' + api.gen(q.argument) + ')';
			} else if (q.computed) {
				if (q.kind !== 'init') api.bail('a computed getter or setter');
				flush();
				if (q.method) __sbx_subset_class.enter(null);
				var v = q.method ? api.genFunction(q.value, 'function ') : arg(q.value, api.gen(q.value));
				if (q.method) __sbx_subset_class.leave();
				acc = api.helper('def') + '(' + (acc === null ? '{}' : acc) + ', ' + api.gen(q.key) + ', ' + v + ')';
			} else {
				run.push(property(q, api));
				if (q.method) runMethods.push(quote(q.key.type === 'Identifier' ? q.key.name : String(q.key.value)));
			}
		}
		flush();
		return acc;
	}

	/* ---- calls ---- */

	function callee(node, api) {
		var c = node.callee;
		if (c.type === 'MemberExpression' && c.object.type !== 'Super') {
			var obj = api.gen(c.object), recv = obj;
			if (!simple(obj)) {
				recv = api.temp();
				obj = '(' + recv + ' = ' + obj + ')';
			} else obj = paren(c.object, obj);
			var member = c.computed ? '[' + api.gen(c.property) + ']' : '.' + c.property.name;
			return { fn: obj + member, recv: recv };
		}
		return { fn: paren(c, api.gen(c)), recv: 'void 0' };
	}

	/* a call as written, without ES2017's trailing comma after the last
	 * argument */
	function plainCall(node, api) {
		var a = node.arguments;
		if (!a.length) return api.splice(node);
		return api.splice(node, node.start, a[a.length - 1].end) + api.src().slice(a[a.length - 1].end, node.end).replace(',', '');
	}

	function call(node, api) {
		var c = node.callee;
		if (c.type === 'Super' || (c.type === 'MemberExpression' && c.object.type === 'Super'))
			return __sbx_subset_class.superCall(node, api);
		if (!hasSpread(node.arguments)) return plainCall(node, api);
		var f = callee(node, api);
		return f.fn + '.apply(' + f.recv + ', ' + elements(node.arguments, api) + ')';
	}

	function newCall(node, api) {
		if (!hasSpread(node.arguments)) return plainCall(node, api);
		return 'new (Function.prototype.bind.apply(' + api.gen(node.callee) + ', [null].concat(' +
			elements(node.arguments, api) + ')))()';
	}

	/* ---- optional chains ---- */

	function chain(node, api) {
		if (node.parent.type === 'UnaryExpression' && node.parent.operator === 'delete') api.bail('delete of an optional chain');
		var links = [], n = node.expression;
		while (n.type === 'MemberExpression' || n.type === 'CallExpression') {
			links.unshift(n);
			n = n.type === 'MemberExpression' ? n.object : n.callee;
		}
		if (n.type === 'Super') api.bail('super in an optional chain');
		var cur = paren(n, api.gen(n)), prevObj = null, prevMember = null;
		for (var i = 0; i < links.length; i++) {
			var l = links[i], t;
			if (l.type === 'MemberExpression') {
				var m = l.computed ? '[' + api.gen(l.property) + ']' : '.' + l.property.name;
				if (l.optional) {
					t = api.temp();
					cur = '(' + t + ' = ' + cur + ') == null ? void 0 : ' + t;
				}
				prevObj = cur;
				prevMember = m;
				cur += m;
				continue;
			}
			if (hasSpread(l.arguments)) api.bail('spread in an optional call');
			var args = [];
			for (var j = 0; j < l.arguments.length; j++) args.push(arg(l.arguments[j], api.gen(l.arguments[j])));
			if (l.optional) {
				t = api.temp();
				if (prevMember !== null) {
					var r = api.temp();
					cur = '(' + t + ' = (' + r + ' = ' + prevObj + ')' + prevMember + ') == null ? void 0 : ' + t +
						'.call(' + [r].concat(args).join(', ') + ')';
				} else {
					cur = '(' + t + ' = ' + cur + ') == null ? void 0 : ' + t + '(' + args.join(', ') + ')';
				}
			} else {
				cur += '(' + args.join(', ') + ')';
			}
			prevObj = prevMember = null;
		}
		return '(' + cur + ')';
	}

	/* ---- assignments ---- */

	/* a member target's object (and key) evaluated once */
	function target(left, api) {
		if (left.type === 'Identifier') { var n = api.gen(left); return { set: n, get: n }; }
		if (left.type !== 'MemberExpression' || left.object.type === 'Super') api.bail('this assignment target');
		var o = api.gen(left.object), t = api.temp(), k;
		if (left.computed) {
			k = api.temp();
			return { set: '(' + t + ' = ' + o + ')[' + k + ' = ' + api.gen(left.property) + ']', get: t + '[' + k + ']', again: t + '[' + k + ']' };
		}
		return { set: '(' + t + ' = ' + o + ').' + left.property.name, get: t + '.' + left.property.name, again: t + '.' + left.property.name };
	}

	function assign(node, api) {
		var op = node.operator, l = node.left;
		if (op === '=' && (l.type === 'ObjectPattern' || l.type === 'ArrayPattern')) {
			var v = api.temp(), steps = [];
			destructure(l, v, steps, api);
			return '(' + v + ' = ' + arg(node.right, api.gen(node.right)) + ', ' + steps.join(', ') + ', ' + v + ')';
		}
		if (op !== '**=' && op !== '??=' && op !== '||=' && op !== '&&=') return api.splice(node);
		var tg = target(l, api), rhs = arg(node.right, api.gen(node.right));
		/* the first read (tg.set's text evaluates the object once) */
		var first = tg.again ? tg.set : tg.get, again = tg.again || tg.get;
		if (op === '**=') return '(' + (tg.again ? tg.set : tg.get) + ' = Math.pow(' + again + ', ' + rhs + '))';
		if (op === '??=') return '(' + first + ' != null ? ' + again + ' : (' + again + ' = ' + rhs + '))';
		return '(' + first + ' ' + (op === '||=' ? '||' : '&&') + ' (' + again + ' = ' + rhs + '))';
	}

	/* ---- for-of ---- */

	function forOf(node, api, label) {
		if (node.await) api.bail('for await');
		var it = api.temp(), st = api.temp(), e = api.fresh('_e'), left = node.left, decl;
		if (left.type === 'VariableDeclaration') {
			var id = left.declarations[0].id, steps = [];
			destructure(id, st + '.value', steps, api);
			decl = 'var ' + steps.join(', ') + ';';
		} else {
			var s2 = [];
			destructure(left, st + '.value', s2, api);
			decl = s2.join(', ') + ';';
		}
		var head = api.pad('for (' + it + ' = ' + api.helper('iter') + '(' + api.gen(node.right) + ', ' + what(node.right, api) +
			'); !(' + st + ' = null, ' + st + ' = ' + it + '.next()).done; ) ', node.start, node.body.start);
		var body = node.$perIteration ? '{ ' + decl + ' ' + api.perIterationBody(node, api.headNames(node)) + ' }' :
			node.body.type === 'BlockStatement' ?
			'{ ' + decl + api.splice(node.body, node.body.start + 1, node.body.end) :
			'{ ' + decl + ' ' + api.gen(node.body) + ' }';
		var close = api.helper('close') + '(' + it + ')';
		/* a throw closes the iterator, its errors lost; in a generator,
		 * return() throws into the body too (builtins/generators.js), and
		 * a return's close is a normal one */
		var closeOnThrow = 'try { ' + close + '; } catch (' + e + '_) {}', fn = api.ownFunction();
		if (fn && fn.generator) closeOnThrow = 'if (' + api.helper('genReturning') + '(' + e + ')) ' + close + '; else ' + closeOnThrow;
		return 'try { ' + (label || '') + head + body + ' } catch (' + e + ') { if (' + st + ' && !' + st + '.done) { ' + st +
			' = null; ' + closeOnThrow + ' } throw ' + e + '; } finally { if (' + st + ' && !' + st +
			'.done) ' + close + '; }';
	}

	return { quote: quote, params: params, declaration: declaration, object: object, array: array, call: call,
		newCall: newCall, chain: chain, assign: assign, forOf: forOf, destructure: destructure, paren: paren, arg: arg };
})();
