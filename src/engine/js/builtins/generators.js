/* Generator objects as node shows them: Object.prototype.toString gives
 * [object Generator] (or AsyncGenerator) and util.inspect
 * `Object [Generator] {}`, with next/throw/return inherited, not own
 * enumerable properties. Both lowerings make them.
 *
 * TypeScript's (target ES5) turns `function*` into a state machine run by
 * its __generator helper, and `async function*` by __asyncGenerator and
 * __await; the code it emits takes a global helper of that name when
 * there is one (`var __generator = (this && this.__generator) ||
 * function ...`). These are TypeScript's helpers (TypeScript 5,
 * Apache-2.0, as tslib has them) unchanged, wrapped so that the object
 * they return inherits from a prototype of the right Symbol.toStringTag.
 *
 * The subset lowering (src/engine/js/lower/subset.js) runs the body in a
 * Duktape.Thread of its own, as async functions (async.js):
 *   function* g(a, b = 1) { ... yield x ... }
 * becomes
 *   function g(_a1) { return __sbx_gen(_g1, this, arguments, function (a, b) {
 *       if (b === void 0) { b = 1; } __sbx_genReady(); ... __sbx_yield(x) ... }, 1); }
 * with _g1 the function itself (a name of the lowering's own). A body
 * with a parameter prologue (defaults, patterns, rest) runs up to
 * __sbx_genReady at the call, as ES2015 binds parameters before the
 * generator object exists (an error in them is thrown by the call); any
 * other body starts at the first next(). The generator object inherits
 * from the function's prototype property, which __sbx_kind gives each
 * generator function (inheriting from the Generator prototype, as
 * ES2015's). */
(function () {
	var setProto = Object.setPrototypeOf;

	/* typescript.js's __generator */
	var tsGenerator = function (thisArg, body) {
		var _ = { label: 0, sent: function() { if (t[0] & 1) throw t[1]; return t[1]; }, trys: [], ops: [] }, f, y, t, g = Object.create((typeof Iterator === "function" ? Iterator : Object).prototype);
		return g.next = verb(0), g["throw"] = verb(1), g["return"] = verb(2), typeof Symbol === "function" && (g[Symbol.iterator] = function() { return this; }), g;
		function verb(n) { return function (v) { return step([n, v]); }; }
		function step(op) {
			if (f) throw new TypeError("Generator is already executing.");
			while (g && (g = 0, op[0] && (_ = 0)), _) try {
				if (f = 1, y && (t = op[0] & 2 ? y["return"] : op[0] ? y["throw"] || ((t = y["return"]) && t.call(y), 0) : y.next) && !(t = t.call(y, op[1])).done) return t;
				if (y = 0, t) op = [op[0] & 2, t.value];
				switch (op[0]) {
					case 0: case 1: t = op; break;
					case 4: _.label++; return { value: op[1], done: false };
					case 5: _.label++; y = op[1]; op = [0]; continue;
					case 7: op = _.ops.pop(); _.trys.pop(); continue;
					default:
						if (!(t = _.trys, t = t.length > 0 && t[t.length - 1]) && (op[0] === 6 || op[0] === 2)) { _ = 0; continue; }
						if (op[0] === 3 && (!t || (op[1] > t[0] && op[1] < t[3]))) { _.label = op[1]; break; }
						if (op[0] === 6 && _.label < t[1]) { _.label = t[1]; t = op; break; }
						if (t && _.label < t[2]) { _.label = t[2]; _.ops.push(op); break; }
						if (t[2]) _.ops.pop();
						_.trys.pop(); continue;
				}
				op = body.call(thisArg, _);
			} catch (e) { op = [6, e]; y = 0; } finally { f = t = 0; }
			if (op[0] & 5) throw op[1]; return { value: op[0] ? op[1] : void 0, done: true };
		}
	};

	/* typescript.js's __await and __asyncGenerator */
	var __await = function (v) { return this instanceof __await ? (this.v = v, this) : new __await(v); };
	var tsAsyncGenerator = function (thisArg, _arguments, generator) {
		if (!Symbol.asyncIterator) throw new TypeError("Symbol.asyncIterator is not defined.");
		var g = generator.apply(thisArg, _arguments || []), i, q = [];
		return i = Object.create((typeof AsyncIterator === "function" ? AsyncIterator : Object).prototype), verb("next"), verb("throw"), verb("return", awaitReturn), i[Symbol.asyncIterator] = function () { return this; }, i;
		function awaitReturn(f) { return function (v) { return Promise.resolve(v).then(f, reject); }; }
		function verb(n, f) { if (g[n]) { i[n] = function (v) { return new Promise(function (a, b) { q.push([n, v, a, b]) > 1 || resume(n, v); }); }; if (f) i[n] = f(i[n]); } }
		function resume(n, v) { try { step(g[n](v)); } catch (e) { settle(q[0][3], e); } }
		function step(r) { r.value instanceof __await ? Promise.resolve(r.value.v).then(fulfill, reject) : settle(q[0][2], r); }
		function fulfill(value) { resume("next", value); }
		function reject(value) { resume("throw", value); }
		function settle(f, v) { if (f(v), q.shift(), q.length) resume(q[0][0], q[0][1]); }
	};

	function hide(o, k, v) {
		Object.defineProperty(o, k, { value: v, writable: true, enumerable: false, configurable: true });
	}
	function setName(f, name) {
		Object.defineProperty(f, 'name', { value: name, configurable: true });
	}
	function isObject(v) {
		return v !== null && (typeof v === 'object' || typeof v === 'function');
	}
	/* a value as V8 shows it in a TypeError */
	function show(v) {
		if (!isObject(v)) return String(v);
		var c = v.constructor;
		return '#<' + (typeof c === 'function' && c.name || 'Object') + '>';
	}

	/* The prototypes are made on first use: Symbol.asyncIterator comes
	 * with the runtime library, installed after this file runs. Each has
	 * node's chain: the tag (and for Generator the subset lowering's
	 * next/return/throw, which TypeScript's objects shadow with their
	 * own), then an iterator prototype whose iterKey method returns this. */
	var protos = {}, generatorMethods = {}, markKind = G.__sbx_kind;
	function protoOf(tag, iterKey) {
		var p = protos[tag];
		if (p) return p;
		var base = {};
		if (iterKey) hide(base, iterKey, function () { return this; });
		p = protos[tag] = Object.create(base);
		Object.defineProperty(p, Symbol.toStringTag, { value: tag, configurable: true });
		if (tag === 'Generator') {
			/* %GeneratorFunction.prototype% (functions.js's kind prototype,
			 * which a marked function inherits from) and this are each
			 * other's constructor and prototype */
			var kindProto = Object.getPrototypeOf(markKind(function () {}, 'GeneratorFunction'));
			Object.defineProperty(p, 'constructor', { value: kindProto, configurable: true });
			Object.defineProperty(kindProto, 'prototype', { value: p, configurable: true });
			for (var k in generatorMethods) {
				setName(generatorMethods[k], k);
				hide(p, k, generatorMethods[k]);
			}
		}
		return p;
	}
	function generatorProto() {
		return protoOf('Generator', Symbol.iterator);
	}
	function adopt(o, tag, iterKey) {
		var p = protoOf(tag, iterKey);
		var names = ['next', 'throw', 'return'];
		for (var n = 0; n < names.length; n++) if (o[names[n]]) hide(o, names[n], o[names[n]]);
		delete o[iterKey]; /* (TypeScript's g[undefined] without Symbol.iterator) */
		setProto(o, p);
		return o;
	}

	hide(G, '__generator', function __generator(thisArg, body) {
		return adopt(tsGenerator(thisArg, body), 'Generator', typeof Symbol === 'function' ? Symbol.iterator : undefined);
	});
	hide(G, '__await', __await);
	hide(G, '__asyncGenerator', function __asyncGenerator(thisArg, _arguments, generator) {
		return adopt(tsAsyncGenerator(thisArg, _arguments, generator), 'AsyncGenerator', Symbol.asyncIterator);
	});

	/* A generator function's prototype property: its objects' prototype,
	 * inheriting from the Generator prototype (ES2015), one per function.
	 * (__sbx_kind is functions.js's, which both lowerings call.) */
	hide(G, '__sbx_kind', function __sbx_kind(f, kind, name) {
		markKind(f, kind, name);
		if (kind === 'GeneratorFunction' && typeof f === 'function') f.prototype = Object.create(generatorProto());
		return f;
	});

	/* ---- the subset lowering's generators, on Duktape's coroutines ----
	 * A yield cannot cross a native call (Duktape's rule): a yield is
	 * always in the body itself, in a function of the lowering's own
	 * called from it (a loop's per-iteration body), or in __sbx_delegate
	 * called from there. Duktape is gone from the global object after the
	 * built-ins (engine_duktape_harden_globals): only these functions keep
	 * Thread, and all they can do with it is what a generator does. */
	var Thread = G.Duktape && G.Duktape.Thread;
	if (!Thread) return;
	var resume = Thread.resume, yieldTo = Thread.yield;
	var hasOwn = Object.prototype.hasOwnProperty;
	var START = 0, SUSPENDED = 1, RUNNING = 2, DONE = 3;
	/* What a body's thread handed to resume() last: set right before each
	 * yield and at the body's end (another generator run in between may
	 * have set it), read as soon as resume() returns. */
	var YIELDED = 1, DELEGATED = 2, READY = 3, RETURNED = 4, handed = 0;
	/* Thrown into a suspended body by return(v): its finally blocks run
	 * (and may yield), and the thread's function makes it the completion.
	 * No catch of the program sees it: subset.js leaves a yield inside a
	 * try with a catch to the TypeScript route, and its own for-of's catch
	 * passes it on (__sbx_genReturning). */
	function Return(value) { this.value = value; }
	function GenState(thread) {
		this.thread = thread;
		this.state = START;
	}
	function end(st) {
		st.state = DONE;
		st.thread = null;
	}
	function stateOf(o, method) {
		var st = isObject(o) && hasOwn.call(o, H) ? o[H] : undefined;
		if (!(st instanceof GenState))
			throw new TypeError('Method [Generator].prototype.' + method + ' called on incompatible receiver ' + show(o));
		return st;
	}

	/* GeneratorResume: runs the body until it yields or ends */
	function step(st, v, isError) {
		if (st.state === RUNNING) throw new TypeError('Generator is already running');
		st.state = RUNNING;
		var r;
		try {
			r = resume(st.thread, v, isError);
		} catch (e) {
			end(st);
			throw e;
		}
		if (handed === YIELDED || handed === DELEGATED) {
			st.state = SUSPENDED;
			/* yield* hands on the inner iterator's result object itself */
			return handed === YIELDED ? { value: r, done: false } : r;
		}
		end(st);
		return { value: r, done: true };
	}
	generatorMethods = {
		next: function (v) {
			var st = stateOf(this, 'next');
			return st.state === DONE ? { value: undefined, done: true } : step(st, v, false);
		},
		'return': function (v) {
			var st = stateOf(this, 'return');
			if (st.state === START) end(st);
			return st.state === DONE ? { value: v, done: true } : step(st, new Return(v), true);
		},
		'throw': function (e) {
			var st = stateOf(this, 'throw');
			if (st.state === START) end(st);
			if (st.state === DONE) throw e;
			return step(st, e, true);
		}
	};

	/* __sbx_gen(fn, self, args, body, early): the generator object of a
	 * call of fn; body runs in a thread of its own, on self and args,
	 * early: up to its __sbx_genReady() now. */
	hide(G, '__sbx_gen', function __sbx_gen(fn, self, args, body, early) {
		var p = typeof fn === 'function' ? fn.prototype : undefined;
		var o = Object.create(isObject(p) ? p : generatorProto());
		var st = new GenState(new Thread(function () {
			var v;
			try {
				v = body.apply(self, args);
			} catch (e) {
				if (!(e instanceof Return)) throw e;
				v = e.value;
			}
			handed = RETURNED;
			return v;
		}));
		Object.defineProperty(o, H, { value: st });
		if (early) resume(st.thread, undefined, false);
		return o;
	});
	hide(G, '__sbx_genReady', function __sbx_genReady() {
		handed = READY;
		yieldTo(undefined);
	});
	/* whether e is return()'s, for the lowering's for-of: a return
	 * closes the iterator as a normal completion does */
	hide(G, '__sbx_genReturning', function __sbx_genReturning(e) {
		return e instanceof Return;
	});
	hide(G, '__sbx_yield', function __sbx_yield(v) {
		handed = YIELDED;
		return yieldTo(v);
	});

	/* yield* iterable (ES2015 14.4.14): next, throw and return of the
	 * generator go on to the inner iterator; its results are yielded as
	 * they are; its return value is the value of the yield*. */
	function iteratorOf(o) {
		var f = o == null ? undefined : o[Symbol.iterator];
		if (typeof f !== 'function') {
			var what = o === undefined ? 'undefined' : o === null ? 'object null' :
				typeof o === 'number' || typeof o === 'boolean' ? typeof o + ' ' + o : typeof o;
			throw new TypeError(what + ' is not iterable (cannot read property Symbol(Symbol.iterator))');
		}
		var it = f.call(o);
		if (!isObject(it)) throw new TypeError('Result of the Symbol.iterator method is not an object');
		return it;
	}
	/* f.call(it, v), or f.call(it) without v */
	function callWith(f, it, v) {
		if (typeof f !== 'function') throw new TypeError(show(f) + ' is not a function');
		return arguments.length > 2 ? f.call(it, v) : f.call(it);
	}
	function result(r) {
		if (!isObject(r)) throw new TypeError('Iterator result ' + show(r) + ' is not an object');
		return r;
	}
	var NEXT = 0, THROW = 1, RETURN = 2;
	hide(G, '__sbx_delegate', function __sbx_delegate(iterable) {
		var it = iteratorOf(iterable), next = it.next, mode = NEXT, received, r, m;
		for (;;) {
			if (mode === NEXT) {
				r = result(callWith(next, it, received));
			} else if (mode === THROW) {
				m = it['throw'];
				if (m == null) {
					/* the inner iterator is closed first (a normal close) */
					m = it['return'];
					if (m != null) result(callWith(m, it));
					throw new TypeError("The iterator does not provide a 'throw' method.");
				}
				r = result(callWith(m, it, received));
			} else {
				m = it['return'];
				if (m == null) throw received;
				r = result(callWith(m, it, received.value));
			}
			if (r.done) {
				if (mode === RETURN) throw new Return(r.value);
				return r.value;
			}
			try {
				handed = DELEGATED;
				received = yieldTo(r);
				mode = NEXT;
			} catch (e) {
				received = e;
				mode = e instanceof Return ? RETURN : THROW;
			}
		}
	});
})();
