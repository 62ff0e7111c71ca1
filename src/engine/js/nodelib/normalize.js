/* node's library: String.prototype.normalize (Duktape has none).
 * The spec's algorithm (decompose, canonical order, compose) over the
 * tables in unidata.js, which cover Latin (Latin-1, Extended-A/B and
 * Additional), combining diacritics, Greek, Cyrillic, punctuation,
 * super/subscripts, letterlike and number forms and Latin ligatures, plus
 * Hangul syllables (algorithmic). Characters outside those ranges are left
 * as they are (node would decompose, say, Devanagari or CJK compatibility
 * ideographs).
 * A part of the closure head.js opens; collate.js uses uniTables() and
 * normalizeString(). */
		var uniTables = (function () {
			var t = null;
			function list(s, into) {
				var parts = s.split('|');
				for (var i = 0; i < parts.length; i++) if (parts[i]) into[parts[i].charAt(0)] = parts[i].slice(1);
				return into;
			}
			return function () {
				if (t) return t;
				t = { canon: list(UNI.canon, {}), compat: list(UNI.compat, {}), ccc: {}, compose: {} };
				var excl = {}, i, k;
				for (i = 0; i < UNI.excl.length; i++) excl[UNI.excl.charAt(i)] = true;
				for (i = 0; i < UNI.ccc.length; i += 2) t.ccc[UNI.ccc.charAt(i)] = UNI.ccc.charCodeAt(i + 1);
				/* primary composites: two-character canonical mappings that
				 * start with a starter and are not excluded */
				for (k in t.canon) {
					var m = t.canon[k];
					if (hasOwn.call(t.canon, k) && m.length === 2 && !excl[k] && !t.ccc[m.charAt(0)]) t.compose[m] = k;
				}
				return t;
			};
		})();
		var SBase = 0xac00, LBase = 0x1100, VBase = 0x1161, TBase = 0x11a7, TCount = 28, NCount = 588;

		function decomposeInto(c, out, T, K) {
			var cp = c.charCodeAt(0), m;
			if (cp >= SBase && cp < SBase + 11172) {
				var si = cp - SBase;
				out.push(String.fromCharCode(LBase + Math.floor(si / NCount)), String.fromCharCode(VBase + Math.floor((si % NCount) / TCount)));
				if (si % TCount) out.push(String.fromCharCode(TBase + si % TCount));
				return;
			}
			m = (K && hasOwn.call(T.compat, c) ? T.compat[c] : null) || (hasOwn.call(T.canon, c) ? T.canon[c] : null);
			if (m === null) { out.push(c); return; }
			for (var i = 0; i < m.length; i++) decomposeInto(m.charAt(i), out, T, K);
		}
		function decompose(s, K) {
			var T = uniTables(), out = [], i;
			for (i = 0; i < s.length; i++) decomposeInto(s.charAt(i), out, T, K);
			/* canonical order: a stable sort of each run of marks by class */
			for (i = 1; i < out.length; i++) {
				var cc = T.ccc[out[i]] || 0;
				for (var j = i; cc && j > 0 && (T.ccc[out[j - 1]] || 0) > cc; j--) {
					var x = out[j]; out[j] = out[j - 1]; out[j - 1] = x;
				}
			}
			return out;
		}
		function composePair(a, b, T) {
			var x = a.charCodeAt(0), y = b.charCodeAt(0);
			if (x >= LBase && x < LBase + 19 && y >= VBase && y < VBase + 21)
				return String.fromCharCode(SBase + ((x - LBase) * 21 + (y - VBase)) * TCount);
			if (x >= SBase && x < SBase + 11172 && (x - SBase) % TCount === 0 && y > TBase && y < TBase + TCount)
				return String.fromCharCode(x + (y - TBase));
			return hasOwn.call(T.compose, a + b) ? T.compose[a + b] : null;
		}
		function compose(d) {
			var T = uniTables(), out = [], sp = -1, lastCC = 0;
			for (var i = 0; i < d.length; i++) {
				var ch = d[i], cc = T.ccc[ch] || 0;
				if (sp >= 0 && (sp === out.length - 1 || (lastCC !== 0 && lastCC < cc))) {
					var c = composePair(out[sp], ch, T);
					if (c !== null) { out[sp] = c; continue; }
				}
				if (cc === 0) sp = out.length;
				lastCC = cc;
				out.push(ch);
			}
			return out.join('');
		}
		function normalizeString(s, form) {
			/* nothing below U+00A0 decomposes or combines */
			if (!/[^\u0000-\u009f]/.test(s)) return s;
			var K = form === 'NFKC' || form === 'NFKD', d = decompose(s, K);
			return form === 'NFC' || form === 'NFKC' ? compose(d) : d.join('');
		}
		function normalize(form) {
			if (this === null || this === undefined) throw new TypeError('String.prototype.normalize called on null or undefined');
			var s = String(this), f = form === undefined ? 'NFC' : String(form);
			if (f !== 'NFC' && f !== 'NFD' && f !== 'NFKC' && f !== 'NFKD') throw new RangeError('The normalization form should be one of NFC, NFD, NFKC, NFKD.');
			return normalizeString(s, f);
		}
