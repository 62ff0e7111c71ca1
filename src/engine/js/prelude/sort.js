	/* Array.prototype.sort, stable as ES2019 requires (Duktape's is an
	 * unstable quicksort: records sorted by one key came out in a different
	 * order on every run). The spec's SortIndexedProperties: present
	 * values are sorted by a merge sort, undefineds go after them and holes
	 * at the end. */
	function mergeSort(a, cmp) {
		var n = a.length, tmp = new Array(n), i, j, w, lo, mid, hi, k;
		/* insertion sort of runs of 8, then merges of doubling width */
		for (lo = 0; lo < n; lo += 8) {
			hi = Math.min(lo + 8, n);
			for (i = lo + 1; i < hi; i++) {
				var x = a[i];
				for (j = i - 1; j >= lo && cmp(a[j], x) > 0; j--) a[j + 1] = a[j];
				a[j + 1] = x;
			}
		}
		for (w = 8; w < n; w *= 2) {
			for (lo = 0; lo < n - w; lo += 2 * w) {
				mid = lo + w;
				hi = Math.min(lo + 2 * w, n);
				if (cmp(a[mid - 1], a[mid]) <= 0) continue; /* already in order */
				for (k = lo; k < hi; k++) tmp[k] = a[k];
				i = lo; j = mid; k = lo;
				while (i < mid && j < hi) a[k++] = cmp(tmp[j], tmp[i]) < 0 ? tmp[j++] : tmp[i++];
				while (i < mid) a[k++] = tmp[i++];
				while (j < hi) a[k++] = tmp[j++];
			}
		}
		return a;
	}
	/* Arrays shorter than 64: V8's TimSort makes them one run (its
	 * CountAndMakeRun, then BinaryInsertionSort), calling the comparator
	 * with the same arguments in the same order, so an inconsistent
	 * comparator (`a < b ? -1 : 1`) orders ties as node does. */
	function shortSort(a, cmp) {
		var n = a.length, run = 2, i, lo, hi, mid, x;
		if (n < 2) return a;
		var desc = cmp(a[1], a[0]) < 0;
		for (i = 2; i < n; i++) {
			var o = cmp(a[i], a[i - 1]);
			if (desc ? o >= 0 : o < 0) break;
			run++;
		}
		if (desc) for (lo = 0, hi = run - 1; lo < hi; lo++, hi--) { x = a[lo]; a[lo] = a[hi]; a[hi] = x; }
		for (i = run; i < n; i++) {
			x = a[i]; lo = 0; hi = i;
			while (lo < hi) {
				mid = lo + ((hi - lo) >> 1);
				if (cmp(x, a[mid]) < 0) hi = mid; else lo = mid + 1;
			}
			for (var p = i; p > lo; p--) a[p] = a[p - 1];
			a[lo] = x;
		}
		return a;
	}
	function defaultCompare(x, y) { return x.s < y.s ? -1 : x.s > y.s ? 1 : 0; }
	function sort(comparefn) {
		if (comparefn !== undefined && typeof comparefn !== 'function')
			throw new TypeError('The comparison function must be either a function or undefined');
		var o = Object(this), len = o.length >>> 0, vals = [], undef = 0, i, cmp;
		for (i = 0; i < len; i++) {
			if (!(i in o)) continue;
			var v = o[i];
			if (v === undefined) undef++;
			else vals.push(v);
		}
		if (comparefn === undefined) {
			for (i = 0; i < vals.length; i++) vals[i] = { v: vals[i], s: String(vals[i]) };
			mergeSort(vals, defaultCompare);
			for (i = 0; i < vals.length; i++) vals[i] = vals[i].v;
		} else {
			cmp = function (x, y) { var r = +comparefn(x, y); return r !== r ? 0 : r; };
			if (vals.length < 64) shortSort(vals, cmp);
			else mergeSort(vals, cmp);
		}
		var n = vals.length;
		for (i = 0; i < n; i++) o[i] = vals[i];
		for (; i < n + undef; i++) o[i] = undefined;
		for (; i < len; i++) delete o[i];
		return o;
	}
	Object.defineProperty(Array.prototype, 'sort', { value: sort, writable: true, enumerable: false, configurable: true });
