/* JSON.stringify as ES2019 made it ("well-formed JSON.stringify"): a lone
 * surrogate comes out as a \uXXXX escape, which node prints, where
 * Duktape puts the half itself into the text (and writing it then gives
 * U+FFFD). U+2028 and U+2029 come out as they are: that is Duktape's
 * configuration (build-aux/duk-config.sh), not this file. The JSON syntax
 * is ASCII, so a surrogate in the text is always inside a string and an
 * escape in its place is exactly what the spec's QuoteJSONString writes. */
(function () {
	var stringify = JSON.stringify;
	var LONE = /[\ud800-\udfff]/;

	function escapeLone(s) {
		var out = '', from = 0, i, c, d;
		for (i = 0; i < s.length; i++) {
			c = s.charCodeAt(i);
			if (c < 0xd800 || c > 0xdfff) continue;
			if (c <= 0xdbff && i + 1 < s.length) {
				d = s.charCodeAt(i + 1);
				if (d >= 0xdc00 && d <= 0xdfff) { i++; continue; } /* a pair */
			}
			out += s.slice(from, i) + '\\u' + c.toString(16);
			from = i + 1;
		}
		return out + s.slice(from);
	}

	/* length 3, as ES says; the name stays stringify */
	function wellFormed(value, replacer, space) {
		var s = stringify.apply(JSON, arguments);
		return typeof s === 'string' && LONE.test(s) ? escapeLone(s) : s;
	}
	Object.defineProperty(wellFormed, 'name', { value: 'stringify', configurable: true });
	Object.defineProperty(JSON, 'stringify', { value: wellFormed, writable: true, enumerable: false, configurable: true });
})();
