/* node's library: numbers in node's default ICU locale (en-US):
 * Number.prototype.toLocaleString and the small part of Intl sbx has;
 * only en-US locales are accepted.
 * A part of the closure head.js opens: uses its helpers and formatDate
 * (datefmt.js). */
		function checkLocale(loc) {
			var l = Array.isArray(loc) ? loc[0] : loc;
			if (l === undefined || l === null) return;
			l = String(l);
			if (!/^en(-[A-Za-z]{2})?$/.test(l) && l !== 'en-US-u-hc-h23')
				throw new RangeError("sbx formats numbers and dates for 'en-US' only (node's ICU knows more locales); got '" + l + "'");
		}

		/* Rounds the decimal text of |x| (shortest round-trip, as ICU
		 * does) to at most maxF fraction digits, half away from zero. */
		function roundDecimal(x, minF, maxF) {
			var s = String(x), m = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(s);
			var digits = m[1] + (m[2] || ''), point = m[1].length + (m[3] ? +m[3] : 0);
			while (point <= 0) { digits = '0' + digits; point++; }
			while (digits.length < point) digits += '0';
			var intPart = digits.slice(0, point), frac = digits.slice(point);
			if (frac.length > maxF) {
				var up = frac.charCodeAt(maxF) >= 53; /* '5' */
				frac = frac.slice(0, maxF);
				if (up) {
					var all = (intPart + frac).split(''), i = all.length - 1;
					while (i >= 0) {
						if (all[i] === '9') { all[i] = '0'; i--; } else { all[i] = String(+all[i] + 1); break; }
					}
					var joined = (i < 0 ? '1' : '') + all.join('');
					intPart = joined.slice(0, joined.length - frac.length);
					frac = joined.slice(joined.length - frac.length);
				}
			}
			frac = frac.replace(/0+$/, '');
			while (frac.length < minF) frac += '0';
			intPart = intPart.replace(/^0+(?=\d)/, '');
			return { i: intPart, f: frac };
		}
		var CURRENCY = { USD: '$', EUR: '€', GBP: '£', JPY: '¥', INR: '₹', CNY: 'CN¥', CAD: 'CA$', AUD: 'A$', KRW: '₩' };
		function formatNumber(x, loc, opts) {
			checkLocale(loc);
			var o = isObj(opts) ? opts : {};
			x = Number(x);
			var style = o.style || 'decimal', minF, maxF, pre = '', post = '';
			if (style === 'currency') {
				if (!o.currency) throw new TypeError('Currency code is required with currency style.');
				var code = String(o.currency).toUpperCase(), zero = code === 'JPY' || code === 'KRW';
				minF = zero ? 0 : 2; maxF = zero ? 0 : 2;
				pre = o.currencyDisplay === 'code' ? code + '\u00a0' : hasOwn.call(CURRENCY, code) ? CURRENCY[code] : code + '\u00a0';
			} else if (style === 'percent') {
				x = x * 100; minF = 0; maxF = 0; post = '%';
			} else { minF = 0; maxF = 3; }
			if (o.minimumFractionDigits !== undefined) { minF = +o.minimumFractionDigits; if (maxF < minF) maxF = minF; }
			if (o.maximumFractionDigits !== undefined) { maxF = +o.maximumFractionDigits; if (minF > maxF) minF = maxF; }
			if (x !== x) return 'NaN';
			var neg = x < 0 || (x === 0 && 1 / x < 0);
			if (!isFinite(x)) return (neg ? '-' : '') + pre + '∞' + post;
			var r;
			if (o.maximumSignificantDigits !== undefined || o.minimumSignificantDigits !== undefined) {
				var sd = o.maximumSignificantDigits || 21, p = Number(Math.abs(x).toPrecision(sd));
				r = roundDecimal(p, 0, 20);
				var have = (r.i.replace(/^0+/, '') + r.f).length;
				while (o.minimumSignificantDigits && have < o.minimumSignificantDigits) { r.f += '0'; have++; }
			} else {
				r = roundDecimal(Math.abs(x), minF, maxF);
			}
			var ip = r.i;
			if (o.useGrouping !== false) ip = ip.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
			if (o.minimumIntegerDigits) while (r.i.length < o.minimumIntegerDigits) { r.i = '0' + r.i; ip = '0' + ip; }
			var body = ip + (r.f ? '.' + r.f : '');
			if (neg && /[1-9]/.test(body)) return '-' + pre + body + post;
			return (neg && o.signDisplay === 'negative' ? '' : neg ? '-' : '') + pre + body + post;
		}
		function numberLocaleString(loc, opts) {
			var t = tagOf(this);
			if (t !== 'Number') throw new TypeError('Number.prototype.toLocaleString requires that \'this\' be a Number');
			return formatNumber(this.valueOf(), loc, opts);
		}

		function NumberFormat(loc, opts) {
			if (!(this instanceof NumberFormat)) return new NumberFormat(loc, opts);
			checkLocale(loc);
			this._loc = loc;
			this._opts = opts;
		}
		NumberFormat.prototype.format = function (x) { return formatNumber(x, this._loc, this._opts); };
		NumberFormat.prototype.resolvedOptions = function () { return { locale: 'en-US', numberingSystem: 'latn', style: (this._opts && this._opts.style) || 'decimal' }; };
		function DateTimeFormat(loc, opts) {
			if (!(this instanceof DateTimeFormat)) return new DateTimeFormat(loc, opts);
			checkLocale(loc);
			this._loc = loc;
			this._opts = opts;
		}
		DateTimeFormat.prototype.format = function (d) { return formatDate(d === undefined ? new Date() : new Date(+d), this._loc, this._opts, 'any', 'date'); };
		DateTimeFormat.prototype.resolvedOptions = function () { return { locale: dateLocale(this._loc) === 'GB' ? 'en-GB' : 'en-US', calendar: 'gregory', numberingSystem: 'latn', timeZone: 'UTC' }; };
		function PluralRules(loc, opts) { checkLocale(loc); this._ord = opts && opts.type === 'ordinal'; }
		PluralRules.prototype.select = function (n) {
			if (!this._ord) return n === 1 ? 'one' : 'other';
			var a = n % 10, b = n % 100;
			return a === 1 && b !== 11 ? 'one' : a === 2 && b !== 12 ? 'two' : a === 3 && b !== 13 ? 'few' : 'other';
		};
		var Intl = { NumberFormat: NumberFormat, DateTimeFormat: DateTimeFormat, PluralRules: PluralRules, Collator: Collator,
			getCanonicalLocales: function (l) { return l === undefined ? [] : [].concat(l); } };
