/* sbx's piece of node's library for the Duktape child (ES5), loaded on first
 * use by the prelude (N.loadLib in src/engine/engine_duktape.c): most runs never
 * touch it, so it costs them nothing.
 *
 * Called once with the prelude's internals P (inspect, format, emit, ...);
 * returns:
 *   require(name)       node's pure core modules: assert (+ assert/strict),
 *                       util, events, path (posix); `node:` prefixes too.
 *                       Anything else throws an Error naming the module.
 *   table(data, cols)   console.table's text
 *   date*, number*      Date and Number formatting as node prints it with
 *                       its default ICU (en-US), Intl (a small en-US part)
 *   structuredClone(v)
 * Written by hand: node's own lib/*.js need primordials, internal bindings
 * and ES2015+ syntax that Duktape does not parse; what is here follows
 * their output formats.
 *
 * The library is the files of src/engine/js/nodelib/, one job each, run as one
 * program: build-aux/gen-js.sh concatenates them in the order of its
 * NODELIB_PARTS (the result is build/gen/nodelib.js). This first part
 * opens the closure that all of them share, so every part sees P and the
 * helpers below; the last part (tail.js) returns the library and closes
 * the closure.
 */
(function () {
	'use strict';
	return function (P) {
		var inspect = P.inspect, format = P.format, G = P.G;
		var hasOwn = Object.prototype.hasOwnProperty, toStr = Object.prototype.toString;
		var slice = Array.prototype.slice;

		/* Promise comes from the runtime library, installed on demand */
		function needPromise() { if (typeof G.Promise !== 'function') P.runtime(4 | 1); }
		function tagOf(v) { return toStr.call(v).slice(8, -1); }
		function isObj(v) { return v !== null && (typeof v === 'object' || typeof v === 'function'); }
		function repeat(s, n) { return n > 0 ? new Array(n + 1).join(s) : ''; }
		function defHidden(o, k, v) {
			Object.defineProperty(o, k, { value: v, writable: true, enumerable: false, configurable: true });
		}
		function nodeError(Ctor, code, message) {
			var e = new Ctor(message);
			defHidden(e, 'code', code);
			return e;
		}
		function typeName(v) {
			if (v === null) return 'null';
			if (typeof v === 'function') return 'function ' + (v.name || '(anonymous)');
			if (typeof v === 'object') {
				var c = v.constructor;
				return c && c.name ? 'an instance of ' + c.name : inspect(v, -1);
			}
			var s = inspect(v);
			if (s.length > 28) s = s.slice(0, 25) + '...';
			return 'type ' + typeof v + ' (' + s + ')';
		}
		function argType(name, want, v) {
			return nodeError(TypeError, 'ERR_INVALID_ARG_TYPE', 'The "' + name + '" argument must be of type ' + want + '. Received ' + typeName(v));
		}
		/* A Map's or Set's entries, [key, value] in insertion order, read
		 * from the prelude's collection state (P.hidden). */
		function collState(v) { return P.hidden && isObj(v) && hasOwn.call(v, P.hidden) ? v[P.hidden] : null; }
		function entriesOf(v) {
			var st = collState(v), out = [];
			if (st) for (var e = st.first; e; e = e.next) if (!e.removed) out.push([e.k, e.v]);
			return out;
		}
