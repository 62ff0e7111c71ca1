/* node's library: Date as node prints it (toString and friends) and its
 * en-US locale formatting (toLocaleString, Intl.DateTimeFormat's output).
 * A part of the closure head.js opens: uses its helpers and checkLocale
 * (intl.js). */
		var DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
		var DAYS_LONG = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
		var MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
		var MONTHS_LONG = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
		function pad(n, w) { var s = String(n); while (s.length < (w || 2)) s = '0' + s; return s; }
		function checkDate(d) {
			if (tagOf(d) !== 'Date') throw new TypeError('this is not a Date object.');
			return d.getTime();
		}
		function tzPart(d) {
			var off = -d.getTimezoneOffset(), sign = off < 0 ? '-' : '+', a = Math.abs(off);
			var gmt = 'GMT' + sign + pad(Math.floor(a / 60)) + pad(a % 60);
			return gmt + ' (' + (off === 0 ? 'Coordinated Universal Time' : gmt) + ')';
		}
		function yearStr(y) { return y < 0 ? '-' + pad(-y, 6) : pad(y, 4); }
		function dateDateString() {
			if (isNaN(checkDate(this))) return 'Invalid Date';
			return DAYS[this.getDay()] + ' ' + MONTHS[this.getMonth()] + ' ' + pad(this.getDate()) + ' ' + yearStr(this.getFullYear());
		}
		function dateTimeString() {
			if (isNaN(checkDate(this))) return 'Invalid Date';
			return pad(this.getHours()) + ':' + pad(this.getMinutes()) + ':' + pad(this.getSeconds()) + ' ' + tzPart(this);
		}
		function dateString() {
			if (isNaN(checkDate(this))) return 'Invalid Date';
			return dateDateString.call(this) + ' ' + dateTimeString.call(this);
		}
		function dateUTCString() {
			if (isNaN(checkDate(this))) return 'Invalid Date';
			return DAYS[this.getUTCDay()] + ', ' + pad(this.getUTCDate()) + ' ' + MONTHS[this.getUTCMonth()] + ' ' + yearStr(this.getUTCFullYear()) + ' ' +
				pad(this.getUTCHours()) + ':' + pad(this.getUTCMinutes()) + ':' + pad(this.getUTCSeconds()) + ' GMT';
		}

		/* Intl.DateTimeFormat's en-US output for the common options. */
		function dateParts(d, o) {
			var utc = o.timeZone && /^(utc|gmt|etc\/utc|etc\/gmt)$/i.test(o.timeZone);
			if (o.timeZone && !utc) throw new RangeError('Invalid time zone specified: ' + o.timeZone + ' (sbx knows only UTC)');
			var off = utc ? 0 : d.getTimezoneOffset();
			var t = new Date(d.getTime() - off * 60000);
			return { y: t.getUTCFullYear(), mo: t.getUTCMonth(), d: t.getUTCDate(), wd: t.getUTCDay(), h: t.getUTCHours(), mi: t.getUTCMinutes(), s: t.getUTCSeconds(), ms: t.getUTCMilliseconds() };
		}
		function formatDate(d, opts, defDate, defTime) {
			if (isNaN(d.getTime())) return 'Invalid Date';
			var o = {}, k;
			if (isObj(opts)) for (k in opts) o[k] = opts[k];
			var any = o.weekday || o.year || o.month || o.day || o.hour || o.minute || o.second || o.dateStyle || o.timeStyle;
			if (!any) {
				if (defDate) { o.year = 'numeric'; o.month = 'numeric'; o.day = 'numeric'; }
				if (defTime) { o.hour = 'numeric'; o.minute = '2-digit'; o.second = '2-digit'; }
			}
			if (o.dateStyle) {
				var ds = { full: { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }, long: { year: 'numeric', month: 'long', day: 'numeric' },
					medium: { year: 'numeric', month: 'short', day: 'numeric' }, short: { year: '2-digit', month: 'numeric', day: 'numeric' } }[o.dateStyle];
				for (k in ds) o[k] = ds[k];
			}
			if (o.timeStyle) { o.hour = 'numeric'; o.minute = '2-digit'; if (o.timeStyle !== 'short') o.second = '2-digit'; }
			var p = dateParts(d, o), date = '', time = '';
			var yr = o.year === '2-digit' ? pad(p.y % 100) : String(p.y);
			var dy = o.day === '2-digit' ? pad(p.d) : String(p.d);
			if (o.month === 'long' || o.month === 'short' || o.month === 'narrow') {
				var mn = o.month === 'long' ? MONTHS_LONG[p.mo] : o.month === 'short' ? MONTHS[p.mo] : MONTHS_LONG[p.mo].charAt(0);
				date = mn + (o.day ? ' ' + dy : '') + (o.year ? (o.day ? ', ' : ' ') + yr : '');
			} else if (o.month || o.day || o.year) {
				var mo = o.month === '2-digit' ? pad(p.mo + 1) : String(p.mo + 1), parts = [];
				if (o.month) parts.push(mo);
				if (o.day) parts.push(dy);
				if (o.year) parts.push(yr);
				date = parts.join('/');
			}
			if (o.weekday) {
				var wd = o.weekday === 'long' ? DAYS_LONG[p.wd] : o.weekday === 'short' ? DAYS[p.wd] : DAYS_LONG[p.wd].charAt(0);
				date = date ? wd + ', ' + date : wd;
			}
			if (o.hour || o.minute || o.second) {
				var h12 = o.hour12 !== false && o.hourCycle !== 'h23' && o.hourCycle !== 'h24';
				var h = p.h, tp = [];
				if (o.hour) tp.push(h12 ? (o.hour === '2-digit' ? pad(h % 12 === 0 ? 12 : h % 12) : String(h % 12 === 0 ? 12 : h % 12)) : (o.hour === '2-digit' || o.minute ? pad(h) : String(h)));
				if (o.minute) tp.push(o.hour || o.minute === '2-digit' ? pad(p.mi) : String(p.mi));
				if (o.second) tp.push(o.minute || o.second === '2-digit' ? pad(p.s) : String(p.s));
				time = tp.join(':');
				if (o.fractionalSecondDigits) time += '.' + pad(p.ms, 3).slice(0, o.fractionalSecondDigits);
				if (o.hour && h12) time += ' ' + (h < 12 ? 'AM' : 'PM');
				if (o.timeZoneName) time += ' UTC';
			}
			return date && time ? date + ', ' + time : date || time;
		}
		function dateLocaleString(loc, opts) { checkLocale(loc); checkDate(this); return formatDate(this, opts, true, true); }
		function dateLocaleDateString(loc, opts) { checkLocale(loc); checkDate(this); return formatDate(this, opts, true, false); }
		function dateLocaleTimeString(loc, opts) { checkLocale(loc); checkDate(this); return formatDate(this, opts, false, true); }
