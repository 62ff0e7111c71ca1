/* What the TypeScript 5 compiler, lowered to ES5 (build-aux/gen-ts.sh), needs
 * from ES2015-ES2022 that Duktape lacks: for the transpiler heap only (the
 * user's program gets the runtime library of src/engine/js/runtime/). Loaded before
 * collections.js. Only what typescript.js reaches is here; each is the plain
 * spec algorithm for the argument types TypeScript passes.
 */
(function (global) {
	function def(o, name, fn) {
		if (!o[name]) Object.defineProperty(o, name, { value: fn, writable: true, configurable: true });
	}

	/* Duktape has Symbol but not Symbol.iterator. A symbol of our own lets
	 * typescript.js's `[Symbol.iterator]() {...}` methods (its hash sets, the
	 * source-map decoder) be found by __values below. */
	if (typeof Symbol === 'function' && !Symbol.iterator)
		Object.defineProperty(Symbol, 'iterator', { value: Symbol('Symbol.iterator') });
	var SI = Symbol.iterator;

	/* Iteration helpers. The compiler is lowered with downlevelIteration, and
	 * the emitted `var __values = (this && this.__values) || ...` defers to
	 * these: arrays are walked without allocating a result per step (the
	 * lowered for-of reads .value before the next step), strings by code
	 * point, everything else through Symbol.iterator. */
	function ArrIter(o) { this.o = o; this.i = 0; this.r = { value: undefined, done: false }; }
	ArrIter.prototype.next = function () {
		var r = this.r;
		if (this.i < this.o.length) r.value = this.o[this.i++];
		else { r.value = undefined; r.done = true; }
		return r;
	};
	ArrIter.prototype[SI] = function () { return this; };
	function StrIter(s) { this.s = s; this.i = 0; }
	StrIter.prototype.next = function () {
		var s = this.s, i = this.i;
		if (i >= s.length) return { value: undefined, done: true };
		var c = s.charCodeAt(i), n = 1;
		if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
			var d = s.charCodeAt(i + 1);
			if (d >= 0xdc00 && d <= 0xdfff) n = 2;
		}
		this.i = i + n;
		return { value: s.substr(i, n), done: false };
	};
	function values(o) {
		if (Array.isArray(o)) return new ArrIter(o);
		if (typeof o === 'string') return new StrIter(o);
		if (o != null) {
			var m = o[SI];
			if (typeof m === 'function') return m.call(o);
			if (typeof o.length === 'number') return new ArrIter(o);
		}
		throw new TypeError(String(o) + ' is not iterable');
	}
	global.__values = values;
	global.__read = function (o, n) {
		if (Array.isArray(o)) return o;
		var it = values(o), ar = [], r;
		while ((n === void 0 || n-- > 0) && !(r = it.next()).done) ar.push(r.value);
		return ar;
	};

	def(Object, 'entries', function (o) {
		var ks = Object.keys(o), r = new Array(ks.length);
		for (var i = 0; i < ks.length; i++) r[i] = [ks[i], o[ks[i]]];
		return r;
	});
	def(Object, 'values', function (o) {
		var ks = Object.keys(o), r = new Array(ks.length);
		for (var i = 0; i < ks.length; i++) r[i] = o[ks[i]];
		return r;
	});
	def(Object, 'fromEntries', function (it) {
		var o = {}, e = global.__read(it);
		for (var i = 0; i < e.length; i++) o[e[i][0]] = e[i][1];
		return o;
	});

	function pad(s, n, fill, atStart) {
		s = String(s);
		fill = fill === undefined ? ' ' : String(fill);
		if (s.length >= n || fill === '') return s;
		var p = '';
		while (p.length < n - s.length) p += fill;
		p = p.slice(0, n - s.length);
		return atStart ? p + s : s + p;
	}
	def(String.prototype, 'padStart', function (n, f) { return pad(this, n, f, true); });
	def(String.prototype, 'padEnd', function (n, f) { return pad(this, n, f, false); });
	def(String.prototype, 'trimStart', function () { return String(this).replace(/^[\s\uFEFF\xA0]+/, ''); });
	def(String.prototype, 'trimEnd', function () { return String(this).replace(/[\s\uFEFF\xA0]+$/, ''); });

	def(Array.prototype, 'includes', function (x, from) {
		/* Duktape's indexOf is C: TypeScript's plugin for acorn asks a
		 * list per token (3% of its time with the loop below) */
		if (x === x) return Array.prototype.indexOf.call(this, x, from | 0) >= 0;
		for (var i = from | 0; i < this.length; i++)
			if (this[i] === x || (x !== x && this[i] !== this[i])) return true;
		return false;
	});
	def(Array.prototype, 'fill', function (v, start, end) {
		var n = this.length;
		start = start === undefined ? 0 : start < 0 ? Math.max(n + start, 0) : Math.min(start, n);
		end = end === undefined ? n : end < 0 ? Math.max(n + end, 0) : Math.min(end, n);
		for (var i = start; i < end; i++) this[i] = v;
		return this;
	});
	def(Array.prototype, 'copyWithin', function (target, start) {
		/* TypeScript calls it only as copyWithin(0, k), to shift a queue down */
		var n = this.length, k = start;
		for (var i = target; k < n; i++, k++) this[i] = this[k];
		return this;
	});
	def(Array, 'from', function (it, fn, thisArg) {
		var a = global.__read(it), r = new Array(a.length);
		for (var i = 0; i < a.length; i++) r[i] = fn ? fn.call(thisArg, a[i], i) : a[i];
		return r;
	});
})(this);
