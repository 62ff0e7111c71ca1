/* node's library: Intl.DateTimeFormat's output (toLocaleString and
 * friends) for en-US, node's default, and en-GB, with the spec's
 * ToDateTimeOptions (which fields a method adds when none is given, and
 * its TypeErrors) and ICU's patterns for the common field sets:
 *   en-US  5/17/2024, 8:05:09 AM    May 17, 2024    Friday, May 17, 2024
 *   en-GB  17/05/2024, 08:05:09     17 May 2024     Friday, 17 May 2024
 * A date with a long month joins its time with " at ", as ICU does. Other
 * en-* locales format as en-US; only UTC and the local zone are known.
 * A part of the closure head.js opens: uses its helpers and date.js's
 * names of days and months. */
		function dateLocale(loc) {
			var l = Array.isArray(loc) ? loc[0] : loc;
			return typeof l === 'string' && /^en-GB$/i.test(l) ? 'GB' : 'US';
		}
		function dateParts(d, o) {
			var utc = o.timeZone && /^(utc|gmt|etc\/utc|etc\/gmt)$/i.test(o.timeZone);
			if (o.timeZone && !utc) throw new RangeError('Invalid time zone specified: ' + o.timeZone + ' (sbx knows only UTC)');
			var off = utc ? 0 : d.getTimezoneOffset();
			var t = new Date(d.getTime() - off * 60000);
			return { y: t.getUTCFullYear(), mo: t.getUTCMonth(), d: t.getUTCDate(), wd: t.getUTCDay(), h: t.getUTCHours(), mi: t.getUTCMinutes(), s: t.getUTCSeconds(), ms: t.getUTCMilliseconds() };
		}
		var DATE_FIELDS = ['weekday', 'year', 'month', 'day'], TIME_FIELDS = ['dayPeriod', 'hour', 'minute', 'second', 'fractionalSecondDigits'];
		/* ToDateTimeOptions: required 'date', 'time' or 'any'; defaults
		 * 'date', 'time' or 'all' */
		function dateOptions(opts, required, defaults) {
			var o = {}, k, i, need = true;
			if (isObj(opts)) for (k in opts) o[k] = opts[k];
			if (required === 'date' && o.timeStyle !== undefined) throw new TypeError('Invalid option : timeStyle');
			if (required === 'time' && o.dateStyle !== undefined) throw new TypeError('Invalid option : dateStyle');
			var style = o.dateStyle !== undefined ? 'dateStyle' : o.timeStyle !== undefined ? 'timeStyle' : null;
			var all = DATE_FIELDS.concat(TIME_FIELDS, ['timeZoneName']);
			for (i = 0; style && i < all.length; i++)
				if (o[all[i]] !== undefined) throw new TypeError("Can't set option " + all[i] + ' when ' + style + ' is used');
			if (required !== 'time') for (i = 0; i < DATE_FIELDS.length; i++) if (o[DATE_FIELDS[i]] !== undefined) need = false;
			if (required !== 'date') for (i = 0; i < TIME_FIELDS.length; i++) if (o[TIME_FIELDS[i]] !== undefined) need = false;
			if (style) need = false;
			if (need && defaults !== 'time') { o.year = 'numeric'; o.month = 'numeric'; o.day = 'numeric'; }
			if (need && defaults !== 'date') { o.hour = 'numeric'; o.minute = 'numeric'; o.second = 'numeric'; }
			return o;
		}
		function formatDate(d, loc, opts, required, defaults) {
			var o = dateOptions(opts, required, defaults), gb = dateLocale(loc) === 'GB', k;
			if (isNaN(d.getTime())) return 'Invalid Date';
			if (o.dateStyle) {
				var ds = { full: { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }, long: { year: 'numeric', month: 'long', day: 'numeric' },
					medium: { year: 'numeric', month: 'short', day: 'numeric' },
					short: gb ? { year: 'numeric', month: '2-digit', day: '2-digit' } : { year: '2-digit', month: 'numeric', day: 'numeric' } }[o.dateStyle];
				for (k in ds) o[k] = ds[k];
			}
			if (o.timeStyle) {
				o.hour = 'numeric'; o.minute = '2-digit';
				if (o.timeStyle !== 'short') o.second = '2-digit';
				if (o.timeStyle === 'long') o.timeZoneName = 'short';
				if (o.timeStyle === 'full') o.timeZoneName = 'long';
			}
			var p = dateParts(d, o), date = '', time = '', text = false, monthName = false;
			var yr = o.year === '2-digit' ? pad(p.y % 100) : String(p.y);
			var dy = o.day === '2-digit' ? pad(p.d) : String(p.d);
			if (o.month === 'long' || o.month === 'short' || o.month === 'narrow') {
				var mn = o.month === 'long' ? MONTHS_LONG[p.mo] : o.month === 'short' ? MONTHS[p.mo] : MONTHS_LONG[p.mo].charAt(0);
				text = o.month === 'long';
				monthName = true;
				date = gb ? (o.day ? dy + ' ' : '') + mn + (o.year ? ' ' + yr : '') :
					mn + (o.day ? ' ' + dy : '') + (o.year ? (o.day ? ', ' : ' ') + yr : '');
			} else if (o.month || o.day || o.year) {
				var several = (o.month ? 1 : 0) + (o.day ? 1 : 0) + (o.year ? 1 : 0) > 1;
				var mo = o.month === '2-digit' || (gb && several) ? pad(p.mo + 1) : String(p.mo + 1), parts = [];
				if (gb && several) dy = pad(p.d);
				if (gb && o.day) parts.push(dy);
				if (o.month) parts.push(mo);
				if (!gb && o.day) parts.push(dy);
				if (o.year) parts.push(yr);
				date = parts.join('/');
			}
			var wdOnly = false;
			if (o.weekday) {
				var wd = o.weekday === 'long' ? DAYS_LONG[p.wd] : o.weekday === 'short' ? DAYS[p.wd] : DAYS_LONG[p.wd].charAt(0);
				wdOnly = !date;
				/* en-GB: "Fri 17 May", but "Friday, 17 May 2024" */
				date = !date ? wd : gb && !o.year && monthName ? wd + ' ' + date : wd + ', ' + date;
			}
			if (o.hour || o.minute || o.second) {
				var h12 = o.hour12 !== undefined ? !!o.hour12 : o.hourCycle !== undefined ? o.hourCycle === 'h12' || o.hourCycle === 'h11' : !gb;
				var h = p.h, tp = [];
				if (o.hour) {
					var hh = h12 ? h % 12 === 0 ? 12 : h % 12 : h;
					/* ICU pads the 24-hour clock (HH), not en-GB's with a zone name (H) */
					tp.push(o.hour === '2-digit' || (!h12 && !(gb && o.timeZoneName)) ? pad(hh) : String(hh));
				}
				if (o.minute) tp.push(o.hour || o.minute === '2-digit' ? pad(p.mi) : String(p.mi));
				if (o.second) tp.push(o.minute || o.second === '2-digit' ? pad(p.s) : String(p.s));
				time = tp.join(':');
				if (o.fractionalSecondDigits) time += '.' + pad(p.ms, 3).slice(0, o.fractionalSecondDigits);
				if (o.hour && h12) time += gb ? (h < 12 ? ' am' : ' pm') : (h < 12 ? ' AM' : ' PM');
				if (o.timeZoneName) time += o.timeZoneName === 'long' ? ' Coordinated Universal Time' : ' UTC';
			}
			if (date && time) return date + (text ? ' at ' : wdOnly ? ' ' : ', ') + time;
			return date || time;
		}
