/* node's globals that Duktape lacks, so a program that uses them runs as
 * under node rather than failing with a ReferenceError: `global`, btoa and
 * atob (WHATWG forgiving-base64, Latin-1 strings), Object's
 * getOwnPropertyDescriptors and Error.captureStackTrace. The ES2015 Math
 * functions Duktape lacks are natives (engine_duktape_math.c): libm's,
 * not formulas that lose the last digits near zero. What node does not
 * have is not here: Duktape's own print and CBOR are removed with the
 * Duktape object (engine_duktape_harden_globals). */
(function () {
	function hide(o, k, v) {
		Object.defineProperty(o, k, { value: v, writable: true, enumerable: false, configurable: true });
	}
	function named(name, length, f) {
		Object.defineProperty(f, 'name', { value: name, configurable: true });
		Object.defineProperty(f, 'length', { value: length, configurable: true });
		return f;
	}

	hide(G, 'global', G);

	/* node throws a DOMException named InvalidCharacterError; sbx has no
	 * DOMException, so an Error of that name and node's message. */
	function invalidCharacter(message) {
		var e = new Error(message);
		hide(e, 'name', 'InvalidCharacterError');
		return e;
	}
	function missing(name) {
		var e = new TypeError('The "' + name + '" argument must be specified');
		hide(e, 'code', 'ERR_MISSING_ARGS');
		return e;
	}
	var B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
	var B64_VALUE = Object.create(null);
	for (var bi = 0; bi < 64; bi++) B64_VALUE[B64.charAt(bi)] = bi;

	hide(G, 'btoa', named('btoa', 1, function (data) {
		if (arguments.length === 0) throw missing('data');
		var s = String(data), out = '', i;
		for (i = 0; i < s.length; i++)
			if (s.charCodeAt(i) > 255) throw invalidCharacter('Invalid character');
		for (i = 0; i + 2 < s.length; i += 3) {
			var n = (s.charCodeAt(i) << 16) | (s.charCodeAt(i + 1) << 8) | s.charCodeAt(i + 2);
			out += B64.charAt(n >> 18) + B64.charAt((n >> 12) & 63) + B64.charAt((n >> 6) & 63) + B64.charAt(n & 63);
		}
		if (s.length - i === 1) {
			var a = s.charCodeAt(i) << 16;
			out += B64.charAt(a >> 18) + B64.charAt((a >> 12) & 63) + '==';
		} else if (s.length - i === 2) {
			var b = (s.charCodeAt(i) << 16) | (s.charCodeAt(i + 1) << 8);
			out += B64.charAt(b >> 18) + B64.charAt((b >> 12) & 63) + B64.charAt((b >> 6) & 63) + '=';
		}
		return out;
	}));

	/* The WHATWG forgiving-base64 decode, checked in node's order (so its
	 * errors are node's): ASCII whitespace is skipped, '=' only at the end
	 * and at most two, none when the length is not a multiple of four, and
	 * a length of 4n+1 is "not correctly encoded". */
	hide(G, 'atob', named('atob', 1, function (data) {
		if (arguments.length === 0) throw missing('data');
		var input = String(data), s = '', equals = 0, n = 0, i, c;
		for (i = 0; i < input.length; i++) {
			c = input.charAt(i);
			if (c === '\t' || c === '\n' || c === '\f' || c === '\r' || c === ' ') continue;
			n++;
			if (c === '=') equals++;
			else if (equals || B64_VALUE[c] === undefined) throw invalidCharacter('Invalid character');
			if (equals > 2) throw invalidCharacter('Invalid character');
			if (c !== '=') s += c;
		}
		var rest = n % 4;
		if (!rest) rest = (n - equals) % 4;
		else if (equals) throw invalidCharacter('Invalid character');
		if (rest === 1) throw invalidCharacter('The string to be decoded is not correctly encoded.');
		var out = '', bits = 0, acc = 0;
		for (i = 0; i < s.length; i++) {
			acc = (acc << 6) | B64_VALUE[s.charAt(i)];
			bits += 6;
			if (bits >= 8) {
				bits -= 8;
				out += String.fromCharCode((acc >> bits) & 255);
			}
		}
		return out;
	}));

	hide(Object, 'getOwnPropertyDescriptors', named('getOwnPropertyDescriptors', 1, function (o) {
		if (o === null || o === undefined) throw new TypeError('Cannot convert undefined or null to object');
		var O = Object(o), keys = Object.getOwnPropertyNames(O), out = {}, i, d;
		if (typeof Object.getOwnPropertySymbols === 'function')
			keys = keys.concat(Object.getOwnPropertySymbols(O));
		for (i = 0; i < keys.length; i++) {
			d = Object.getOwnPropertyDescriptor(O, keys[i]);
			if (d !== undefined)
				Object.defineProperty(out, keys[i], { value: d, writable: true, enumerable: true, configurable: true });
		}
		return out;
	}));

	/* V8's: target.stack becomes "Name: message" and the frames of the
	 * caller (above fn's frame when fn is given, by its name). */
	hide(Error, 'captureStackTrace', named('captureStackTrace', 2, function (target, fn) {
		if (target === null || (typeof target !== 'object' && typeof target !== 'function'))
			throw new TypeError('Invalid argument');
		var frames = String(new Error().stack).split('\n').slice(2);
		var fname = typeof fn === 'function' && fn.name ? String(fn.name) : '';
		if (fname)
			for (var i = 0; i < frames.length; i++)
				if (frames[i].indexOf('at ' + fname + ' ') >= 0 || frames[i].indexOf('at new ' + fname + ' ') >= 0) {
					frames = frames.slice(i + 1);
					break;
				}
		var name = target.name === undefined ? 'Error' : String(target.name);
		var msg = target.message === undefined ? '' : String(target.message);
		var head = !msg ? name : !name ? msg : name + ': ' + msg;
		hide(target, 'stack', [head].concat(frames).join('\n'));
	}));
})();
