/* async functions on Duktape's coroutines, for the subset lowering
 * (src/engine/js/lower/subset.js), which writes
 *   async function f(a, b = 1) { ... await x ... }
 * as
 *   function f(a) { return __sbx_async(this, arguments, function (a, b) { ...
 *       __sbx_await(x) ... }); }
 * __sbx_async runs the body in a Duktape.Thread of its own, as the
 * executor of a new Promise: synchronously up to its first await, as
 * ES2017 says. __sbx_await yields the awaited value to it; it resumes the
 * body when PromiseResolve(value) settles (one job for a promise, as
 * node's await), with the value or by throwing the reason there. The
 * body's return resolves the promise, a throw rejects it.
 *
 * A yield cannot cross a native call (Duktape's rule): an await is always
 * in the body itself or in a function of the lowering's own called from it
 * (a loop's per-iteration body), so it never has to. Duktape is gone from
 * the global object after the built-ins (engine_duktape_harden_globals):
 * only these two functions keep Thread, and all they can do with it is
 * what an async function does. */
(function () {
	var Thread = G.Duktape && G.Duktape.Thread;
	if (!Thread) return;
	var resume = Thread.resume, yieldTo = Thread.yield;
	var AWAIT = {};
	function hide(name, v) {
		Object.defineProperty(G, name, { value: v, writable: true, enumerable: false, configurable: true });
	}
	hide('__sbx_async', function __sbx_async(self, args, body) {
		var P = G.Promise;
		return new P(function (resolve, reject) {
			var t = new Thread(function () { return { ret: body.apply(self, args) }; });
			function step(v, isError) {
				var r;
				try {
					r = resume(t, v, isError);
				} catch (e) {
					reject(e);
					return;
				}
				if (r && r.tag === AWAIT)
					P.resolve(r.value).then(function (x) { step(x, false); }, function (e) { step(e, true); });
				else
					resolve(r.ret);
			}
			step(undefined, false);
		});
	});
	hide('__sbx_await', function __sbx_await(v) {
		return yieldTo({ tag: AWAIT, value: v });
	});
})();
