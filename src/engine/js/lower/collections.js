/* Map, Set, WeakMap and WeakSet for the transpiler heap only (TypeScript 5
 * uses them unguarded; Duktape has none). The user's program gets the full
 * runtime from src/engine/js/runtime/, not these. Loaded after es2017.js, whose
 * Symbol.iterator they implement.
 *
 * Speed matters more than completeness here: TypeScript keeps its symbol
 * tables in Maps. Keys are hashed into one dictionary object: primitives by
 * type tag + value, objects by a hidden id stamped on first use. Entries live
 * in insertion-ordered arrays; deletions leave holes that are compacted when
 * they outnumber live entries.
 */
(function (global) {
	var nextId = 0;
	var ID = '\u0000sbxid';
	var hasOwn = Object.prototype.hasOwnProperty;

	function hashKey(k) {
		switch (typeof k) {
		case 'string': return 's' + k;
		case 'number': return k !== k ? 'NaN' : 'n' + (k === 0 ? 0 : k);
		case 'boolean': return k ? 'T' : 'F';
		case 'undefined': return 'U';
		case 'symbol': return null;
		}
		if (k === null) return 'N';
		if (hasOwn.call(k, ID)) return k[ID];
		if (!Object.isExtensible(k)) return null;
		var id = 'o' + (++nextId);
		Object.defineProperty(k, ID, { value: id });
		return id;
	}

	function Store() {
		this.idx = Object.create(null);
		this.keys = [];
		this.vals = [];
		this.odd = [];   /* keys that cannot be hashed: symbols, frozen objects */
		this.holes = 0;
		this.size = 0;
	}
	Store.prototype.find = function (k) {
		var h = hashKey(k);
		if (h !== null) {
			var i = this.idx[h];
			return i === undefined ? -1 : i;
		}
		for (var j = 0; j < this.odd.length; j++)
			if (this.keys[this.odd[j]] === k) return this.odd[j];
		return -1;
	};
	Store.prototype.add = function (k, v) {
		var i = this.find(k);
		if (i >= 0) { this.vals[i] = v; return; }
		i = this.keys.length;
		this.keys.push(k);
		this.vals.push(v);
		var h = hashKey(k);
		if (h !== null) this.idx[h] = i; else this.odd.push(i);
		this.size++;
	};
	var HOLE = {};
	Store.prototype.remove = function (k) {
		var i = this.find(k);
		if (i < 0) return false;
		var h = hashKey(k);
		if (h !== null) delete this.idx[h];
		else this.odd.splice(this.odd.indexOf(i), 1);
		this.keys[i] = HOLE;
		this.vals[i] = undefined;
		this.size--;
		if (++this.holes > 32 && this.holes > this.size) this.compact();
		return true;
	};
	Store.prototype.compact = function () {
		var ks = this.keys, vs = this.vals;
		this.idx = Object.create(null);
		this.keys = [];
		this.vals = [];
		this.odd = [];
		this.holes = 0;
		this.size = 0;
		for (var i = 0; i < ks.length; i++)
			if (ks[i] !== HOLE) this.add(ks[i], vs[i]);
	};
	Store.prototype.clear = function () { Store.call(this); };

	/* Iterators walk the arrays live, so entries added during iteration are
	 * seen (as with native Maps); a compaction mid-walk is avoided by never
	 * compacting while an iterator is open is not tracked - compaction only
	 * happens on delete, which TypeScript does not mix with iteration. */
	function Iter(store, kind) { this.s = store; this.i = 0; this.kind = kind; }
	Iter.prototype.next = function () {
		var s = this.s;
		while (this.i < s.keys.length) {
			var i = this.i++;
			var k = s.keys[i];
			if (k === HOLE) continue;
			var v = this.kind === 0 ? k : this.kind === 1 ? s.vals[i] : [k, s.vals[i]];
			return { value: v, done: false };
		}
		return { value: undefined, done: true };
	};
	if (typeof Symbol === 'function' && Symbol.iterator)
		Iter.prototype[Symbol.iterator] = function () { return this; };

	function fill(self, iterable, pairs) {
		if (iterable == null) return;
		if (Array.isArray(iterable)) {
			for (var i = 0; i < iterable.length; i++)
				if (pairs) self.set(iterable[i][0], iterable[i][1]); else self.add(iterable[i]);
			return;
		}
		/* Map, Set, generators, TypeScript's mapIterator(): anything with
		 * Symbol.iterator (es2017.js) or an iterator itself */
		var SI = typeof Symbol === 'function' && Symbol.iterator;
		var it = SI && typeof iterable[SI] === 'function' ? iterable[SI]() :
			typeof iterable.next === 'function' ? iterable :
			iterable.entries && pairs ? iterable.entries() : iterable.values();
		for (var r = it.next(); !r.done; r = it.next())
			if (pairs) self.set(r.value[0], r.value[1]); else self.add(r.value);
	}

	function Map(iterable) { this._s = new Store(); this.size = 0; fill(this, iterable, true); }
	Map.prototype.get = function (k) { var i = this._s.find(k); return i < 0 ? undefined : this._s.vals[i]; };
	Map.prototype.has = function (k) { return this._s.find(k) >= 0; };
	Map.prototype.set = function (k, v) { this._s.add(k, v); this.size = this._s.size; return this; };
	Map.prototype['delete'] = function (k) { var r = this._s.remove(k); this.size = this._s.size; return r; };
	Map.prototype.clear = function () { this._s.clear(); this.size = 0; };
	Map.prototype.keys = function () { return new Iter(this._s, 0); };
	Map.prototype.values = function () { return new Iter(this._s, 1); };
	Map.prototype.entries = function () { return new Iter(this._s, 2); };
	Map.prototype.forEach = function (fn, thisArg) {
		var s = this._s;
		for (var i = 0; i < s.keys.length; i++)
			if (s.keys[i] !== HOLE) fn.call(thisArg, s.vals[i], s.keys[i], this);
	};

	function Set(iterable) { this._s = new Store(); this.size = 0; fill(this, iterable, false); }
	Set.prototype.has = function (k) { return this._s.find(k) >= 0; };
	Set.prototype.add = function (k) { this._s.add(k, k); this.size = this._s.size; return this; };
	Set.prototype['delete'] = Map.prototype['delete'];
	Set.prototype.clear = Map.prototype.clear;
	Set.prototype.keys = Set.prototype.values = function () { return new Iter(this._s, 0); };
	Set.prototype.entries = function () { return new Iter(this._s, 2); };
	Set.prototype.forEach = function (fn, thisArg) {
		var s = this._s;
		for (var i = 0; i < s.keys.length; i++)
			if (s.keys[i] !== HOLE) fn.call(thisArg, s.keys[i], s.keys[i], this);
	};

	if (typeof Symbol === 'function' && Symbol.iterator) {
		Map.prototype[Symbol.iterator] = Map.prototype.entries;
		Set.prototype[Symbol.iterator] = Set.prototype.values;
	}

	/* No weakness needed: the transpiler heap lives for one lowering. */
	function WeakMap() { this._s = new Store(); }
	WeakMap.prototype.get = Map.prototype.get;
	WeakMap.prototype.has = Map.prototype.has;
	WeakMap.prototype.set = function (k, v) { this._s.add(k, v); return this; };
	WeakMap.prototype['delete'] = function (k) { return this._s.remove(k); };
	function WeakSet() { this._s = new Store(); }
	WeakSet.prototype.has = Set.prototype.has;
	WeakSet.prototype.add = function (k) { this._s.add(k, k); return this; };
	WeakSet.prototype['delete'] = WeakMap.prototype['delete'];

	global.Map = Map;
	global.Set = Set;
	if (!global.WeakMap) global.WeakMap = WeakMap;
	if (!global.WeakSet) global.WeakSet = WeakSet;
})(this);

/* ES2015 array helpers typescript.js calls unguarded. */
(function () {
	function def(o, name, fn) {
		if (!o[name]) Object.defineProperty(o, name, { value: fn, writable: true, configurable: true });
	}
	def(Array.prototype, 'find', function (fn, thisArg) {
		for (var i = 0; i < this.length; i++) if (fn.call(thisArg, this[i], i, this)) return this[i];
		return undefined;
	});
	def(Array.prototype, 'findIndex', function (fn, thisArg) {
		for (var i = 0; i < this.length; i++) if (fn.call(thisArg, this[i], i, this)) return i;
		return -1;
	});
})();
