/* Functions as ES2015 and node show them.
 *
 * Names: Duktape names a function only by its own name (`function f`),
 * and a few of its built-ins not at all (parseInt, parseFloat); ES2015
 * names an anonymous function after what it is assigned to. The lowering
 * (src/engine/js/lower/names.js) passes such functions through __sbx_name, object
 * literals with methods through __sbx_methods, and
 * classes, which it turns into functions, through __sbx_class, which
 * marks them under the hidden key H (the prelude's inspect prints
 * [class Foo] for them; no script can see the mark) and names their
 * methods.
 *
 * Own keys: Duktape lists a function's as fileName (its own, kept for
 * its tracebacks), length, prototype, name, and gives strict functions
 * own caller and arguments; node lists length, name, prototype, then the
 * rest in the order they were made. */
(function () {
	var hasOwn = Object.prototype.hasOwnProperty, gopd = Object.getOwnPropertyDescriptor;

	function setName(f, name) {
		Object.defineProperty(f, 'name', { value: name, writable: false, enumerable: false, configurable: true });
	}
	function unnamed(f) {
		if (typeof f !== 'function') return false;
		var d = gopd(f, 'name');
		return !d || d.value === '';
	}
	function hideGlobal(name, v) {
		Object.defineProperty(G, name, { value: v, writable: true, enumerable: false, configurable: true });
	}

	/* __sbx_name(f, name): f, named name unless it has a name of its own. */
	hideGlobal('__sbx_name', function __sbx_name(f, name) {
		if (unnamed(f)) setName(f, name);
		return f;
	});
	/* __sbx_methods(o, key...): o's methods ({ m() {} }, which the
	 * lowering makes `m: function () {}`) named after their keys. */
	hideGlobal('__sbx_methods', function __sbx_methods(o) {
		for (var i = 1; i < arguments.length; i++) {
			var d = gopd(o, arguments[i]);
			if (d && unnamed(d.value)) setName(d.value, arguments[i]);
		}
		return o;
	});
	/* __sbx_kind(f, kind): f was `function*` or `async function` (kind
	 * 'GeneratorFunction', ...): inspect prints [GeneratorFunction: f], and
	 * f inherits, as in ES2015, from a prototype of its kind (itself a
	 * function prototype) whose constructor is named after it and whose
	 * Symbol.toStringTag is the kind: f.constructor.name and
	 * Object.prototype.toString give node's answers. Making functions
	 * from source that way is not supported: the constructor says so.
	 * name, when given, is f's name in the source, where the lowering had
	 * to give f a name of its own ('' for an anonymous function*). */
	var kindProtos = {};
	function kindProto(kind) {
		if (hasOwn.call(kindProtos, kind)) return kindProtos[kind];
		var P = Object.create(Function.prototype);
		var C = function () {
			throw new TypeError(kind + ' from source text is not supported in this sandbox');
		};
		setName(C, kind);
		Object.defineProperty(C, 'prototype', { value: P });
		Object.setPrototypeOf(C, Function);
		Object.defineProperty(P, 'constructor', { value: C, configurable: true });
		Object.defineProperty(P, Symbol.toStringTag, { value: kind, configurable: true });
		return (kindProtos[kind] = P);
	}
	hideGlobal('__sbx_kind', function __sbx_kind(f, kind, name) {
		if (typeof f === 'function') {
			Object.defineProperty(f, H, { value: { kind: kind }, configurable: true });
			Object.setPrototypeOf(f, kindProto(kind));
			if (typeof name === 'string') setName(f, name);
		}
		return f;
	});
	/* __sbx_class(C, name): C was a class; name is its name where ES2015
	 * gives it one (`const A = class {}`), '' for an anonymous class, and
	 * undefined for a class with a name of its own. Its methods, which the
	 * lowering assigns as anonymous functions, are named after their keys. */
	function nameMethods(o) {
		var keys = Object.getOwnPropertyNames(o);
		for (var i = 0; i < keys.length; i++) {
			var d = gopd(o, keys[i]);
			if (d && unnamed(d.value) && d.value !== o.constructor) setName(d.value, keys[i]);
		}
	}
	hideGlobal('__sbx_class', function __sbx_class(C, name) {
		if (typeof C !== 'function') return C;
		Object.defineProperty(C, H, { value: { cls: true }, configurable: true });
		if (typeof name === 'string') setName(C, name);
		nameMethods(C);
		if (C.prototype) nameMethods(C.prototype);
		return C;
	});

	/* built-ins Duktape leaves unnamed (the prelude names its own) */
	setName(G.parseInt, 'parseInt');
	setName(G.parseFloat, 'parseFloat');
	/* the prelude's objects of methods ({ log: function () {...} }): one
	 * pass over their ~40 keys, ~0.05 ms */
	var owners = [G.console, G.process, G.process && G.process.stdout, G.process && G.process.stderr];
	for (var i = 0; i < owners.length; i++) {
		var o = owners[i];
		for (var k in o) {
			var v = hasOwn.call(o, k) ? o[k] : null;
			if (typeof v === 'function' && v.name === '') setName(v, k);
		}
	}

	function fnKeys(f, keys) {
		var out = ['length', 'name'], rest = [], proto = false;
		for (var i = 0; i < keys.length; i++) {
			var k = keys[i];
			if (k === 'length' || k === 'name') continue;
			if (k === 'prototype') { proto = true; continue; }
			if (k === 'fileName' || k === 'caller' || k === 'arguments') {
				/* Duktape's (a program's own would be enumerable or,
				 * for caller and arguments, configurable) */
				var d = gopd(f, k);
				if (d && !d.enumerable && (k === 'fileName' || !d.configurable)) continue;
			}
			rest.push(k);
		}
		if (proto) out.push('prototype');
		return out.concat(rest);
	}
	var gopn = Object.getOwnPropertyNames;
	Object.defineProperty(Object, 'getOwnPropertyNames', { writable: true, configurable: true,
		value: function getOwnPropertyNames(o) {
			var keys = gopn(o);
			return typeof o === 'function' ? fnKeys(o, keys) : keys;
		} });
	if (typeof Reflect === 'object' && typeof Reflect.ownKeys === 'function') {
		var nativeOwnKeys = Reflect.ownKeys;
		Object.defineProperty(Reflect, 'ownKeys', { writable: true, configurable: true,
			value: function ownKeys(o) {
				var keys = nativeOwnKeys(o);
				if (typeof o !== 'function') return keys;
				var str = [], sym = [];
				for (var i = 0; i < keys.length; i++) (typeof keys[i] === 'symbol' ? sym : str).push(keys[i]);
				return fnKeys(o, str).concat(sym);
			} });
	}

	/* Symbol.prototype.description (ES2019): Duktape keeps it inside the
	 * symbol, and String(sym) is "Symbol(" + it + ")". Symbol() and
	 * Symbol('') both print Symbol(): the first, undefined, is the usual. */
	if (typeof Symbol === 'function' && !('description' in Symbol.prototype)) {
		var symToString = Symbol.prototype.toString;
		Object.defineProperty(Symbol.prototype, 'description', { configurable: true,
			get: function description() {
				var d = symToString.call(this).slice(7, -1);
				return d === '' ? undefined : d;
			} });
	}
})();
