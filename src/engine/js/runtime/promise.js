/* Runtime library group JS_RT_PROMISE: Promise, as the spec's algorithms
 * have it (resolve functions, thenable jobs, reaction jobs, in the spec's
 * order; AggregateError is src/engine/js/builtins/errors.js's), and
 * Symbol.asyncIterator. A rejection with no handler goes on
 * __sbx_unhandled and comes off when a handler is attached later; the
 * engine reports what is left after the event loop, as node exits with it.
 *
 * Loaded in the same bytecode as runtime.js, before it, like regex.js: it
 * only registers the group in __sbx_rt_extra; runtime.js installs it with
 * its hidden key H and the helpers it shares (h), when the code uses a
 * Promise. Not strict, as runtime.js is not.
 */
(function (g) {
var extra = g.__sbx_rt_extra || (g.__sbx_rt_extra = {});
extra.promise = function (H, h) {
	var queueMicrotask = h.queueMicrotask, unhandled = h.unhandled, isObject = h.isObject;
	var defAll = h.defAll, defTag = h.defTag, defGlobal = h.defGlobal, stateOf = h.stateOf;
	var iterate = h.iterate, hasOwn = Object.prototype.hasOwnProperty;
	var PENDING = 0, FULFILLED = 1, REJECTED = 2;

	function isPromise(x) {
		return isObject(x) && hasOwn.call(x, H) && x[H].kind === 'Promise';
	}
	function resolvingFunctions(p, st) {
		var done = false;
		return {
			resolve: function (x) {
				if (done) return;
				done = true;
				resolvePromise(p, st, x);
			},
			reject: function (r) {
				if (done) return;
				done = true;
				settle(st, REJECTED, r);
			}
		};
	}
	function resolvePromise(p, st, x) {
		if (x === p) return settle(st, REJECTED, new TypeError('Chaining cycle detected for promise #<Promise>'));
		if (!isObject(x)) return settle(st, FULFILLED, x);
		var then;
		try {
			then = x.then;
		} catch (e) {
			return settle(st, REJECTED, e);
		}
		if (typeof then !== 'function') return settle(st, FULFILLED, x);
		/* NewPromiseResolveThenableJob */
		queueMicrotask(function () {
			var f = resolvingFunctions(p, st);
			try {
				then.call(x, f.resolve, f.reject);
			} catch (e) {
				f.reject(e);
			}
		});
	}
	function settle(st, state, value) {
		var rs = st.reactions;
		st.state = state;
		st.value = value;
		st.reactions = null;
		if (state === REJECTED && !st.handled) {
			st.tracked = true;
			unhandled.push(value);
		}
		for (var i = 0; i < rs.length; i++) queueReaction(rs[i], state, value);
	}
	/* NewPromiseReactionJob */
	function queueReaction(r, state, value) {
		queueMicrotask(function () {
			var h = state === FULFILLED ? r.onF : r.onR, res;
			if (!h) {
				(state === FULFILLED ? r.cap.resolve : r.cap.reject)(value);
				return;
			}
			try {
				res = h(value);
			} catch (e) {
				r.cap.reject(e);
				return;
			}
			r.cap.resolve(res);
		});
	}
	function newCapability(C) {
		var res, rej;
		if (typeof C !== 'function') throw new TypeError('Promise resolve or reject function is not callable');
		var p = new C(function (a, b) {
			if (res !== undefined || rej !== undefined) throw new TypeError('Promise executor has already been invoked with non-undefined arguments');
			res = a;
			rej = b;
		});
		if (typeof res !== 'function' || typeof rej !== 'function') throw new TypeError('Promise resolve or reject function is not callable');
		return { promise: p, resolve: res, reject: rej };
	}
	function speciesConstructor(o) {
		var C = o.constructor;
		if (C === undefined) return Promise;
		if (!isObject(C)) throw new TypeError('The .constructor property is not an object');
		return C;
	}

	function Promise(executor) {
		if (!(this instanceof Promise) || hasOwn.call(this, H)) throw new TypeError("Promise constructor cannot be invoked without 'new'");
		if (typeof executor !== 'function') throw new TypeError('Promise resolver ' + (isObject(executor) ? '#<Object>' : String(executor)) + ' is not a function');
		var st = { kind: 'Promise', state: PENDING, value: undefined, reactions: [], handled: false, tracked: false };
		this[H] = st;
		var f = resolvingFunctions(this, st);
		try {
			executor(f.resolve, f.reject);
		} catch (e) {
			f.reject(e);
		}
	}
	defAll(Promise.prototype, {
		then: function then(onF, onR) {
			var st = stateOf(this, 'Promise', 'Promise.prototype.then');
			var cap = newCapability(speciesConstructor(this));
			var r = { onF: typeof onF === 'function' ? onF : null, onR: typeof onR === 'function' ? onR : null, cap: cap };
			if (st.state === PENDING) {
				st.reactions.push(r);
			} else {
				if (st.tracked) {
					st.tracked = false;
					var i = unhandled.indexOf(st.value);
					if (i >= 0) unhandled.splice(i, 1);
				}
				queueReaction(r, st.state, st.value);
			}
			st.handled = true;
			return cap.promise;
		},
		'catch': function (onR) {
			return this.then(undefined, onR);
		},
		'finally': function (onFinally) {
			if (!isObject(this)) throw new TypeError('Promise.prototype.finally called on a non-object');
			var C = speciesConstructor(this);
			if (typeof onFinally !== 'function') return this.then(onFinally, onFinally);
			return this.then(function (v) {
				return C.resolve(onFinally()).then(function () { return v; });
			}, function (e) {
				return C.resolve(onFinally()).then(function () { throw e; });
			});
		}
	});
	defTag(Promise.prototype, 'Promise');

	function resolveWith(C, x) {
		if (!isObject(C)) throw new TypeError('PromiseResolve called on non-object');
		if (isPromise(x) && x.constructor === C) return x;
		var cap = newCapability(C);
		cap.resolve(x);
		return cap.promise;
	}
	/* The combinators share a shape: for each item, C.resolve(item).then. */
	function combine(C, iterable, each, done) {
		var cap = newCapability(C);
		try {
			var resolveFn = C.resolve;
			if (typeof resolveFn !== 'function') throw new TypeError('Promise resolve is not a function');
			var values = [], remaining = { n: 1 }, index = 0;
			iterate(iterable, function (item) {
				var i = index++;
				values.push(undefined);
				remaining.n++;
				each(resolveFn.call(C, item), i, values, remaining, cap);
			});
			if (--remaining.n === 0) done(values, cap);
		} catch (e) {
			cap.reject(e);
		}
		return cap.promise;
	}
	function once(fn) {
		var called = false;
		return function (v) {
			if (called) return;
			called = true;
			fn(v);
		};
	}

	/* a real error, made by src/engine/js/builtins/errors.js (always there) */
	var AggregateError = g.AggregateError;

	defAll(Promise, {
		resolve: function resolve(x) { return resolveWith(this, x); },
		reject: function reject(r) {
			var cap = newCapability(this);
			cap.reject(r);
			return cap.promise;
		},
		all: function all(iterable) {
			return combine(this, iterable, function (p, i, values, remaining, cap) {
				p.then(once(function (v) {
					values[i] = v;
					if (--remaining.n === 0) cap.resolve(values);
				}), cap.reject);
			}, function (values, cap) { cap.resolve(values); });
		},
		allSettled: function allSettled(iterable) {
			return combine(this, iterable, function (p, i, values, remaining, cap) {
				function to(o) {
					values[i] = o;
					if (--remaining.n === 0) cap.resolve(values);
				}
				var called = false;
				p.then(function (v) {
					if (called) return;
					called = true;
					to({ status: 'fulfilled', value: v });
				}, function (e) {
					if (called) return;
					called = true;
					to({ status: 'rejected', reason: e });
				});
			}, function (values, cap) { cap.resolve(values); });
		},
		any: function any(iterable) {
			function fail(errors, cap) {
				cap.reject(new AggregateError(errors, 'All promises were rejected'));
			}
			return combine(this, iterable, function (p, i, errors, remaining, cap) {
				p.then(cap.resolve, once(function (e) {
					errors[i] = e;
					if (--remaining.n === 0) fail(errors, cap);
				}));
			}, fail);
		},
		race: function race(iterable) {
			var C = this, cap = newCapability(C);
			try {
				var resolveFn = C.resolve;
				if (typeof resolveFn !== 'function') throw new TypeError('Promise resolve is not a function');
				iterate(iterable, function (item) {
					resolveFn.call(C, item).then(cap.resolve, cap.reject);
				});
			} catch (e) {
				cap.reject(e);
			}
			return cap.promise;
		}
	});

	if (!Symbol.asyncIterator)
		Object.defineProperty(Symbol, 'asyncIterator', { value: Symbol('Symbol.asyncIterator') });
	defGlobal('Promise', Promise);
};
})(typeof globalThis === 'object' ? globalThis : this);
