/* node's library: deep equality the way node compares (strict for
 * assert.deepStrictEqual and util.isDeepStrictEqual, loose for
 * assert.deepEqual), Map and Set entries included.
 * A part of the closure head.js opens: uses its helpers. */
		function ownKeys(o) {
			var keys = Object.keys(o);
			if (Object.getOwnPropertySymbols) {
				var s = Object.getOwnPropertySymbols(o);
				for (var i = 0; i < s.length; i++) if (Object.prototype.propertyIsEnumerable.call(o, s[i])) keys.push(s[i]);
			}
			return keys;
		}
		function deepEqual(a, b, strict, memo) {
			if (strict ? (a === b ? (a !== 0 || 1 / a === 1 / b) : (a !== a && b !== b)) : (a == b || (a !== a && b !== b))) return true; /* eslint-disable-line eqeqeq */
			if (!isObj(a) || !isObj(b)) {
				if (!strict && (!isObj(a) || !isObj(b)) && (a === null || typeof a !== 'object') && (b === null || typeof b !== 'object')) return a == b; /* eslint-disable-line eqeqeq */
				return false;
			}
			if (strict && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
			var ta = tagOf(a), tb = tagOf(b);
			if (ta !== tb) return false;
			if (Array.isArray(a) !== Array.isArray(b)) return false;
			if (ta === 'Date' && a.getTime() !== b.getTime() && !(isNaN(a.getTime()) && isNaN(b.getTime()))) return false;
			if (ta === 'RegExp' && String(a) !== String(b)) return false;
			if (P.isError(a) && (a.message !== b.message || a.name !== b.name)) return false;
			if (ta === 'Number' || ta === 'String' || ta === 'Boolean') {
				if (!deepEqual(a.valueOf(), b.valueOf(), true, memo)) return false;
			}
			if (typeof a === 'function') return false;
			for (var m = 0; m < memo.length; m++) if (memo[m][0] === a && memo[m][1] === b) return true;
			memo.push([a, b]);
			var ka = ownKeys(a), kb = ownKeys(b), i;
			if (ka.length !== kb.length) return false;
			for (i = 0; i < ka.length; i++) {
				if (!Object.prototype.propertyIsEnumerable.call(b, ka[i])) return false;
				if (!deepEqual(a[ka[i]], b[ka[i]], strict, memo)) return false;
			}
			if (Array.isArray(a) && a.length !== b.length) return false;
			if (ta === 'Map' || ta === 'Set') {
				var ea = entriesOf(a), eb = entriesOf(b);
				if (ea.length !== eb.length) return false;
				var used = [];
				for (i = 0; i < ea.length; i++) {
					var found = false;
					for (var j = 0; j < eb.length && !found; j++) {
						if (used[j]) continue;
						if (deepEqual(ea[i][0], eb[j][0], strict, memo) && (ta === 'Set' || deepEqual(ea[i][1], eb[j][1], strict, memo))) {
							used[j] = true;
							found = true;
						}
					}
					if (!found) return false;
				}
			}
			return true;
		}
		function isDeepStrictEqual(a, b) { return deepEqual(a, b, true, []); }
