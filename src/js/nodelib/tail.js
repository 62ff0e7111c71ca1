/* node's library: the last part: returns the library (what the other
 * parts made, under the names the prelude calls) and closes the closure
 * head.js opens. */
		return {
			require: requireCore,
			table: table,
			structuredClone: structuredClone,
			Intl: Intl,
			dateString: function () {
				if (isNaN(checkDate(this))) return 'Invalid Date';
				return dateDateString.call(this) + ' ' + dateTimeString.call(this);
			},
			dateDateString: dateDateString,
			dateUTCString: function () {
				if (isNaN(checkDate(this))) return 'Invalid Date';
				return DAYS[this.getUTCDay()] + ', ' + pad(this.getUTCDate()) + ' ' + MONTHS[this.getUTCMonth()] + ' ' + yearStr(this.getUTCFullYear()) + ' ' +
					pad(this.getUTCHours()) + ':' + pad(this.getUTCMinutes()) + ':' + pad(this.getUTCSeconds()) + ' GMT';
			},
			dateTimeString: dateTimeString,
			dateLocaleString: function (loc, opts) { checkLocale(loc); checkDate(this); return formatDate(this, opts, true, true); },
			dateLocaleDateString: function (loc, opts) { checkLocale(loc); checkDate(this); return formatDate(this, opts, true, false); },
			dateLocaleTimeString: function (loc, opts) { checkLocale(loc); checkDate(this); return formatDate(this, opts, false, true); },
			numberLocaleString: function (loc, opts) {
				var t = tagOf(this);
				if (t !== 'Number') throw new TypeError('Number.prototype.toLocaleString requires that \'this\' be a Number');
				return formatNumber(this.valueOf(), loc, opts);
			}
		};
	};
})()
