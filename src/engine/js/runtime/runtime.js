/* The runtime library: what Duktape 2.7 lacks and modern code (or the
 * helpers TypeScript emits when lowering it) expects. Compiled to bytecode
 * by build-aux/gen-ts.sh and embedded in sbx; the Array and String methods
 * come from core-js, in a second bytecode (corejs.js) loaded only when the
 * code mentions one of them.
 *
 * Why hand-written and not core-js: loading and running core-js's
 * iterators, collections and Promise cost ~5 ms per run in Duktape, more
 * than the whole ES5 hello run, and a cached modern program pays it every
 * time. These pieces are small, follow the spec's algorithms (the Promise
 * job order is the spec's, which tests/js-corpus checks against node) and
 * load in a fraction of that.
 *
 * Nothing is installed up front: __sbx_runtime(mask, H, cj) installs only the
 * groups whose bit the C side (js_scan() in src/engine/js/tokenize.c) found a use
 * for in the code. The bit order is the contract with JS_RT_* in
 * src/engine/js/tokenize.h. H is a Duktape hidden symbol, made by the C side:
 * internal state hangs off objects under it, where no script can see it
 * (Object.keys, getOwnPropertyNames, getOwnPropertySymbols, proxies).
 */
(function (g) {
/* One function: nothing here becomes a global but what is put on g. */
var microtasks = [];
/* Groups written in files of their own (regex.js, promise.js), which run before this
 * one in the same bytecode and leave them here. */
var extra = g.__sbx_rt_extra || {};
delete g.__sbx_rt_extra;
var unhandled = [];

/* Our queueMicrotask only queues; the engine's event loop drains it
 * (__sbx_drain) after the main program and after every timer callback, as
 * node does. */
var scheduled = false;
function queueMicrotask(fn) {
	if (typeof fn !== 'function') throw new TypeError('queueMicrotask: callback is not a function');
	microtasks.push(fn);
	/* A job queued while the event loop waits (a promise settled by
	 * settle()'s then) must still run: one immediate timer drains. */
	if (!scheduled && typeof setImmediateOrig === 'function') {
		scheduled = true;
		setImmediateOrig(drain);
	}
}
var setImmediateOrig = null;

/* Runs queued jobs, including those they queue, until none is left.
 * An exception in a job is rethrown to the engine (an uncaught error). */
function drain() {
	var n = 0;
	while (n < microtasks.length) {
		var fn = microtasks[n++];
		if (n > 1024) {
			microtasks.splice(0, n);
			n = 0;
		}
		try {
			fn();
		} catch (e) {
			microtasks.splice(0, n);
			throw e;
		}
	}
	microtasks.length = 0;
	scheduled = false;
}

/* Node runs all microtasks after each timer callback: wrap the prelude's
 * timer functions so every callback is followed by a drain. */
function wrapTimers() {
	function wrap(name) {
		var orig = g[name];
		if (typeof orig !== 'function') return;
		g[name] = function (fn) {
			var args = Array.prototype.slice.call(arguments);
			if (typeof fn === 'function') {
				args[0] = function () {
					try {
						return fn.apply(this, arguments);
					} finally {
						drain();
					}
				};
			}
			return orig.apply(this, args);
		};
		Object.defineProperty(g[name], 'name', { value: name, configurable: true });
	}
	setImmediateOrig = g.setImmediate;
	wrap('setTimeout');
	wrap('setInterval');
	wrap('setImmediate');
}

var H = null; /* the hidden symbol, set by install() */
var ITER = Symbol.iterator;
var hasOwn = Object.prototype.hasOwnProperty;

/* A property as the built-ins have them: not enumerable. */
function def(o, k, v, writable) {
	Object.defineProperty(o, k, { value: v, writable: writable !== false, enumerable: false, configurable: true });
}
function defAll(o, methods) {
	for (var k in methods) if (hasOwn.call(methods, k)) def(o, k, methods[k]);
}
function defTag(o, tag) {
	Object.defineProperty(o, Symbol.toStringTag, { value: tag, writable: false, enumerable: false, configurable: true });
}
function defGlobal(name, v) {
	def(g, name, v);
}
function isObject(v) {
	return v !== null && (typeof v === 'object' || typeof v === 'function');
}
function stateOf(o, kind, what) {
	var st = isObject(o) && hasOwn.call(o, H) ? o[H] : undefined;
	if (!st || st.kind !== kind) throw new TypeError('Method ' + what + ' called on incompatible receiver ' + (isObject(o) ? '#<' + (o.constructor && o.constructor.name || 'Object') + '>' : String(o)));
	return st;
}

/* GetIterator + the loop of `for (x of it)`, with IteratorClose when the
 * body throws. */
function iterate(it, fn) {
	if (it === null || it === undefined) throw new TypeError(it + ' is not iterable');
	var m = it[ITER];
	if (typeof m !== 'function') throw new TypeError((typeof it === 'string' ? '"' + it + '"' : isObject(it) ? 'object' : String(it)) + ' is not iterable');
	var iter = m.call(it), next = iter.next, r;
	if (!isObject(iter)) throw new TypeError('Result of the Symbol.iterator method is not an object');
	for (;;) {
		r = next.call(iter);
		if (!isObject(r)) throw new TypeError('Iterator result ' + r + ' is not an object');
		if (r.done) return;
		try {
			fn(r.value);
		} catch (e) {
			try {
				var ret = iter['return'];
				if (typeof ret === 'function') ret.call(iter);
			} catch (ignored) { /* the body's error wins */ }
			throw e;
		}
	}
}

var IteratorPrototype = {};
def(IteratorPrototype, ITER, function () { return this; });
function makeIteratorProto(tag, next) {
	var p = Object.create(IteratorPrototype);
	def(p, 'next', next);
	defTag(p, tag);
	return p;
}
function result(value, done) {
	return { value: value, done: done };
}

var groups = [
	/* 0 JS_RT_ITER: iterators for arrays and strings (the Symbol.iterator
	 * protocol TypeScript's __values / __read / for-of helpers use) */
	function () {
		var ArrayIteratorPrototype = makeIteratorProto('Array Iterator', function () {
			var st = stateOf(this, 'ArrayIterator', 'Array Iterator.prototype.next');
			var o = st.o;
			if (o === undefined) return result(undefined, true);
			var i = st.i;
			if (i >= o.length >>> 0) {
				st.o = undefined;
				return result(undefined, true);
			}
			st.i = i + 1;
			return result(st.k === 0 ? i : st.k === 1 ? o[i] : [i, o[i]], false);
		});
		function arrayIterator(o, k) {
			if (o === null || o === undefined) throw new TypeError('Array.prototype method called on null or undefined');
			var it = Object.create(ArrayIteratorPrototype);
			it[H] = { kind: 'ArrayIterator', o: Object(o), i: 0, k: k };
			return it;
		}
		var values = function values() { return arrayIterator(this, 1); };
		defAll(Array.prototype, {
			keys: function keys() { return arrayIterator(this, 0); },
			values: values,
			entries: function entries() { return arrayIterator(this, 2); }
		});
		def(Array.prototype, ITER, values);
		/* Typed arrays iterate as arrays do (their other ES2015 methods are
		 * builtins/typedarrays.js's, loaded on every run). */
		if (typeof Uint8Array === 'function') {
			var TA = Object.getPrototypeOf(Uint8Array.prototype);
			defAll(TA, {
				keys: function keys() { return arrayIterator(this, 0); },
				values: values,
				entries: function entries() { return arrayIterator(this, 2); }
			});
			def(TA, ITER, values);
		}

		/* By code point, as the spec's %StringIteratorPrototype%. */
		var StringIteratorPrototype = makeIteratorProto('String Iterator', function () {
			var st = stateOf(this, 'StringIterator', 'String Iterator.prototype.next');
			var s = st.s, i = st.i;
			if (s === undefined || i >= s.length) {
				st.s = undefined;
				return result(undefined, true);
			}
			var c = s.charCodeAt(i), n = 1;
			if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
				var d = s.charCodeAt(i + 1);
				if (d >= 0xdc00 && d <= 0xdfff) n = 2;
			}
			st.i = i + n;
			return result(s.substr(i, n), false);
		});
		def(String.prototype, ITER, function () {
			if (this === null || this === undefined) throw new TypeError('String.prototype[Symbol.iterator] called on null or undefined');
			var it = Object.create(StringIteratorPrototype);
			it[H] = { kind: 'StringIterator', s: String(this), i: 0 };
			return it;
		});
	},

	/* 1 JS_RT_COLLECTIONS: Map, Set, WeakMap, WeakSet. Keys are hashed into
	 * one dictionary: primitives by type and value (SameValueZero), objects
	 * by an id stamped under H; symbols and non-extensible objects go to a
	 * short list. Entries form a linked list in insertion order; a removed
	 * entry keeps its links so that a live iterator standing on it walks
	 * back to the last entry still there, as the spec's iteration requires.
	 * WeakMap/WeakSet hold their keys strongly: without WeakRef (Duktape has
	 * none) no script can tell, and a run is short-lived. */
	function () {
		var nextId = 0;
		function hashKey(k) {
			switch (typeof k) {
			case 'string': return 's' + k;
			case 'number': return k !== k ? 'NaN' : 'n' + (k === 0 ? 0 : k);
			case 'boolean': return k ? 'T' : 'F';
			case 'undefined': return 'U';
			case 'symbol': return null;
			}
			if (k === null) return 'N';
			if (hasOwn.call(k, H)) {
				var st = k[H];
				if (st.id === undefined) {
					if (!Object.isExtensible(k)) return null;
					st.id = 'o' + (++nextId);
				}
				return st.id;
			}
			if (!Object.isExtensible(k)) return null;
			var id = 'o' + (++nextId);
			k[H] = { id: id };
			return id;
		}
		function sameValueZero(a, b) {
			return a === b || (a !== a && b !== b);
		}
		function init(o, kind) {
			o[H] = { kind: kind, idx: Object.create(null), odd: [], first: null, last: null, size: 0 };
			return o[H];
		}
		function find(st, k) {
			var h = hashKey(k);
			if (h !== null) return st.idx[h];
			for (var i = 0; i < st.odd.length; i++)
				if (sameValueZero(st.odd[i].k, k)) return st.odd[i];
			return undefined;
		}
		function add(st, k, v) {
			var e = find(st, k);
			if (e) {
				e.v = v;
				return;
			}
			if (k === 0) k = 0; /* -0 → +0 */
			e = { k: k, v: v, next: null, prev: st.last, removed: false };
			if (st.last) st.last.next = e;
			else st.first = e;
			st.last = e;
			st.size++;
			var h = hashKey(k);
			if (h !== null) st.idx[h] = e;
			else st.odd.push(e);
		}
		function remove(st, k) {
			var e = find(st, k);
			if (!e) return false;
			var h = hashKey(k);
			if (h !== null) delete st.idx[h];
			else st.odd.splice(st.odd.indexOf(e), 1);
			e.removed = true;
			if (e.prev) e.prev.next = e.next;
			else st.first = e.next;
			if (e.next) e.next.prev = e.prev;
			else st.last = e.prev;
			st.size--;
			return true;
		}
		function clear(st) {
			for (var e = st.first; e; e = e.next) {
				e.removed = true;
				if (e.prev) e.prev = e.prev.next = null;
			}
			st.idx = Object.create(null);
			st.odd = [];
			st.first = st.last = null;
			st.size = 0;
		}
		/* The entry after e (null: from the start), skipping removed ones. */
		function after(st, e) {
			while (e && e.removed) e = e.prev;
			return e ? e.next : st.first;
		}
		function forEach(st, fn, thisArg, self) {
			if (typeof fn !== 'function') throw new TypeError(fn + ' is not a function');
			for (var e = after(st, null); e; e = after(st, e)) fn.call(thisArg, e.v, e.k, self);
		}

		var CollIteratorPrototype = {};
		function collIteratorProto(tag) {
			return makeIteratorProto(tag, function () {
				var it = stateOf(this, tag, tag + '.prototype.next');
				if (!it.st) return result(undefined, true);
				var e = after(it.st, it.e);
				if (!e) {
					it.st = null;
					it.e = null;
					return result(undefined, true);
				}
				it.e = e;
				return result(it.k === 0 ? e.k : it.k === 1 ? e.v : [e.k, e.v], false);
			});
		}
		var MapIteratorPrototype = collIteratorProto('Map Iterator');
		var SetIteratorPrototype = collIteratorProto('Set Iterator');
		function collIterator(proto, tag, st, k) {
			var it = Object.create(proto);
			it[H] = { kind: tag, st: st, e: null, k: k };
			return it;
		}
		void CollIteratorPrototype;

		function construct(self, C, kind, iterable, adder) {
			if (!(self instanceof C) || (hasOwn.call(self, H) && self[H].kind)) throw new TypeError('Constructor ' + kind + " requires 'new'");
			init(self, kind);
			if (iterable !== undefined && iterable !== null) {
				var fn = self[adder];
				if (typeof fn !== 'function') throw new TypeError("'" + fn + "' returned for property '" + adder + "' of object '#<" + kind + ">' is not a function");
				iterate(iterable, adder === 'set' ? function (item) {
					if (!isObject(item)) throw new TypeError('Iterator value ' + (typeof item === 'string' ? item : String(item)) + ' is not an entry object');
					fn.call(self, item[0], item[1]);
				} : function (item) {
					fn.call(self, item);
				});
			}
			return self;
		}
		function sizeGetter(kind) {
			return function () { return stateOf(this, kind, 'get ' + kind + '.prototype.size').size; };
		}
		function checkWeak(k, kind) {
			if (!isObject(k)) throw new TypeError('Invalid value used ' + (kind === 'WeakMap' ? 'as weak map key' : 'in weak set'));
		}

		function Map(iterable) { return construct(this, Map, 'Map', iterable, 'set'); }
		defAll(Map.prototype, {
			get: function get(k) { var e = find(stateOf(this, 'Map', 'Map.prototype.get'), k); return e ? e.v : undefined; },
			set: function set(k, v) { add(stateOf(this, 'Map', 'Map.prototype.set'), k, v); return this; },
			has: function has(k) { return !!find(stateOf(this, 'Map', 'Map.prototype.has'), k); },
			'delete': function (k) { return remove(stateOf(this, 'Map', 'Map.prototype.delete'), k); },
			clear: function clear_() { clear(stateOf(this, 'Map', 'Map.prototype.clear')); },
			forEach: function forEach_(fn, thisArg) { forEach(stateOf(this, 'Map', 'Map.prototype.forEach'), fn, thisArg, this); },
			keys: function keys() { return collIterator(MapIteratorPrototype, 'Map Iterator', stateOf(this, 'Map', 'Map.prototype.keys'), 0); },
			values: function values() { return collIterator(MapIteratorPrototype, 'Map Iterator', stateOf(this, 'Map', 'Map.prototype.values'), 1); },
			entries: function entries() { return collIterator(MapIteratorPrototype, 'Map Iterator', stateOf(this, 'Map', 'Map.prototype.entries'), 2); }
		});
		Object.defineProperty(Map.prototype, 'size', { get: sizeGetter('Map'), enumerable: false, configurable: true });
		def(Map.prototype, ITER, Map.prototype.entries);
		defTag(Map.prototype, 'Map');

		function Set(iterable) { return construct(this, Set, 'Set', iterable, 'add'); }
		var setValues = function values() { return collIterator(SetIteratorPrototype, 'Set Iterator', stateOf(this, 'Set', 'Set.prototype.values'), 0); };
		defAll(Set.prototype, {
			add: function add_(v) { add(stateOf(this, 'Set', 'Set.prototype.add'), v, v); return this; },
			has: function has(v) { return !!find(stateOf(this, 'Set', 'Set.prototype.has'), v); },
			'delete': function (v) { return remove(stateOf(this, 'Set', 'Set.prototype.delete'), v); },
			clear: function clear_() { clear(stateOf(this, 'Set', 'Set.prototype.clear')); },
			forEach: function forEach_(fn, thisArg) { forEach(stateOf(this, 'Set', 'Set.prototype.forEach'), fn, thisArg, this); },
			values: setValues,
			keys: setValues,
			entries: function entries() { return collIterator(SetIteratorPrototype, 'Set Iterator', stateOf(this, 'Set', 'Set.prototype.entries'), 2); }
		});
		Object.defineProperty(Set.prototype, 'size', { get: sizeGetter('Set'), enumerable: false, configurable: true });
		def(Set.prototype, ITER, setValues);
		defTag(Set.prototype, 'Set');

		function WeakMap(iterable) { return construct(this, WeakMap, 'WeakMap', iterable, 'set'); }
		defAll(WeakMap.prototype, {
			get: function get(k) { var st = stateOf(this, 'WeakMap', 'WeakMap.prototype.get'); if (!isObject(k)) return undefined; var e = find(st, k); return e ? e.v : undefined; },
			set: function set(k, v) { var st = stateOf(this, 'WeakMap', 'WeakMap.prototype.set'); checkWeak(k, 'WeakMap'); add(st, k, v); return this; },
			has: function has(k) { var st = stateOf(this, 'WeakMap', 'WeakMap.prototype.has'); return isObject(k) && !!find(st, k); },
			'delete': function (k) { var st = stateOf(this, 'WeakMap', 'WeakMap.prototype.delete'); return isObject(k) && remove(st, k); }
		});
		defTag(WeakMap.prototype, 'WeakMap');

		function WeakSet(iterable) { return construct(this, WeakSet, 'WeakSet', iterable, 'add'); }
		defAll(WeakSet.prototype, {
			add: function add_(v) { var st = stateOf(this, 'WeakSet', 'WeakSet.prototype.add'); checkWeak(v, 'WeakSet'); add(st, v, v); return this; },
			has: function has(v) { var st = stateOf(this, 'WeakSet', 'WeakSet.prototype.has'); return isObject(v) && !!find(st, v); },
			'delete': function (v) { var st = stateOf(this, 'WeakSet', 'WeakSet.prototype.delete'); return isObject(v) && remove(st, v); }
		});
		defTag(WeakSet.prototype, 'WeakSet');

		defGlobal('Map', Map);
		defGlobal('Set', Set);
		defGlobal('WeakMap', WeakMap);
		defGlobal('WeakSet', WeakSet);
	},

	/* 2 JS_RT_PROMISE: Promise, Symbol.asyncIterator (promise.js) */
	function () {
		extra.promise(H, {
			queueMicrotask: queueMicrotask, unhandled: unhandled, isObject: isObject, defAll: defAll,
			defTag: defTag, defGlobal: defGlobal, stateOf: stateOf, iterate: iterate
		});
	},

	/* 3 JS_RT_ARRAY: core-js (corejs.js), the modules asked for (install) */
	function () {
		corejs(cjWanted & CJ_ARRAY);
	},

	/* 4 JS_RT_OBJECT */
	function () {
		function toObject(o, what) {
			if (o === null || o === undefined) throw new TypeError('Cannot convert undefined or null to object');
			void what;
			return Object(o);
		}
		defAll(Object, {
			entries: function entries(o) {
				var O = toObject(o), keys = Object.keys(O), out = [];
				for (var i = 0; i < keys.length; i++)
					if (Object.prototype.propertyIsEnumerable.call(O, keys[i])) out.push([keys[i], O[keys[i]]]);
				return out;
			},
			values: function values(o) {
				var O = toObject(o), keys = Object.keys(O), out = [];
				for (var i = 0; i < keys.length; i++)
					if (Object.prototype.propertyIsEnumerable.call(O, keys[i])) out.push(O[keys[i]]);
				return out;
			},
			hasOwn: function hasOwn_(o, k) {
				return hasOwn.call(toObject(o), k);
			},
			groupBy: function groupBy(items, fn) {
				var out = Object.create(null), i = 0;
				if (typeof fn !== 'function') throw new TypeError(String(fn) + ' is not a function');
				iterate(items, function (v) {
					var k = fn(v, i++);
					k = typeof k === 'symbol' ? k : String(k);
					if (hasOwn.call(out, k)) out[k].push(v);
					else out[k] = [v];
				});
				return out;
			},
			fromEntries: function fromEntries(iterable) {
				var o = {};
				iterate(iterable, function (e) {
					if (!isObject(e)) throw new TypeError('Iterator value ' + String(e) + ' is not an entry object');
					Object.defineProperty(o, e[0], { value: e[1], writable: true, enumerable: true, configurable: true });
				});
				return o;
			}
		});
		if (typeof g.Map === 'function' && !g.Map.groupBy) {
			def(g.Map, 'groupBy', function groupBy(items, fn) {
				var out = new g.Map(), i = 0;
				if (typeof fn !== 'function') throw new TypeError(String(fn) + ' is not a function');
				iterate(items, function (v) {
					var k = fn(v, i++), list = out.get(k);
					if (list) list.push(v);
					else out.set(k, [v]);
				});
				return out;
			});
		}
	},

	/* 5 JS_RT_STRING: core-js (corejs.js), the modules asked for (install);
	 * before group 6, which wraps the replace, matchAll and replaceAll
	 * that core-js's modules define */
	function () {
		corejs(cjWanted & CJ_STRING);
	},

	/* 6 JS_RT_REGEX: named capture groups (regex.js) */
	function () {
		extra.regex(H, { def: def, makeIteratorProto: makeIteratorProto, result: result });
	}
];

/* Maps and Sets are iterable, and Array.from / Promise.all /
 * Object.fromEntries take iterables: those groups bring the iterator group
 * along. */
var needs = [0, 1, 1, 1, 1, 0, 1];

/* cj: the core-js modules (bit i: __sbx_corejs[i], JS_CJ_* in tokenize.h)
 * of the Array and String groups the code asks for, run when their group
 * is installed (corejs.bc is loaded when cj is not 0); a group installed
 * once keeps the modules it got (a session's kernel asks for all). */
var installed = 0, wrapped = false, cjWanted = 0;
/* JS_CJ_ARRAY_* are bits 0-15, JS_CJ_STRING_* 16-25 */
var CJ_ARRAY = 0xffff, CJ_STRING = 0x3ff0000;
function corejs(bits) {
	var m = g.__sbx_corejs || [];
	for (var j = 0; bits && j < m.length; j++)
		if (bits & (1 << j)) m[j]();
}
function install(mask, hidden, cj) {
	if (H === null) H = hidden;
	if (!wrapped) {
		wrapped = true;
		wrapTimers();
	}
	cjWanted = cj || 0;
	for (var i = 0; i < groups.length; i++) {
		if (!(mask & (1 << i))) continue;
		if (needs[i] & ~installed) install(needs[i], hidden, cj);
		if (installed & (1 << i)) continue;
		installed |= 1 << i;
		groups[i]();
	}
	return installed;
}

/* sbx's own: not enumerable, as no global of node's lists them */
def(g, '__sbx_runtime', install);
def(g, '__sbx_drain', drain);
def(g, '__sbx_unhandled', unhandled);
Object.defineProperty(g, 'queueMicrotask', { value: queueMicrotask, writable: true, configurable: true });
})(typeof globalThis === 'object' ? globalThis : this);
