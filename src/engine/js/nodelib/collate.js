/* node's library: String.prototype.localeCompare and Intl.Collator's
 * compare, as node's ICU root collation orders text (the en locales use
 * it untailored): a multi-level comparison of the strings in NFC
 *   1 primary   letters without case or accents (a = A = á), punctuation
 *               and symbols before digits before letters
 *   2 secondary accents, left to right (resume < resumé < résumé)
 *   3 tertiary  case, lowercase first (a < A)
 * A character that is two letters at the primary level (ß, æ, ﬁ) differs
 * from them at the secondary level (ss < SS < ß).
 * The weights come from unidata.js's order string, which lists every
 * covered character in node's collation order (see build-aux/
 * gen-unidata.js). A character outside it (CJK, emoji, other scripts)
 * sorts after the covered ones by code point, so text in scripts other
 * than Latin, Greek and Cyrillic sorts as node sorts it only by chance.
 * A part of the closure head.js opens; uses normalize.js. */
		var collTables = (function () {
			var t = null;
			return function () {
				if (t) return t;
				/* w[c]: the weights packed in one number (primary * 2^16 +
				 * secondary * 2^8 + tertiary: cheap to build per run); x[c]:
				 * an expansion's [p, s, t, second primary] */
				t = { w: {}, x: {}, punct: {} };
				var o = UNI.order, p = 1, s = 0, ter = 0, i;
				for (i = 0; i < o.length; i++) {
					var c = o.charAt(i);
					if (c === '\x01') { p++; s = 0; ter = 0; } else if (c === '\x02') { s++; ter = 0; } else if (c === '\x03') ter++;
					else t.w[c] = p * 65536 + s * 256 + ter;
				}
				var ex = UNI.expand.split('|');
				for (i = 0; i < ex.length; i++) {
					var e = ex[i], up = e.charAt(0).toLowerCase() !== e.charAt(0);
					if (e) t.x[e.charAt(0)] = [Math.floor(t.w[e.charAt(1)] / 65536), 50, up ? 1 : 0, Math.floor(t.w[e.charAt(2)] / 65536)];
				}
				for (i = 0; i < UNI.punct.length; i++) t.punct[UNI.punct.charAt(i)] = true;
				t.zero = Math.floor(t.w['0'] / 65536);
				return t;
			};
		})();
		var BIG = 0x100000;
		/* The collation elements of s: [primary, secondary, tertiary, digit
		 * run or null]. */
		function collKeys(s, o, T) {
			/* only combining marks (and Hangul jamo) change under NFC what
			 * the order string weighs: a precomposed singleton such as
			 * U+212B has the weights of what it normalizes to */
			var marks = /[\u0300-\u036f\u0483-\u0489\u1100-\u11ff\u20d0-\u20ff]/.test(s);
			if (marks) s = normalizeString(s, 'NFC');
			var out = [], U = marks ? uniTables() : null;
			for (var i = 0; i < s.length; i++) {
				var c = s.charAt(i), n = s.charCodeAt(i), w = hasOwn.call(T.w, c) ? T.w[c] : -1, x;
				if (n < 0x20 || (n >= 0x7f && n < 0xa0) || c === '\u00ad' || (n >= 0x200b && n <= 0x200f) || c === '\ufeff') continue;
				if (o.punct && T.punct[c]) continue;
				if (o.numeric && n >= 0x30 && n <= 0x39) {
					var j = i;
					while (j < s.length && s.charCodeAt(j) >= 0x30 && s.charCodeAt(j) <= 0x39) j++;
					out.push([T.zero, 0, 0, s.slice(i, j).replace(/^0+/, '')]);
					i = j - 1;
				} else if (w >= 0) {
					out.push([Math.floor(w / 65536), (w >> 8) & 255, w & 255, null]);
				} else if ((x = hasOwn.call(T.x, c) ? T.x[c] : null)) {
					out.push([x[0], x[1], x[2], null], [x[3], 0, x[2], null]); /* an expansion */
				} else if (U && U.ccc[c]) {
					out.push([0, 1000 + n, 0, null]); /* a lone mark: secondary only */
				} else if (n >= 0xd800 && n < 0xdc00 && i + 1 < s.length) {
					out.push([BIG + ((n - 0xd800) * 0x400 + s.charCodeAt(i + 1) - 0xdc00 + 0x10000), 0, 0, null]);
					i++;
				} else out.push([BIG + n, 0, 0, null]);
			}
			return out;
		}
		function cmpLevel(a, b, level, skipZero, upperFirst) {
			var i = 0, j = 0;
			for (;;) {
				while (skipZero && i < a.length && a[i][0] === 0) i++;
				while (skipZero && j < b.length && b[j][0] === 0) j++;
				if (i >= a.length || j >= b.length) return i >= a.length ? (j >= b.length ? 0 : -1) : 1;
				var x = a[i][level], y = b[j][level];
				if (level === 0 && a[i][3] !== null && b[j][3] !== null) {
					var u = a[i][3], v = b[j][3];
					if (u !== v) return u.length !== v.length ? (u.length < v.length ? -1 : 1) : (u < v ? -1 : 1);
				} else if (level === 2 && upperFirst && x !== y && (x < 2 && y < 2)) {
					return x > y ? -1 : 1;
				} else if (x !== y) return x < y ? -1 : 1;
				i++; j++;
			}
		}
		function collCompare(a, b, o) {
			var T = collTables(), ka = collKeys(String(a), o, T), kb = collKeys(String(b), o, T);
			var r = cmpLevel(ka, kb, 0, true);
			if (r || o.sensitivity === 'base') return r;
			if (o.sensitivity !== 'case' && (r = cmpLevel(ka, kb, 1, false))) return r;
			if (o.sensitivity === 'accent') return 0;
			return cmpLevel(ka, kb, 2, false, o.caseFirst === 'upper');
		}
		function collOptions(opts) {
			var o = isObj(opts) ? opts : {};
			var sens = o.sensitivity === undefined ? 'variant' : String(o.sensitivity);
			if (!/^(base|accent|case|variant)$/.test(sens)) throw new RangeError('Value ' + sens + ' out of range for Intl.Collator options property sensitivity');
			return { sensitivity: sens, numeric: !!o.numeric, punct: !!o.ignorePunctuation,
				caseFirst: o.caseFirst === undefined ? 'false' : String(o.caseFirst), usage: o.usage === 'search' ? 'search' : 'sort' };
		}
		/* localeCompare ignores the locale: root collation is what node's
		 * en locales and most others use for Latin text. */
		function localeCompare(that, loc, opts) {
			if (this === null || this === undefined) throw new TypeError('String.prototype.localeCompare called on null or undefined');
			return collCompare(String(this), String(that), collOptions(opts));
		}
		function Collator(loc, opts) {
			if (!(this instanceof Collator)) return new Collator(loc, opts);
			checkLocale(loc);
			var l = Array.isArray(loc) ? loc[0] : loc;
			defHidden(this, '_loc', l === undefined ? 'en-US' : String(l));
			defHidden(this, '_o', collOptions(opts));
		}
		/* compare is a getter of a bound function, as in node: arr.sort(c.compare) works */
		Object.defineProperty(Collator.prototype, 'compare', { configurable: true, get: function () {
			var self = this;
			if (!hasOwn.call(this, '_cmp')) defHidden(this, '_cmp', function (a, b) { return collCompare(a, b, self._o); });
			return this._cmp;
		} });
		Collator.prototype.resolvedOptions = function () {
			var o = this._o;
			return { locale: this._loc, usage: o.usage, sensitivity: o.sensitivity, ignorePunctuation: o.punct,
				collation: 'default', numeric: o.numeric, caseFirst: o.caseFirst };
		};
		Collator.supportedLocalesOf = function (l) { return l === undefined ? [] : [].concat(l); };
