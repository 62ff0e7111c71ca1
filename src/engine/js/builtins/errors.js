/* Error constructors as ES2022 has them: new Error(message, { cause })
 * gives the error an own, non-enumerable `cause` (every native error
 * type), and AggregateError (ES2021) is a real error: its stack, its
 * [object Error] tag, `errors` its own non-enumerable list. Duktape's
 * constructors ignore a second argument, so each is replaced by a
 * function that calls it and adds the cause; the prototypes stay
 * Duktape's own, so instanceof, errors Duktape throws itself and
 * e.constructor === TypeError all still hold.
 *
 * Called as a super constructor (the lowering calls `Error.apply(this,
 * args)` for `class E extends Error`, see src/engine/js/lower/transpile.js's
 * __sbx_super_apply), `this` is the subclass's instance: the new error
 * gets its prototype, as `super()` would give it. */
(function () {
	var getProto = Object.getPrototypeOf, setProto = Object.setPrototypeOf;

	function hide(o, k, v) {
		Object.defineProperty(o, k, { value: v, writable: true, enumerable: false, configurable: true });
	}
	function addCause(e, options) {
		if (options !== null && typeof options === 'object' && 'cause' in options) hide(e, 'cause', options.cause);
	}

	function wrap(name, Base) {
		var Native = G[name], proto = Native.prototype;
		var W = function (message) {
			var e = arguments.length && message !== undefined ? Native(message) : Native();
			if (this instanceof W && getProto(this) !== proto) setProto(e, getProto(this));
			addCause(e, arguments[1]);
			return e;
		};
		Object.defineProperty(W, 'name', { value: name, configurable: true });
		W.prototype = proto;
		hide(proto, 'constructor', W);
		if (Base) setProto(W, Base); /* Object.getPrototypeOf(TypeError) === Error */
		hide(G, name, W);
		return W;
	}

	var E = wrap('Error', null);
	var names = ['EvalError', 'RangeError', 'ReferenceError', 'SyntaxError', 'TypeError', 'URIError'];
	for (var i = 0; i < names.length; i++) wrap(names[i], E);

	function list(errors) {
		if (Array.isArray(errors)) return errors.slice();
		var it = typeof Symbol === 'function' && Symbol.iterator && errors != null ? errors[Symbol.iterator] : undefined;
		if (typeof it !== 'function') throw new TypeError(String(errors) + ' is not iterable');
		var out = [], iter = it.call(errors), r;
		while (!(r = iter.next()).done) out.push(r.value);
		return out;
	}
	function AggregateError(errors, message) {
		var e = message !== undefined ? E(message) : E();
		setProto(e, this instanceof AggregateError ? getProto(this) : AggregateError.prototype);
		addCause(e, arguments[2]);
		hide(e, 'errors', list(errors));
		return e;
	}
	AggregateError.prototype = Object.create(E.prototype);
	hide(AggregateError.prototype, 'constructor', AggregateError);
	hide(AggregateError.prototype, 'name', 'AggregateError');
	hide(AggregateError.prototype, 'message', '');
	setProto(AggregateError, E);
	hide(G, 'AggregateError', AggregateError);

	/* let, const and class errors the ES5 lowering would lose
	 * (src/engine/js/lower/early.js puts these calls where they throw) */
	hide(G, '__sbx_tdz', function __sbx_tdz(name) {
		throw new ReferenceError("Cannot access '" + name + "' before initialization");
	});
	hide(G, '__sbx_const_assign', function __sbx_const_assign() {
		throw new TypeError('Assignment to constant variable.');
	});
})();
