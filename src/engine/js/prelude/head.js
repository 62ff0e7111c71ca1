/* sbx runtime prelude for the Duktape child (ES5: Duktape has no let/arrows).
 *
 * Compiled once per run as a function expression and called with the native
 * bindings from engine_duktape.c:
 *   N.write(fd, string)   write(2) to fd 1 or 2, unbuffered
 *   N.result(json, stub, n) send one rich result now (display())
 *   N.now()               monotonic milliseconds
 *   N.sleepUntil(ms)      sleep until monotonic ms (ends the run at the deadline)
 *   N.file                the user's source name, to pick frames from stacks
 * It installs console and the timer functions as globals and returns
 * the hooks the engine keeps in the heap stash, out of the code's reach:
 *   runLoop(), settle(value), describeError(err).
 * Formatting follows node's util.inspect (depth 2, breakLength 80, compact 3).
 */
(function (N) {
	'use strict';
	var G = new Function('return this')();
	var write = N.write, sendResult = N.result, now = N.now, sleepUntil = N.sleepUntil, FILE = N.file, HID = N.hidden;
	var fnToString = Function.prototype.toString;
	var hasOwn = Object.prototype.hasOwnProperty;
	var toStr = Object.prototype.toString;
	var stringify = JSON.stringify;
	var COMPACT = 3;
	var CUSTOM = typeof Symbol === 'function' ? Symbol['for']('nodejs.util.inspect.custom') : null;
	var TAG = typeof Symbol === 'function' ? Symbol.toStringTag : null;
	var IDENT = /^[A-Za-z_$][A-Za-z_$0-9]*$/;

	function repeat(s, n) { return n > 0 ? new Array(n + 1).join(s) : ''; }

	function quote(s) {
		var q = "'";
		if (s.indexOf("'") >= 0) {
			if (s.indexOf('"') < 0) q = '"';
			else if (s.indexOf('`') < 0 && s.indexOf('${') < 0) q = '`';
		}
		var r = '';
		for (var i = 0; i < s.length; i++) {
			var c = s.charAt(i), n = s.charCodeAt(i);
			if (c === q || c === '\\') r += '\\' + c;
			else if (c === '\n') r += '\\n';
			else if (c === '\t') r += '\\t';
			else if (c === '\r') r += '\\r';
			else if (c === '\b') r += '\\b';
			else if (c === '\f') r += '\\f';
			else if (c === '\v') r += '\\v';
			else if (n < 0x20 || n === 0x7f) r += '\\x' + (n < 16 ? '0' : '') + n.toString(16).toUpperCase();
			else r += c;
		}
		return q + r + q;
	}

