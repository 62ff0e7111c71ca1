/* node's library: Date as node prints it (toString and friends) and the
 * toLocale*String methods (formatted by datefmt.js).
 * A part of the closure head.js opens: uses its helpers, checkLocale
 * (intl.js) and formatDate (datefmt.js). */
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

		/* ToDateTimeOptions's (required, defaults) of each method */
		function dateLocaleString(loc, opts) { checkLocale(loc); checkDate(this); return formatDate(this, loc, opts, 'any', 'all'); }
		function dateLocaleDateString(loc, opts) { checkLocale(loc); checkDate(this); return formatDate(this, loc, opts, 'date', 'date'); }
		function dateLocaleTimeString(loc, opts) { checkLocale(loc); checkDate(this); return formatDate(this, loc, opts, 'time', 'time'); }
