/* Typed arrays' ES2015-ES2023 methods: Duktape's %TypedArray%.prototype has
 * only set and subarray, so `new Uint8Array(4).fill(7)` threw. Each method
 * is the spec's algorithm over the array's own elements (no species: the
 * result of map, filter and slice is of the receiver's type, as for every
 * built-in typed array); Array.from/of-like statics on every constructor.
 * Iteration (keys, values, entries, Symbol.iterator) is the runtime's
 * Array Iterator (src/engine/js/runtime/runtime.js, JS_RT_ITER), which the
 * lowering loads with for-of and spread. */
(function () {
	var names = ['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array',
		'Int32Array', 'Uint32Array', 'Float32Array', 'Float64Array'];
	if (typeof G.Uint8Array !== 'function') return;
	var TA = Object.getPrototypeOf(G.Uint8Array.prototype);
	var TACtor = Object.getPrototypeOf(G.Uint8Array);

	function method(o, name, length, f) {
		Object.defineProperty(f, 'name', { value: name, configurable: true });
		Object.defineProperty(f, 'length', { value: length, configurable: true });
		Object.defineProperty(o, name, { value: f, writable: true, enumerable: false, configurable: true });
	}
	function check(o) {
		if (!ArrayBuffer.isView(o) || o instanceof DataView) throw new TypeError('this is not a typed array.');
		return o.length;
	}
	function callable(f) {
		if (typeof f !== 'function') throw new TypeError(String(f) + ' is not a function');
		return f;
	}
	function relative(v, len, dflt) {
		if (v === undefined) return dflt;
		var n = Math.trunc ? Math.trunc(Number(v)) : Number(v) < 0 ? Math.ceil(Number(v)) : Math.floor(Number(v));
		if (n !== n) n = 0;
		return n < 0 ? Math.max(len + n, 0) : Math.min(n, len);
	}
	function like(o, len) {
		return new o.constructor(len);
	}

	method(TA, 'fill', 1, function (value, start, end) {
		var len = check(this), k = relative(start, len, 0), fin = relative(end, len, len);
		value = Number(value);
		for (; k < fin; k++) this[k] = value;
		return this;
	});
	method(TA, 'includes', 1, function (x, from) {
		var len = check(this);
		for (var k = relative(from, len, 0); k < len; k++) {
			var e = this[k];
			if (e === x || (e !== e && x !== x)) return true;
		}
		return false;
	});
	method(TA, 'indexOf', 1, function (x, from) {
		var len = check(this);
		for (var k = relative(from, len, 0); k < len; k++) if (this[k] === x) return k;
		return -1;
	});
	method(TA, 'lastIndexOf', 1, function (x, from) {
		var len = check(this), k = arguments.length > 1 ? relative(from, len, len - 1) : len - 1;
		if (arguments.length > 1 && Number(from) < 0 && len + Math.ceil(Number(from)) < 0) return -1;
		for (k = Math.min(k, len - 1); k >= 0; k--) if (this[k] === x) return k;
		return -1;
	});
	method(TA, 'join', 1, function (sep) {
		var len = check(this), parts = [];
		for (var k = 0; k < len; k++) parts.push(String(this[k]));
		return parts.join(sep === undefined ? ',' : String(sep));
	});
	method(TA, 'toString', 0, Array.prototype.toString);
	method(TA, 'toLocaleString', 0, function () {
		var len = check(this), parts = [];
		for (var k = 0; k < len; k++) parts.push(this[k].toLocaleString());
		return parts.join(',');
	});
	method(TA, 'forEach', 1, function (f, that) {
		var len = check(this);
		callable(f);
		for (var k = 0; k < len; k++) f.call(that, this[k], k, this);
	});
	method(TA, 'map', 1, function (f, that) {
		var len = check(this), out = like(this, len);
		callable(f);
		for (var k = 0; k < len; k++) out[k] = f.call(that, this[k], k, this);
		return out;
	});
	method(TA, 'filter', 1, function (f, that) {
		var len = check(this), kept = [];
		callable(f);
		for (var k = 0; k < len; k++) if (f.call(that, this[k], k, this)) kept.push(this[k]);
		var out = like(this, kept.length);
		for (k = 0; k < kept.length; k++) out[k] = kept[k];
		return out;
	});
	function reducer(name, step) {
		method(TA, name, 1, function (f, init) {
			var len = check(this), k = step > 0 ? 0 : len - 1, acc;
			callable(f);
			if (arguments.length > 1) acc = init;
			else if (len === 0) throw new TypeError('Reduce of empty array with no initial value');
			else { acc = this[k]; k += step; }
			for (; k >= 0 && k < len; k += step) acc = f(acc, this[k], k, this);
			return acc;
		});
	}
	reducer('reduce', 1);
	reducer('reduceRight', -1);
	method(TA, 'some', 1, function (f, that) {
		var len = check(this);
		callable(f);
		for (var k = 0; k < len; k++) if (f.call(that, this[k], k, this)) return true;
		return false;
	});
	method(TA, 'every', 1, function (f, that) {
		var len = check(this);
		callable(f);
		for (var k = 0; k < len; k++) if (!f.call(that, this[k], k, this)) return false;
		return true;
	});
	function finder(name, last, index) {
		method(TA, name, 1, function (f, that) {
			var len = check(this);
			callable(f);
			for (var i = 0; i < len; i++) {
				var k = last ? len - 1 - i : i;
				if (f.call(that, this[k], k, this)) return index ? k : this[k];
			}
			return index ? -1 : undefined;
		});
	}
	finder('find', false, false);
	finder('findIndex', false, true);
	finder('findLast', true, false);
	finder('findLastIndex', true, true);
	method(TA, 'reverse', 0, function () {
		var len = check(this);
		for (var lo = 0, hi = len - 1; lo < hi; lo++, hi--) {
			var t = this[lo];
			this[lo] = this[hi];
			this[hi] = t;
		}
		return this;
	});
	method(TA, 'slice', 2, function (start, end) {
		var len = check(this), k = relative(start, len, 0), fin = relative(end, len, len);
		var out = like(this, Math.max(fin - k, 0));
		for (var n = 0; k < fin; k++, n++) out[n] = this[k];
		return out;
	});
	method(TA, 'copyWithin', 2, function (target, start, end) {
		var len = check(this), to = relative(target, len, 0), from = relative(start, len, 0);
		var fin = relative(end, len, len), count = Math.min(fin - from, len - to);
		if (count > 0) this.set(this.subarray(from, from + count), to);
		return this;
	});
	method(TA, 'at', 1, function (i) {
		var len = check(this), n = Number(i) || 0;
		n = n < 0 ? Math.ceil(n) : Math.floor(n);
		if (n < 0) n += len;
		return n < 0 || n >= len ? undefined : this[n];
	});
	/* Numbers ascending, NaN last, -0 before +0, as %TypedArray%.prototype.sort
	 * with no comparator; a comparator's result compared as a number. Stable
	 * through Array.prototype.sort (the prelude's, stable as ES2019 wants). */
	function numeric(a, b) {
		if (a !== a) return b !== b ? 0 : 1;
		if (b !== b) return -1;
		if (a < b) return -1;
		if (a > b) return 1;
		if (a === 0 && b === 0) return 1 / a < 0 ? (1 / b < 0 ? 0 : -1) : 1 / b < 0 ? 1 : 0;
		return 0;
	}
	method(TA, 'sort', 1, function (cmp) {
		if (cmp !== undefined) callable(cmp);
		var len = check(this), copy = [];
		for (var k = 0; k < len; k++) copy.push(this[k]);
		copy.sort(cmp === undefined ? numeric : function (a, b) { var v = Number(cmp(a, b)); return v !== v ? 0 : v; });
		for (k = 0; k < len; k++) this[k] = copy[k];
		return this;
	});
	method(TA, 'toSorted', 1, function (cmp) {
		return TA.sort.call(TA.slice.call(this), cmp);
	});
	method(TA, 'toReversed', 0, function () {
		return TA.reverse.call(TA.slice.call(this));
	});

	/* Uint8Array.from(source, mapFn, thisArg) and Uint8Array.of(...items). */
	function from(source, mapFn, that) {
		if (mapFn !== undefined) callable(mapFn);
		var items = [], C = this, i;
		if (source !== null && source !== undefined && typeof Symbol === 'function' &&
		    typeof Object(source)[Symbol.iterator] === 'function' && !ArrayBuffer.isView(source) &&
		    typeof source !== 'string' && !Array.isArray(source)) {
			var it = Object(source)[Symbol.iterator](), r;
			while (!(r = it.next()).done) items.push(r.value);
		} else {
			var o = Object(source), n = o.length >>> 0;
			for (i = 0; i < n; i++) items.push(o[i]);
		}
		var out = new C(items.length);
		for (i = 0; i < items.length; i++) out[i] = mapFn ? mapFn.call(that, items[i], i) : items[i];
		return out;
	}
	function of() {
		var out = new this(arguments.length);
		for (var i = 0; i < arguments.length; i++) out[i] = arguments[i];
		return out;
	}
	var statics = TACtor && TACtor !== Function.prototype ? [TACtor] : names.map(function (n) { return G[n]; });
	for (var s = 0; s < statics.length; s++) {
		if (typeof statics[s] !== 'function') continue;
		method(statics[s], 'from', 1, from);
		method(statics[s], 'of', 0, of);
	}
})();
