/* The subset lowering's first pass (subset.js has the overview): parent
 * links, scopes and bindings over acorn's tree, and the decisions that need
 * the whole program before any code is written out:
 *  - which block-scoped names (let, const, class) must be renamed when they
 *    become `var` of their function, because another binding or a
 *    reference of the same name lives in that function;
 *  - per-iteration bindings captured by a closure (a loop's `let` seen by a
 *    function made in the loop): not lowered here, the TypeScript route
 *    does it (SB.bail);
 *  - `let x;` in a loop, which must be reset to undefined each iteration.
 * Runs in the lowering's own Duktape heap (ES5 only). */
var __sbx_subset_scope = (function () {
	function Fallback(why) { this.why = why; }
	function bail(why) { throw new Fallback(why); }

	function isNode(v) { return v !== null && typeof v === 'object' && typeof v.type === 'string'; }

	/* a node's children in source order, each once (a shorthand property's
	 * key and value are one object) */
	function children(node) {
		if (node.$kids) return node.$kids;
		var out = [], seen = [];
		for (var k in node) {
			if (k === 'parent' || k.charAt(0) === '$' || k === 'type' || k === 'start' || k === 'end') continue;
			var v = node[k];
			if (isNode(v)) {
				if (seen.indexOf(v) < 0) { seen.push(v); out.push(v); }
			} else if (v && typeof v === 'object' && typeof v.length === 'number') {
				for (var i = 0; i < v.length; i++)
					if (isNode(v[i]) && seen.indexOf(v[i]) < 0) { seen.push(v[i]); out.push(v[i]); }
			}
		}
		/* mostly in order already: a sort's comparator calls cost */
		for (var j = 1; j < out.length; j++) {
			if (out[j - 1].start > out[j].start) {
				out.sort(function (a, b) { return a.start - b.start; });
				break;
			}
		}
		node.$kids = out;
		return out;
	}

	function isFunction(n) {
		return n.type === 'FunctionDeclaration' || n.type === 'FunctionExpression' || n.type === 'ArrowFunctionExpression';
	}
	function isLoop(n) {
		return n.type === 'ForStatement' || n.type === 'ForInStatement' || n.type === 'ForOfStatement' ||
			n.type === 'WhileStatement' || n.type === 'DoWhileStatement';
	}

	function Scope(kind, node, parent) {
		this.kind = kind; /* 'function' (also the program), 'block', 'class' */
		this.node = node;
		this.parent = parent;
		this.names = {};
		this.fn = kind === 'function' ? this : parent.fn; /* the var scope */
		/* inside a loop of its own function (per-iteration semantics) */
		this.inLoop = kind === 'function' ? false : parent.inLoop || !!node.$loopPart;
	}
	Scope.prototype.declare = function (name, kind, id) {
		var key = '$' + name, b = this.names[key];
		if (b) {
			/* a let, const or class declared again (or over a var, a
			 * parameter): node's early SyntaxError, which the TypeScript
			 * route gives (early.js) */
			var lexical = { let: 1, const: 1, 'class': 1 };
			if (id && b.kind !== 'fname' && (lexical[b.kind] || lexical[kind])) bail('a redeclaration');
			if (id) b.ids.push(id);
			return b;
		}
		b = { name: name, kind: kind, scope: this, ids: id ? [id] : [], refs: [], newName: null };
		this.names[key] = b;
		return b;
	};
	Scope.prototype.lookup = function (name) {
		for (var s = this; s; s = s.parent) {
			var b = s.names['$' + name];
			if (b) return b;
		}
		return null;
	};

	/* The names a pattern binds. */
	function patternIds(p, out) {
		switch (p.type) {
		case 'Identifier': out.push(p); break;
		case 'ObjectPattern':
			for (var i = 0; i < p.properties.length; i++) {
				var q = p.properties[i];
				patternIds(q.type === 'RestElement' ? q.argument : q.value, out);
			}
			break;
		case 'ArrayPattern':
			for (var j = 0; j < p.elements.length; j++) if (p.elements[j]) patternIds(p.elements[j], out);
			break;
		case 'RestElement': patternIds(p.argument, out); break;
		case 'AssignmentPattern': patternIds(p.left, out); break;
		}
		return out;
	}

	/* Is this Identifier a reference (or a binding), not a property name or
	 * a label? */
	function isReference(id, parent) {
		switch (parent.type) {
		case 'MemberExpression': return parent.computed || parent.object === id;
		case 'Property': return parent.computed || parent.value === id || parent.key !== id;
		case 'MethodDefinition':
		case 'PropertyDefinition': return parent.computed ? parent.key === id : parent.key !== id;
		case 'LabeledStatement':
		case 'BreakStatement':
		case 'ContinueStatement': return false;
		}
		return true;
	}

	/* reserved: names ('$' + name keys) the code's global object has already
	 * (a session's earlier executions): never made afresh, and a block's
	 * binding of one at the top level is renamed, not made a global var */
	function analyse(ast, reserved) {
		var allNames = {}, scopes = [], refs = [];
		for (var rk in reserved) allNames[rk] = true;
		var program = new Scope('function', ast, null);
		scopes.push(program);

		/* pass 1: parents, scopes, declarations */
		function declareVar(scope, ids, kind) {
			for (var i = 0; i < ids.length; i++) ids[i].$binding = scope.declare(ids[i].name, kind, ids[i]);
		}
		function visit(node, parent, scope) {
			node.parent = parent;
			var inner = scope, i;
			switch (node.type) {
			case 'Program':
				node.$scope = program;
				break;
			case 'FunctionDeclaration':
				if (node.id) {
					/* top level of a function: a var; in a block: the
					 * block's (left as it is: never renamed) */
					var owner = scope;
					node.id.$binding = owner.declare(node.id.name, scope.kind === 'function' ? 'var' : 'blockfn', node.id);
				}
				inner = new Scope('function', node, scope);
				break;
			case 'FunctionExpression':
			case 'ArrowFunctionExpression':
				inner = new Scope('function', node, scope);
				if (node.id) node.id.$binding = inner.declare(node.id.name, 'fname', node.id);
				break;
			case 'ClassDeclaration':
				node.id.$binding = scope.declare(node.id.name, 'class', node.id);
				inner = new Scope('class', node, scope);
				break;
			case 'ClassExpression':
				inner = new Scope('class', node, scope);
				if (node.id) node.id.$binding = inner.declare(node.id.name, 'fname', node.id);
				break;
			case 'BlockStatement':
				if (parent && isFunction(parent) && parent.body === node) break; /* the function's own */
				inner = new Scope('block', node, scope);
				break;
			case 'ForStatement':
			case 'ForInStatement':
			case 'ForOfStatement':
			case 'SwitchStatement':
				inner = new Scope('block', node, scope);
				break;
			case 'CatchClause':
				inner = new Scope('block', node, scope);
				if (node.param) {
					if (node.param.type !== 'Identifier') bail('a destructured catch parameter');
					node.param.$binding = inner.declare(node.param.name, 'catch', node.param);
				}
				break;
			case 'VariableDeclaration':
				for (i = 0; i < node.declarations.length; i++) {
					var ids = patternIds(node.declarations[i].id, []);
					if (node.kind === 'var') declareVar(scope.fn, ids, 'var');
					else declareVar(scope, ids, node.kind);
				}
				break;
			}
			if (inner !== scope) {
				node.$scope = inner;
				scopes.push(inner);
			}
			if (isFunction(node)) {
				for (i = 0; i < node.params.length; i++)
					declareVar(inner, patternIds(node.params[i], []), 'param');
			}
			if (isLoop(node)) {
				/* a loop's body (and a for's head scope) runs per iteration */
				if (node.body) node.body.$loopPart = true;
				if (node.$scope && node.$scope !== scope) node.$scope.inLoop = true;
			}
			var kids = children(node);
			for (i = 0; i < kids.length; i++) {
				var k = kids[i];
				if (k.type === 'Identifier') {
					k.parent = node;
					allNames['$' + k.name] = true;
					if (isReference(k, node)) {
						k.$ref = true;
						refs.push({ id: k, scope: inner });
					}
				} else {
					visit(k, node, inner);
				}
			}
		}
		visit(ast, null, program);

		/* pass 2: resolve references; note what each function sees */
		for (var r = 0; r < refs.length; r++) {
			var ref = refs[r], b = ref.id.$binding || ref.scope.lookup(ref.id.name);
			ref.id.$binding = b;
			ref.binding = b;
			if (b) b.refs.push(ref);
			var p = ref.id.parent;
			if (b && b.kind === 'const' && b.ids.indexOf(ref.id) < 0 &&
			    ((p.type === 'AssignmentExpression' && p.left === ref.id) || (p.type === 'UpdateExpression')))
				bail('an assignment to a constant');
			/* a use before its let, const or class in the same function:
			 * the TypeScript route throws node's ReferenceError there
			 * (early.js) */
			if (b && (b.kind === 'let' || b.kind === 'const' || b.kind === 'class') && b.ids.indexOf(ref.id) < 0 &&
			    ref.scope.fn === b.scope.fn && ref.id.start < (b.kind === 'class' ? b.ids[0].start : declEnd(b.ids[0])))
				bail('a use before its declaration');
			if (ref.id.name === 'eval') bail('eval');
		}

		/* pass 3: per-iteration bindings seen by closures; renames */
		for (var s = 0; s < scopes.length; s++) {
			var sc = scopes[s];
			if (sc.kind !== 'block') continue;
			for (var key in sc.names) {
				var bd = sc.names[key];
				if (bd.kind !== 'let' && bd.kind !== 'const' && bd.kind !== 'class') continue;
				if (sc.inLoop) {
					for (var q = 0; q < bd.refs.length; q++)
						if (bd.refs[q].scope.fn !== sc.fn) perIteration(sc, bd, bd.refs[q]);
				}
				if (conflicts(bd, refs) || (bd.scope.fn === program && reserved['$' + bd.name]))
					bd.newName = fresh(bd.name, allNames);
			}
		}
		return { program: program, allNames: allNames, fresh: function (base) { return fresh(base, allNames); } };
	}

	/* where a binding's declaration ends (its declarator, or its class) */
	function declEnd(id) {
		for (var n = id; n; n = n.parent)
			if (n.type === 'VariableDeclarator' || n.type === 'ClassDeclaration') return n.end;
		return id.end;
	}

	/* within n (or n itself)? */
	function inside(node, n) {
		for (var p = node; p; p = p.parent) if (p === n) return true;
		return false;
	}

	/* A closure (ref's function) sees bd, a binding made anew for each
	 * iteration of a loop: subset.js runs that loop's body as a function
	 * called per iteration (loop.$perIteration), the binding its own. */
	function perIteration(sc, bd, ref) {
		var loop = sc.node;
		while (loop && !isLoop(loop)) {
			if (isFunction(loop)) bail('internal: loop of a binding');
			loop = loop.parent;
		}
		if (!loop || !inside(ref.id, loop.body)) bail('a loop head closure');
		if (sc.node === loop && loop.type === 'ForStatement') {
			/* the body's copy would not carry a change to the next iteration */
			for (var i = 0; i < bd.refs.length; i++) {
				var r = bd.refs[i].id, p = r.parent;
				if (inside(r, loop.body) && (p.type === 'UpdateExpression' || (p.type === 'AssignmentExpression' && p.left === r)))
					bail('a loop variable changed in a body that closures capture');
			}
		}
		loop.$perIteration = true;
	}

	/* Would `var NAME` in the binding's function clash with another use of
	 * NAME in that function? */
	function conflicts(bd, refs) {
		var fn = bd.scope.fn;
		for (var i = 0; i < refs.length; i++) {
			var r = refs[i];
			if (r.id.name !== bd.name || r.binding === bd) continue;
			/* inside fn (or a function nested in it)? */
			if (!encloses(fn, r.scope)) continue;
			var other = r.binding;
			if (!other) return true; /* a global */
			/* bound in a function nested in fn: that one shadows the var */
			if (other.scope.fn !== fn && encloses(fn, other.scope)) continue;
			return true;
		}
		return false;
	}

	function encloses(outer, scope) {
		for (var s = scope; s; s = s.parent) if (s === outer) return true;
		return false;
	}

	function fresh(base, allNames) {
		for (var i = 1; ; i++) {
			var n = base + '_' + i;
			if (!allNames['$' + n]) {
				allNames['$' + n] = true;
				return n;
			}
		}
	}

	return { analyse: analyse, children: children, bail: bail, Fallback: Fallback, isNode: isNode, isFunction: isFunction, isLoop: isLoop,
		patternIds: patternIds };
})();
