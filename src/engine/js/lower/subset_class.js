/* The subset lowering's classes (subset.js has the overview). A class
 * becomes a function made by an IIFE, each member written where it
 * stands so that its lines stay:
 *
 *   class A extends B {          var A = (function (_super) { __sbx_s_extends(A, _super);
 *     x = 1;                       var _f = function () { __sbx_s_field(this, "x", 1); };
 *     constructor(v) {             function A(v) { var _this; (_this = __sbx_s_superCall(_super, this, [v]), _f.call(_this), _this);
 *       super(v); this.v = v;        _this.v = v;
 *     }                            return _this; }
 *     get g() { ... }              __sbx_s_accessor(A.prototype, "g", function () { ... }, void 0);
 *     static m() { ... }           __sbx_s_method(A, "m", function () { ... });
 *   }                            __sbx_class(A); return A; }(B));
 *
 * Methods are not enumerable, fields are defined (not assigned), a
 * native base (Error, Array) is called through __sbx_s_superCall, and
 * __sbx_class marks the function as a class and names its methods
 * (builtins/functions.js), as the TypeScript route's names.js does.
 * Private names, static blocks, computed field keys and a derived
 * constructor that returns are left to the TypeScript route. */
var __sbx_subset_class = (function () {
	var stack = []; /* the classes being written: { name, superName, ctor } */

	function keyOf(m, api) {
		if (m.computed) return api.gen(m.key);
		if (m.key.type === 'PrivateIdentifier') api.bail('private names');
		return __sbx_subset_pattern.quote(m.key.type === 'Identifier' ? m.key.name : String(m.key.value));
	}

	/* the returns directly in a function's body (not in nested functions) */
	function hasReturn(node) {
		var found = false;
		(function walk(n) {
			if (found || !n || typeof n !== 'object') return;
			if (n.type === 'ReturnStatement') { found = true; return; }
			if (n !== node && __sbx_subset_scope.isFunction(n)) return;
			var kids = __sbx_subset_scope.children(n);
			for (var i = 0; i < kids.length; i++) walk(kids[i]);
		})(node);
		return found;
	}

	function write(node, api, outerName, inferred) {
		var src = api.src(), body = node.body.body, i, m;
		var name = node.id ? outerName : api.fresh('_class');
		var derived = !!node.superClass;
		var cls = { name: name, superName: derived ? api.fresh('_super') : null, fields: [], ctor: null,
			shown: node.id ? node.id.name : inferred || '' };
		var superText = derived ? api.gen(node.superClass) : '';
		stack.push(cls);
		/* the IIFE's own context: temporaries of static members */
		var c = new api.Ctx(node);
		api.push(c);
		var out = '', at = node.body.start + 1, ctorNode = null, marked = false;
		for (i = 0; i < body.length; i++) if (body[i].kind === 'constructor') ctorNode = body[i];
		/* fields first: the constructor calls them */
		for (i = 0; i < body.length; i++) {
			m = body[i];
			if (m.type === 'PropertyDefinition' && !m.static) {
				if (m.computed) api.bail('a computed field name');
				cls.fields.push(api.fresh('_field'));
			}
		}
		var fieldIdx = 0, markText = ' __sbx_class(' + name + (node.id ? '' : ', ' + __sbx_subset_pattern.quote(inferred || '')) + ');';
		for (i = 0; i < body.length; i++) {
			m = body[i];
			out += src.slice(at, m.start);
			at = m.end;
			if (m.type === 'StaticBlock') {
				/* runs once, in order, with this the class */
				if (!marked) { out += markText; marked = true; }
				var sc = new api.Ctx(m);
				api.push(sc);
				var blk = api.splice(m, src.indexOf("{", m.start) + 1, m.end - 1);
				api.pop();
				out += '(function () {' + api.prologue(sc) + blk + '}).call(' + name + ');';
				continue;
			}
			if (m.type === 'PropertyDefinition') {
				if (m.computed) api.bail('a computed field name');
				var key = keyOf(m, api);
				var fc = new api.Ctx(m);
				api.push(fc);
				var init = m.value ? __sbx_subset_pattern.arg(m.value, api.gen(m.value)) : 'void 0';
				api.pop();
				if (m.static) {
					if (!marked) { out += markText; marked = true; }
					out += api.helper('field') + '(' + name + ', ' + key + ', (function () {' + api.prologue(fc) + ' return ' + init + '; }).call(' + name + '));';
				} else {
					out += 'var ' + cls.fields[fieldIdx++] + ' = function () {' + api.prologue(fc) + ' ' + api.helper('field') + '(this, ' + key + ', ' + init + '); };';
				}
				continue;
			}
			/* a method, getter, setter or the constructor */
			if (m.kind === 'constructor') {
				out += ctor(m, api, cls);
				continue;
			}
			var target = m.static ? name : name + '.prototype';
			cls.isStatic = m.static;
			var fn = api.genFunction(m.value, 'function ');
			cls.isStatic = false;
			if (m.kind === 'get' || m.kind === 'set')
				out += api.helper('accessor') + '(' + target + ', ' + keyOf(m, api) + ', ' +
					(m.kind === 'get' ? fn + ', void 0' : 'void 0, ' + fn) + ');';
			else
				out += api.helper('method') + '(' + target + ', ' + keyOf(m, api) + ', ' + fn + ');';
		}
		out += src.slice(at, node.body.end - 1);
		api.pop();
		stack.pop();
		var head = '(function (' + (derived ? cls.superName : '') + ') {' + api.prologue(c) +
			(derived ? ' ' + api.helper('extends') + '(' + name + ', ' + cls.superName + ');' : '') +
			(ctorNode ? '' : ' ' + defaultCtor(cls, api));
		return api.pad(head + out + (marked ? '' : markText) + ' return ' + name + '; }(' + superText + '))', node.start, node.end);
	}

	function fieldCalls(cls, self) {
		var s = '';
		for (var i = 0; i < cls.fields.length; i++) s += ' ' + cls.fields[i] + '.call(' + self + ');';
		return s;
	}

	/* a class is only constructed: called, it throws as V8 does */
	function newCheck(cls, api) {
		return ' ' + api.helper('newcheck') + '(this, ' + cls.name + ', ' + __sbx_subset_pattern.quote(cls.shown) + ');';
	}

	function defaultCtor(cls, api) {
		if (!cls.superName) return 'function ' + cls.name + '() {' + newCheck(cls, api) + fieldCalls(cls, 'this') + ' }';
		return 'function ' + cls.name + '() {' + newCheck(cls, api) + ' var _this = ' + api.helper('superCall') + '(' + cls.superName +
			', this, arguments);' + fieldCalls(cls, '_this') + ' return _this; }';
	}

	function ctor(m, api, cls) {
		var f = m.value;
		if (!cls.superName) {
			/* fields before the body: the prologue runs first */
			var text = api.genFunction(f, 'function ' + cls.name + ' ', newCheck(cls, api) + fieldCalls(cls, 'this'));
			return text;
		}
		if (hasReturn(f.body)) api.bail('a derived constructor with return');
		cls.ctor = { thisName: api.fresh('_this') };
		var t = api.genFunction(f, 'function ' + cls.name + ' ', newCheck(cls, api), cls.ctor.thisName);
		cls.ctor = null;
		return t;
	}

	/* super(...) and super.m(...) */
	function superCall(node, api) {
		var cls = stack[stack.length - 1], c = node.callee, P = __sbx_subset_pattern;
		if (!cls || !cls.superName) api.bail('super outside a derived class');
		var spread = false;
		for (var i = 0; i < node.arguments.length; i++) {
			if (node.arguments[i].type === 'SpreadElement') spread = true;
		}
		var argText = spread ? null : node.arguments.map(function (a) { return P.arg(a, api.gen(a)); }).join(', ');
		if (spread) argText = api.gen({ type: 'ArrayExpression', elements: node.arguments, start: node.start, end: node.start });
		var lc = api.lexicalCtx();
		if (c.type === 'Super') {
			if (!lc.classCtor || api.ctx() !== lc) api.bail('super() outside the constructor body');
			var self = lc.thisName;
			return '(' + self + ' = ' + api.helper('superCall') + '(' + cls.superName + ', this, ' +
				(spread ? argText : '[' + argText + ']') + '),' + fieldCalls(cls, self).replace(/;/g, ',') + ' ' + self + ')';
		}
		/* super.m(args): the method of the parent, called on this */
		var thisText = api.gen({ type: 'ThisExpression', start: c.start, end: c.start });
		var owner = cls.isStatic ? cls.superName : cls.superName + '.prototype';
		var member = c.computed ? '[' + api.gen(c.property) + ']' : '.' + c.property.name;
		return owner + member + (spread ? '.apply(' + thisText + ', ' + argText + ')' : '.call(' + [thisText].concat(argText ? [argText] : []).join(', ') + ')');
	}

	/* super.x (not called): the parent's property, a getter called on this */
	function superMember(node, api) {
		var cls = stack[stack.length - 1];
		if (!cls || !cls.superName) api.bail('super outside a derived class');
		var p = node.parent;
		if ((p.type === 'AssignmentExpression' && p.left === node) || p.type === 'UpdateExpression')
			api.bail('an assignment to a super property');
		var owner = cls.isStatic ? cls.superName : cls.superName + '.prototype';
		var key = node.computed ? api.gen(node.property) : __sbx_subset_pattern.quote(node.property.name);
		var thisText = api.gen({ type: 'ThisExpression', start: node.start, end: node.start });
		return api.helper('superGet') + '(' + owner + ', ' + key + ', ' + thisText + ')';
	}

	return {
		declaration: function (node, api) {
			var n = node.id.$binding && node.id.$binding.newName || node.id.name;
			return 'var ' + n + ' = ' + write(node, api, n, null) + ';';
		},
		expression: function (node, api, inferred) {
			return '(' + write(node, api, node.id ? node.id.name : null, inferred) + ')';
		},
		superCall: superCall,
		/* an object literal's method: no class's super inside */
		enter: function (c) { stack.push(c); },
		leave: function () { stack.pop(); },
		superMember: superMember,
		current: function () { return stack[stack.length - 1] || null; }
	};
})();
