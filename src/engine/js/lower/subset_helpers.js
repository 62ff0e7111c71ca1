/* The functions the subset lowering's output calls (subset.js), written
 * into the output on line 1, only those it uses. Each is the ES2015
 * algorithm for what it replaces:
 *   iter(o, what)       GetIterator (for-of, spread, array patterns)
 *   close(it)           IteratorClose after a break, return or throw
 *   toarr(o, what)      the values of an iterable: [...o]
 *   read(o, n, what)    the first n values (all if n < 0): [a, b] = o
 *   orest(o, keys)      {...rest} = o: own enumerable keys not in keys
 *   ospread(t, o)       {...o}: o's own enumerable properties onto t
 *   olit(t, o)          the literal's own properties (descriptors) onto t
 *   def(t, k, v)        a data property, as a literal's [k]: v defines it
 *   extends(C, B)       class C extends B
 *   method(o, k, f)     a class method: not enumerable
 *   accessor(o, k, g, s) a class getter/setter, merged with its pair
 *   field(o, k, v)      a class field: defined, enumerable
 *   enum(E, k, v)       a TypeScript enum member's computed value: a
 *                       reverse mapping unless it is a string
 *   tpl(cooked, raw)    a tagged template's frozen strings array
 *   superGet(o, k, self) super.k: o's k, a getter called on self
 *   newcheck(self, C, name) a class called without new: V8's TypeError
 *   superCall(B, self, args) super(...args): B called on the new object;
 *                       a native B (Error, Array) makes an object of its
 *                       own, given the subclass's prototype
 * They become globals named __sbx_s_NAME (the user's code cannot have
 * such names unless it asks for trouble: sbx's own are all __sbx_). */
var __sbx_subset_helpers = (function () {
	var defs = {
		iter: 'function __sbx_s_iter(o, what) { var f = o == null ? void 0 : o[Symbol.iterator];' +
			' if (typeof f !== "function") throw new TypeError((what || (typeof o === "string" ? JSON.stringify(o) : o !== null && typeof o === "object" ? "object" : String(o))) + " is not iterable");' +
			' var it = f.call(o); if (it === null || typeof it !== "object" && typeof it !== "function")' +
			' throw new TypeError("Result of the Symbol.iterator method is not an object"); return it; }',
		close: 'function __sbx_s_close(it) { var r = it["return"]; if (r != null) { var x = r.call(it);' +
			' if (x === null || typeof x !== "object" && typeof x !== "function") throw new TypeError("Iterator result " + String(x) + " is not an object"); } }',
		toarr: 'function __sbx_s_toarr(o, what) { var it = __sbx_s_iter(o, what), out = [], s;' +
			' while (!(s = it.next()).done) out.push(s.value); return out; }',
		read: 'function __sbx_s_read(o, n, what) { var it = __sbx_s_iter(o, what), out = [], s = null, ok = false;' +
			' try { while ((n < 0 || out.length < n) && !(s = null, s = it.next()).done) out.push(s.value); ok = true; }' +
			' finally { if (!ok) s = { done: true }; }' +
			' if (n >= 0 && out.length === n && !(s && s.done)) __sbx_s_close(it); return out; }',
		orest: 'function __sbx_s_orest(o, keys) { if (o == null) throw new TypeError("Cannot destructure \'" + o + "\' as it is " + o + ".");' +
			' var r = {}, ks = Object.getOwnPropertyNames(Object(o)).concat(Object.getOwnPropertySymbols ? Object.getOwnPropertySymbols(Object(o)) : []);' +
			' for (var i = 0; i < ks.length; i++) { var k = ks[i], d = Object.getOwnPropertyDescriptor(Object(o), k);' +
			' if (d && d.enumerable && keys.indexOf(k) < 0) r[k] = o[k]; } return r; }',
		ospread: 'function __sbx_s_ospread(t, o) { if (o == null) return t; o = Object(o);' +
			' var ks = Object.getOwnPropertyNames(o).concat(Object.getOwnPropertySymbols ? Object.getOwnPropertySymbols(o) : []);' +
			' for (var i = 0; i < ks.length; i++) { var d = Object.getOwnPropertyDescriptor(o, ks[i]);' +
			' if (d && d.enumerable) Object.defineProperty(t, ks[i], { value: o[ks[i]], writable: true, enumerable: true, configurable: true }); } return t; }',
		olit: 'function __sbx_s_olit(t, o) { var ks = Object.getOwnPropertyNames(o);' +
			' for (var i = 0; i < ks.length; i++) Object.defineProperty(t, ks[i], Object.getOwnPropertyDescriptor(o, ks[i])); return t; }',
		def: 'function __sbx_s_def(t, k, v) { Object.defineProperty(t, k, { value: v, writable: true, enumerable: true, configurable: true }); return t; }',
		extends: 'function __sbx_s_extends(C, B) { if (typeof B !== "function" && B !== null) throw new TypeError("Class extends value " + String(B) + " is not a constructor or null");' +
			' Object.setPrototypeOf(C, B === null ? Function.prototype : B);' +
			' C.prototype = Object.create(B === null ? null : B.prototype, { constructor: { value: C, writable: true, configurable: true } }); }',
		method: 'function __sbx_s_method(o, k, f) { Object.defineProperty(o, k, { value: f, writable: true, enumerable: false, configurable: true }); }',
		accessor: 'function __sbx_s_accessor(o, k, g, s) { var d = Object.getOwnPropertyDescriptor(o, k), n = { enumerable: false, configurable: true };' +
			' n.get = g || (d && d.get) || void 0; n.set = s || (d && d.set) || void 0; Object.defineProperty(o, k, n); }',
		field: 'function __sbx_s_field(o, k, v) { Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true }); }',
		enum: 'function __sbx_s_enum(E, k, v) { if (typeof v === "string") E[k] = v; else E[E[k] = v] = k; }',
		tpl: 'function __sbx_s_tpl(c, r) { Object.defineProperty(c, "raw", { value: Object.freeze(r) }); return Object.freeze(c); }',
		superGet: 'function __sbx_s_superGet(o, k, self) { for (var p = o; p != null; p = Object.getPrototypeOf(p)) {' +
			' var d = Object.getOwnPropertyDescriptor(p, k); if (d) return d.get ? d.get.call(self) : d.value; } return void 0; }',
		newcheck: 'function __sbx_s_newcheck(self, C, n) { if (!(self instanceof C))' +
			' throw new TypeError("Class constructor " + n + " cannot be invoked without \'new\'"); }',
		superCall: 'function __sbx_s_superCall(B, self, args) { var r = B.apply(self, args);' +
			' if (r !== self && r !== null && typeof r === "object" && /\\[native code\\]/.test(Function.prototype.toString.call(B)))' +
			' { Object.setPrototypeOf(r, Object.getPrototypeOf(self)); return r; }' +
			' return r !== null && (typeof r === "object" || typeof r === "function") ? r : self; }'
	};
	var needs = { toarr: ['iter'], read: ['iter', 'close'] };
	var order = ['iter', 'close', 'toarr', 'read', 'orest', 'ospread', 'olit', 'def', 'extends', 'method', 'accessor', 'field', 'enum', 'tpl', 'superGet', 'newcheck', 'superCall'];

	var BUILTIN = { name: 1, methods: 1, 'class': 1, kind: 1, async: 1, await: 1, gen: 1, genReady: 1, genReturning: 1, yield: 1, delegate: 1 };
	function name(h) {
		/* builtins/functions.js, async.js and generators.js */
		if (BUILTIN[h]) return '__sbx_' + h;
		return '__sbx_s_' + h;
	}
	function text(used) {
		var all = {}, k, i;
		for (k in used) {
			all[k] = true;
			var n = needs[k] || [];
			for (i = 0; i < n.length; i++) all[n[i]] = true;
		}
		var out = '';
		for (i = 0; i < order.length; i++) if (all[order[i]]) out += defs[order[i]] + ' ';
		return out;
	}
	return { name: name, text: text };
})();
