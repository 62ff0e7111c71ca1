/* JSON.parse's errors in V8's words: Duktape says "invalid json (at offset
 * N)" for every fault, node names it ("Unexpected end of JSON input",
 * "Expected property name or '}' in JSON at position 1", "Unexpected token
 * ']', "[1,]" is not valid JSON"), and programs print e.message. Duktape
 * still parses; only when it refuses does this walk the text as V8's
 * JsonParser does, to find the first fault, its position and its words.
 * The walk is iterative over one explicit stack: JSON nested deeper than
 * Duktape's parser allows never reaches it. */
(function () {
	var parse = JSON.parse;
	var CONTEXT = 10; /* V8's kMaxContextCharacters */

	function fault(s, at, words) {
		return words + ' in JSON at position ' + at;
	}
	/* V8's message for the character at `at` where no rule gave one. */
	function unexpected(s, at) {
		if (at >= s.length) return 'Unexpected end of JSON input';
		if (s === 'undefined' || s === 'NaN' || s === 'Infinity' || s === '[object Object]')
			return '"' + s + '" is not valid JSON';
		var tok = "Unexpected token '" + s.charAt(at) + "', ";
		if (s.length < 2 * CONTEXT + 1) return tok + '"' + s + '" is not valid JSON';
		if (at < CONTEXT) return tok + '"' + s.slice(0, at + CONTEXT) + '"... is not valid JSON';
		if (at < s.length - CONTEXT) return tok + '..."' + s.slice(at - CONTEXT, at + CONTEXT) + '"... is not valid JSON';
		return tok + '..."' + s.slice(at - CONTEXT) + '" is not valid JSON';
	}
	function space(s, i) {
		for (var c = s.charAt(i); c === ' ' || c === '\t' || c === '\n' || c === '\r'; c = s.charAt(++i));
		return i;
	}
	/* A string at s[i] === '"': the index after it, or a message. */
	function string(s, i) {
		for (i++; ; i++) {
			if (i >= s.length) return { msg: fault(s, i, 'Unterminated string') };
			var c = s.charCodeAt(i);
			if (c === 34) return { end: i + 1 };
			if (c < 32) return { msg: fault(s, i, 'Bad control character in string literal') };
			if (c !== 92) continue;
			var e = s.charAt(++i);
			if (i >= s.length) return { msg: 'Unexpected end of JSON input' };
			if (e === 'u') {
				for (var k = 1; k <= 4; k++)
					if (!/[0-9a-fA-F]/.test(s.charAt(i + k)))
						return { msg: fault(s, i + k, 'Bad Unicode escape') };
				i += 4;
			} else if ('"\\/bfnrt'.indexOf(e) < 0) {
				return { msg: fault(s, i, 'Bad escaped character') };
			}
		}
	}
	function digits(s, i) {
		while (s.charAt(i) >= '0' && s.charAt(i) <= '9') i++;
		return i;
	}
	function number(s, i) {
		if (s.charAt(i) === '-') {
			i++;
			if (!(s.charAt(i) >= '0' && s.charAt(i) <= '9')) return { msg: fault(s, i, 'No number after minus sign') };
		}
		if (s.charAt(i) === '0') {
			/* a leading zero ends the number: a digit after it is V8's
			 * "unexpected number" */
			if (s.charAt(i + 1) >= '0' && s.charAt(i + 1) <= '9') return { msg: fault(s, i + 1, 'Unexpected number') };
			i++;
		} else {
			i = digits(s, i);
		}
		if (s.charAt(i) === '.') {
			if (!(s.charAt(i + 1) >= '0' && s.charAt(i + 1) <= '9')) return { msg: fault(s, i + 1, 'Unterminated fractional number') };
			i = digits(s, i + 1);
		}
		if (s.charAt(i) === 'e' || s.charAt(i) === 'E') {
			i++;
			if (s.charAt(i) === '+' || s.charAt(i) === '-') i++;
			if (!(s.charAt(i) >= '0' && s.charAt(i) <= '9')) return { msg: fault(s, i, 'Exponent part is missing a number') };
			i = digits(s, i);
		}
		return { end: i };
	}
	function literal(s, i, word) {
		for (var k = 0; k < word.length; k++)
			if (s.charAt(i + k) !== word.charAt(k)) return { msg: unexpected(s, i + k) };
		return { end: i + word.length };
	}
	/* The words for the first fault of s, as V8 reports it. */
	function explain(s) {
		var stack = [], i = 0, r, c, top;
		for (;;) {
			/* a value at i */
			i = space(s, i);
			c = s.charAt(i);
			if (c === '{') {
				i = space(s, i + 1);
				if (s.charAt(i) === '}') { i++; r = null; }
				else if (s.charAt(i) !== '"') return fault(s, i, "Expected property name or '}'");
				else { stack.push('{'); r = 'key'; }
			} else if (c === '[') {
				i = space(s, i + 1);
				if (s.charAt(i) === ']') { i++; r = null; }
				else { stack.push('['); continue; }
			} else if (c === '"') {
				r = string(s, i);
			} else if (c === '-' || (c >= '0' && c <= '9')) {
				r = number(s, i);
			} else if (c === 't' || c === 'f' || c === 'n') {
				r = literal(s, i, c === 't' ? 'true' : c === 'f' ? 'false' : 'null');
			} else {
				return unexpected(s, i);
			}
			if (r === 'key') {
				/* a property name at i, then ':' and its value */
				r = string(s, i);
				if (r.msg) return r.msg;
				i = space(s, r.end);
				if (s.charAt(i) !== ':') return fault(s, i, "Expected ':' after property name");
				i++;
				continue;
			}
			if (r) {
				if (r.msg) return r.msg;
				i = r.end;
			}
			/* after a value: close what it ends, or go on to the next */
			for (;;) {
				i = space(s, i);
				if (!stack.length) return i < s.length ? 'Unexpected non-whitespace character after JSON at position ' + i : null;
				top = stack[stack.length - 1];
				c = s.charAt(i);
				if (c === ',') {
					i = space(s, i + 1);
					if (top === '[') break;
					if (s.charAt(i) !== '"') return fault(s, i, 'Expected double-quoted property name');
					r = string(s, i);
					if (r.msg) return r.msg;
					i = space(s, r.end);
					if (s.charAt(i) !== ':') return fault(s, i, "Expected ':' after property name");
					i++;
					break;
				}
				if (c === (top === '[' ? ']' : '}')) { stack.pop(); i++; continue; }
				return fault(s, i, top === '[' ? "Expected ',' or ']' after array element" : "Expected ',' or '}' after property value");
			}
		}
	}

	function parseV8(text, reviver) {
		try {
			return parse.apply(JSON, arguments);
		} catch (e) {
			if (e instanceof SyntaxError && /^invalid json/.test(e.message)) {
				var words;
				try { words = explain(String(text)); } catch (x) { words = null; }
				if (words) e.message = words;
			}
			throw e;
		}
	}
	Object.defineProperty(parseV8, 'name', { value: 'parse', configurable: true });
	Object.defineProperty(JSON, 'parse', { value: parseV8, writable: true, enumerable: false, configurable: true });
})();
