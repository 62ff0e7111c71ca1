/* The runtime library: what Duktape 2.7 lacks and modern code (or the
 * helpers TypeScript emits when lowering it) expects. Bundled at build time
 * by build-aux/gen-ts.sh with esbuild from Debian's node-core-js, compiled
 * to bytecode and embedded in sbx.
 *
 * Loading and running all of core-js costs ~7 ms in Duktape, more than the
 * whole ES5 hello run, so nothing is installed up front: each group below
 * is a thunk, and __sbx_runtime(mask) runs only the groups whose bit the C
 * side (js_runtime_features() in src/js/lower.c) found a use for in the
 * code. esbuild keeps require() lazy, so unused modules never execute.
 * The bit order is the contract with JS_RT_* in src/js/lower.h.
 */
var microtasks = [];
var unhandled = [];

/* core-js's Promise uses a global queueMicrotask when one exists; ours only
 * queues, and the engine's event loop drains it (__sbx_drain) after the
 * main program and after every timer callback, as node does. */
var g = typeof globalThis === 'object' ? globalThis : this;
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
	}
	setImmediateOrig = g.setImmediate;
	wrap('setTimeout');
	wrap('setInterval');
	wrap('setImmediate');
}

var groups = [
	/* 0 JS_RT_ITER: iterators for arrays, strings, arguments */
	function () {
		require('core-js/modules/es.symbol.iterator');
		require('core-js/modules/es.array.iterator');
		require('core-js/modules/es.string.iterator');
	},
	/* 1 JS_RT_COLLECTIONS: Map, Set, WeakMap, WeakSet */
	function () {
		require('core-js/modules/es.map');
		require('core-js/modules/es.set');
		require('core-js/modules/es.weak-map');
		require('core-js/modules/es.weak-set');
	},
	/* 2 JS_RT_PROMISE */
	function () {
		require('core-js/modules/es.promise');
		require('core-js/modules/es.promise.all-settled');
		require('core-js/modules/es.promise.any');
		require('core-js/modules/es.promise.finally');
		require('core-js/modules/es.symbol.async-iterator');
	},
	/* 3 JS_RT_ARRAY */
	function () {
		require('core-js/modules/es.array.from');
		require('core-js/modules/es.array.of');
		require('core-js/modules/es.array.find');
		require('core-js/modules/es.array.find-index');
		require('core-js/modules/es.array.find-last');
		require('core-js/modules/es.array.find-last-index');
		require('core-js/modules/es.array.includes');
		require('core-js/modules/es.array.fill');
		require('core-js/modules/es.array.flat');
		require('core-js/modules/es.array.flat-map');
		require('core-js/modules/es.array.at');
		require('core-js/modules/es.array.copy-within');
	},
	/* 4 JS_RT_OBJECT */
	function () {
		require('core-js/modules/es.object.entries');
		require('core-js/modules/es.object.values');
		require('core-js/modules/es.object.from-entries');
	},
	/* 5 JS_RT_STRING */
	function () {
		require('core-js/modules/es.string.pad-start');
		require('core-js/modules/es.string.pad-end');
		require('core-js/modules/es.string.trim-start');
		require('core-js/modules/es.string.trim-end');
		require('core-js/modules/es.string.replace-all');
		require('core-js/modules/es.string.at-alternative');
		require('core-js/modules/es.string.code-point-at');
		require('core-js/modules/es.string.from-code-point');
	}
];

/* Maps and Sets are iterable, and Array.from / Promise.all take iterables:
 * those groups bring the iterator group along. */
var needs = [0, 1, 1, 1, 1, 0];

var installed = 0, wrapped = false;
function install(mask) {
	if (!wrapped) {
		wrapped = true;
		wrapTimers();
	}
	for (var i = 0; i < groups.length; i++) {
		if (!(mask & (1 << i))) continue;
		if (needs[i] & ~installed) install(needs[i]);
		if (installed & (1 << i)) continue;
		installed |= 1 << i;
		groups[i]();
	}
	return installed;
}

g.__sbx_runtime = install;
g.__sbx_drain = drain;
g.__sbx_unhandled = unhandled;
Object.defineProperty(g, 'queueMicrotask', { value: queueMicrotask, writable: true, configurable: true });
/* core-js reports a rejection nobody handled through this hook (it has no
 * window.dispatchEvent here); node ends the process with that error. */
g.onunhandledrejection = function (ev) {
	unhandled.push(ev.reason);
};
g.onrejectionhandled = function (ev) {
	var i = unhandled.indexOf(ev.reason);
	if (i >= 0) unhandled.splice(i, 1);
};
