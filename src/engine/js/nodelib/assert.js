/* node's library: require('assert') and 'assert/strict': AssertionError
 * and the assert functions.
 * A part of the closure head.js opens: uses its helpers, deepEqual
 * (deepequal.js) and assertMessage (assert-message.js). */
		function AssertionError(options) {
			if (!(this instanceof AssertionError)) return new AssertionError(options);
			options = options || {};
			var generated = options.message === undefined || options.message === null;
			var msg = assertMessage(options.actual, options.expected, options.operator, options.message);
			var st = String(new Error('x').stack);
			defHidden(this, 'message', String(msg));
			defHidden(this, 'stack', 'AssertionError [ERR_ASSERTION]: ' + msg + (st.indexOf('\n') >= 0 ? st.slice(st.indexOf('\n')) : ''));
			this.generatedMessage = generated;
			this.code = 'ERR_ASSERTION';
			this.actual = options.actual;
			this.expected = options.expected;
			this.operator = options.operator;
		}
		AssertionError.prototype = Object.create(Error.prototype);
		defHidden(AssertionError.prototype, 'constructor', AssertionError);
		defHidden(AssertionError.prototype, 'name', 'AssertionError');
		defHidden(AssertionError.prototype, 'toString', function () { return 'AssertionError [ERR_ASSERTION]: ' + this.message; });

		/* generated: the message is sbx's (node's wording), not the caller's */
		function fail(actual, expected, message, operator, generated) {
			if (P.isError(message)) throw message;
			var e = new AssertionError({ actual: actual, expected: expected, message: message, operator: operator });
			if (generated) e.generatedMessage = true;
			throw e;
		}
		/* The failed call as written, `assert.ok(x > 1)`, which node reads
		 * from the source: here from the caller's line. */
		function callText() {
			var lines = P.callerSource();
			for (var n = 0; n < lines.length; n++) {
				var line = lines[n];
				if (typeof line !== 'string') continue;
				var re = /([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*\(/g, m;
				while ((m = re.exec(line))) {
					if (!/(^|\.)(assert|ok)$/.test(m[1]) && !/assert/i.test(m[1])) continue;
					var depth = 0, q = null;
					for (var i = m.index + m[0].length - 1; i < line.length; i++) {
						var c = line.charAt(i);
						if (q) { if (c === '\\') i++; else if (c === q) q = null; continue; }
						if (c === '"' || c === "'" || c === '`') q = c;
						else if (c === '(') depth++;
						else if (c === ')' && --depth === 0) return line.slice(m.index, i + 1);
					}
					break;
				}
			}
			return null;
		}
		function makeAssert(strictMode) {
			function ok(value, message) {
				if (arguments.length === 0) fail(undefined, true, 'No value argument passed to `assert.ok()`', '==', true);
				if (value) return;
				if (message !== undefined) fail(value, true, message, '==');
				var text = callText();
				fail(value, true, text ? 'The expression evaluated to a falsy value:\n\n  ' + text + '\n' : inspect(value) + ' == true', '==', true);
			}
			var a = function assert(value, message) { ok.apply(null, arguments); };
			a.ok = ok;
			a.AssertionError = AssertionError;
			a.fail = function (message) {
				if (P.isError(message)) throw message;
				var e = new AssertionError({ message: message === undefined ? 'Failed' : message, operator: 'fail' });
				e.generatedMessage = message === undefined;
				throw e;
			};
			a.strictEqual = function strictEqual(actual, expected, message) {
				if (!(actual === expected ? (actual !== 0 || 1 / actual === 1 / expected) : (actual !== actual && expected !== expected))) fail(actual, expected, message, 'strictEqual');
			};
			a.notStrictEqual = function notStrictEqual(actual, expected, message) {
				if (actual === expected ? (actual !== 0 || 1 / actual === 1 / expected) : (actual !== actual && expected !== expected)) fail(actual, expected, message, 'notStrictEqual');
			};
			a.deepStrictEqual = function deepStrictEqual(actual, expected, message) {
				if (!deepEqual(actual, expected, true, [])) fail(actual, expected, message, 'deepStrictEqual');
			};
			a.notDeepStrictEqual = function notDeepStrictEqual(actual, expected, message) {
				if (deepEqual(actual, expected, true, [])) fail(actual, expected, message, 'notDeepStrictEqual');
			};
			if (strictMode) {
				a.equal = a.strictEqual;
				a.notEqual = a.notStrictEqual;
				a.deepEqual = a.deepStrictEqual;
				a.notDeepEqual = a.notDeepStrictEqual;
			} else {
				a.equal = function equal(actual, expected, message) {
					if (!(actual == expected || (actual !== actual && expected !== expected))) fail(actual, expected, message, '=='); /* eslint-disable-line eqeqeq */
				};
				a.notEqual = function notEqual(actual, expected, message) {
					if (actual == expected || (actual !== actual && expected !== expected)) fail(actual, expected, message, '!='); /* eslint-disable-line eqeqeq */
				};
				a.deepEqual = function deepEqual_(actual, expected, message) {
					if (!deepEqual(actual, expected, false, [])) fail(actual, expected, message, 'deepEqual');
				};
				a.notDeepEqual = function notDeepEqual(actual, expected, message) {
					if (deepEqual(actual, expected, false, [])) fail(actual, expected, message, 'notDeepEqual');
				};
			}
			function checkError(actual, expected, message, fnName) {
				if (expected === undefined) return;
				if (typeof expected === 'function') {
					if (expected.prototype !== undefined && actual instanceof expected) return;
					if (Object.prototype.isPrototypeOf.call(Error, expected)) {
						if (actual instanceof Error) {
							fail(actual, expected, message || 'The error is expected to be an instance of "' + expected.name + '". Received "' +
								(actual.constructor && actual.constructor.name) + '"\n\nError message:\n\n' + actual.message, fnName, !message);
						}
						throw actual;
					}
					var res = expected.call({}, actual);
					if (res !== true) {
						fail(actual, expected, message || 'The ' + (expected.name ? '"' + expected.name + '" validation function' : 'validation function') +
							' is expected to return "true". Received ' + inspect(res) + '\n\nCaught error:\n\n' + (P.isError(actual) ? P.errorText(actual).split('\n')[0] : inspect(actual)), fnName, !message);
					}
					return;
				}
				if (tagOf(expected) === 'RegExp') {
					if (expected.test(String(actual))) return;
					fail(actual, expected, message || 'The input did not match the regular expression ' + String(expected) + '. Input:\n\n' + inspect(String(actual)) + '\n', fnName, !message);
				}
				if (isObj(expected)) {
					var keys = Object.keys(expected);
					if (P.isError(expected)) keys.push('name', 'message');
					for (var i = 0; i < keys.length; i++) {
						var k = keys[i], ev = expected[k], av = actual == null ? undefined : actual[k]; /* eslint-disable-line eqeqeq */
						if (tagOf(ev) === 'RegExp' && typeof av === 'string' ? ev.test(av) : deepEqual(av, ev, true, [])) continue;
						fail(actual, expected, message, fnName);
					}
				}
			}
			a.throws = function throws(fn, expected, message) {
				if (typeof fn !== 'function') throw argType('fn', 'function', fn);
				if (typeof expected === 'string') { message = expected; expected = undefined; }
				var threw = false, err;
				try { fn(); } catch (e) { threw = true; err = e; }
				if (!threw) {
					var what = expected && expected.name ? ' (' + expected.name + ')' : '';
					fail(undefined, expected, 'Missing expected exception' + what + (message ? ': ' + message : '.'), 'throws');
				}
				checkError(err, expected, message, 'throws');
			};
			a.doesNotThrow = function doesNotThrow(fn, expected, message) {
				if (typeof expected === 'string') { message = expected; expected = undefined; }
				try { fn(); } catch (e) {
					fail(e, expected, 'Got unwanted exception' + (message ? ': ' + message : '.') + '\nActual message: "' + (e && e.message) + '"', 'doesNotThrow');
				}
			};
			a.rejects = function rejects(p, expected, message) {
				if (typeof expected === 'string') { message = expected; expected = undefined; }
				needPromise();
				return Promise.resolve().then(function () { return typeof p === 'function' ? p() : p; }).then(function () {
					var what = expected && expected.name ? ' (' + expected.name + ')' : '';
					fail(undefined, expected, 'Missing expected rejection' + what + (message ? ': ' + message : '.'), 'rejects');
				}, function (e) { checkError(e, expected, message, 'rejects'); });
			};
			a.doesNotReject = function doesNotReject(p, expected, message) {
				if (typeof expected === 'string') { message = expected; expected = undefined; }
				needPromise();
				return Promise.resolve().then(function () { return typeof p === 'function' ? p() : p; }).then(function () {}, function (e) {
					fail(e, expected, 'Got unwanted rejection.\nActual message: "' + (e && e.message) + '"', 'doesNotReject');
				});
			};
			a.match = function match(s, re, message) {
				if (tagOf(re) !== 'RegExp') throw argType('regexp', 'an instance of RegExp', re);
				if (typeof s !== 'string' || !re.test(s))
					fail(s, re, message || (typeof s !== 'string' ? 'The "string" argument must be of type string. Received type ' + typeof s + ' (' + inspect(s) + ')' :
						'The input did not match the regular expression ' + String(re) + '. Input:\n\n' + inspect(s) + '\n'), 'match', !message);
			};
			a.doesNotMatch = function doesNotMatch(s, re, message) {
				if (typeof s === 'string' && re.test(s))
					fail(s, re, message || 'The input was expected to not match the regular expression ' + String(re) + '. Input:\n\n' + inspect(s) + '\n', 'doesNotMatch', !message);
			};
			a.ifError = function ifError(v) {
				if (v !== null && v !== undefined) {
					if (P.isError(v)) throw v;
					fail(v, null, 'ifError got unwanted exception: ' + inspect(v), 'ifError', true);
				}
			};
			return a;
		}
