/* sbx's piece of node's library for the Duktape child (ES5), loaded on first
 * use by the prelude (N.loadLib in src/engine_duktape.c): most runs never
 * touch it, so it costs them nothing.
 *
 * Called once with the prelude's internals P (inspect, format, emit, ...);
 * returns:
 *   require(name)       node's pure core modules: assert (+ assert/strict),
 *                       util, events, path (posix); `node:` prefixes too.
 *                       Anything else throws an Error naming the module.
 *   table(data, cols)   console.table's text
 *   date*, number*      Date and Number formatting as node prints it with
 *                       its default ICU (en-US), Intl (a small en-US part)
 *   structuredClone(v)
 * Written by hand: node's own lib/*.js need primordials, internal bindings
 * and ES2015+ syntax that Duktape does not parse; what is here follows
 * their output formats.
 */
(function () {
	'use strict';
	return function (P) {
		var inspect = P.inspect, format = P.format, G = P.G;
		var hasOwn = Object.prototype.hasOwnProperty, toStr = Object.prototype.toString;
		var slice = Array.prototype.slice;

		/* Promise comes from the runtime library, installed on demand */
		function needPromise() { if (typeof G.Promise !== 'function') P.runtime(4 | 1); }
		function tagOf(v) { return toStr.call(v).slice(8, -1); }
		function isObj(v) { return v !== null && (typeof v === 'object' || typeof v === 'function'); }
		function repeat(s, n) { return n > 0 ? new Array(n + 1).join(s) : ''; }
		function defHidden(o, k, v) {
			Object.defineProperty(o, k, { value: v, writable: true, enumerable: false, configurable: true });
		}
		function nodeError(Ctor, code, message) {
			var e = new Ctor(message);
			defHidden(e, 'code', code);
			return e;
		}
		function typeName(v) {
			if (v === null) return 'null';
			if (typeof v === 'function') return 'function ' + (v.name || '(anonymous)');
			if (typeof v === 'object') {
				var c = v.constructor;
				return c && c.name ? 'an instance of ' + c.name : inspect(v, -1);
			}
			var s = inspect(v);
			if (s.length > 28) s = s.slice(0, 25) + '...';
			return 'type ' + typeof v + ' (' + s + ')';
		}
		function argType(name, want, v) {
			return nodeError(TypeError, 'ERR_INVALID_ARG_TYPE', 'The "' + name + '" argument must be of type ' + want + '. Received ' + typeName(v));
		}

		/* ---- deep equality (assert.deepStrictEqual, util.isDeepStrictEqual) ---- */

		function collState(v) { return P.hidden && isObj(v) && hasOwn.call(v, P.hidden) ? v[P.hidden] : null; }
		function entriesOf(v) {
			var st = collState(v), out = [];
			if (st) for (var e = st.first; e; e = e.next) if (!e.removed) out.push([e.k, e.v]);
			return out;
		}
		function ownKeys(o) {
			var keys = Object.keys(o);
			if (Object.getOwnPropertySymbols) {
				var s = Object.getOwnPropertySymbols(o);
				for (var i = 0; i < s.length; i++) if (Object.prototype.propertyIsEnumerable.call(o, s[i])) keys.push(s[i]);
			}
			return keys;
		}
		function deepEqual(a, b, strict, memo) {
			if (strict ? (a === b ? (a !== 0 || 1 / a === 1 / b) : (a !== a && b !== b)) : (a == b || (a !== a && b !== b))) return true; /* eslint-disable-line eqeqeq */
			if (!isObj(a) || !isObj(b)) {
				if (!strict && (!isObj(a) || !isObj(b)) && (a === null || typeof a !== 'object') && (b === null || typeof b !== 'object')) return a == b; /* eslint-disable-line eqeqeq */
				return false;
			}
			if (strict && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
			var ta = tagOf(a), tb = tagOf(b);
			if (ta !== tb) return false;
			if (Array.isArray(a) !== Array.isArray(b)) return false;
			if (ta === 'Date' && a.getTime() !== b.getTime() && !(isNaN(a.getTime()) && isNaN(b.getTime()))) return false;
			if (ta === 'RegExp' && String(a) !== String(b)) return false;
			if (P.isError(a) && (a.message !== b.message || a.name !== b.name)) return false;
			if (ta === 'Number' || ta === 'String' || ta === 'Boolean') {
				if (!deepEqual(a.valueOf(), b.valueOf(), true, memo)) return false;
			}
			if (typeof a === 'function') return false;
			for (var m = 0; m < memo.length; m++) if (memo[m][0] === a && memo[m][1] === b) return true;
			memo.push([a, b]);
			var ka = ownKeys(a), kb = ownKeys(b), i;
			if (ka.length !== kb.length) return false;
			for (i = 0; i < ka.length; i++) {
				if (!Object.prototype.propertyIsEnumerable.call(b, ka[i])) return false;
				if (!deepEqual(a[ka[i]], b[ka[i]], strict, memo)) return false;
			}
			if (Array.isArray(a) && a.length !== b.length) return false;
			if (ta === 'Map' || ta === 'Set') {
				var ea = entriesOf(a), eb = entriesOf(b);
				if (ea.length !== eb.length) return false;
				var used = [];
				for (i = 0; i < ea.length; i++) {
					var found = false;
					for (var j = 0; j < eb.length && !found; j++) {
						if (used[j]) continue;
						if (deepEqual(ea[i][0], eb[j][0], strict, memo) && (ta === 'Set' || deepEqual(ea[i][1], eb[j][1], strict, memo))) {
							used[j] = true;
							found = true;
						}
					}
					if (!found) return false;
				}
			}
			return true;
		}
		function isDeepStrictEqual(a, b) { return deepEqual(a, b, true, []); }

		/* ---- assert ---- */

		var kReadable = {
			deepStrictEqual: 'Expected values to be strictly deep-equal:',
			strictEqual: 'Expected values to be strictly equal:',
			strictEqualObject: 'Expected "actual" to be reference-equal to "expected":',
			deepEqual: 'Expected values to be loosely deep-equal:',
			notDeepStrictEqual: 'Expected "actual" not to be strictly deep-equal to:',
			notStrictEqual: 'Expected "actual" to be strictly unequal to:',
			notStrictEqualObject: 'Expected "actual" not to be reference-equal to "expected":',
			notDeepEqual: 'Expected "actual" not to be loosely deep-equal to:',
			notIdentical: 'Values have same structure but are not reference-equal:',
			notDeepEqualUnequal: 'Expected values not to be loosely deep-equal:'
		};
		function inspectValue(v) {
			return inspect(v, 1000, false, { compact: false, sorted: true, maxArr: Infinity });
		}
		/* node 20's createErrDiff (lib/internal/assert/assertion_error.js):
		 * the same walk over the inspected lines, without colours. */
		function createErrDiff(actual, expected, operator, message) {
			var other = '', res = '', end = '', skipped = false, i = 0, indicator = '';
			var actualInspected = inspectValue(actual);
			var actualLines = actualInspected.split('\n'), expectedLines = inspectValue(expected).split('\n');
			if (operator === 'strictEqual' && ((isObj(actual) && typeof actual === 'object' && isObj(expected) && typeof expected === 'object') ||
			    (typeof actual === 'function' && typeof expected === 'function'))) operator = 'strictEqualObject';
			if (actualLines.length === 1 && expectedLines.length === 1 && actualLines[0] !== expectedLines[0]) {
				var inputLength = actualLines[0].length + expectedLines[0].length;
				if (inputLength <= 12) {
					if ((typeof actual !== 'object' || actual === null) && (typeof expected !== 'object' || expected === null) &&
					    (actual !== 0 || expected !== 0))
						return (message !== undefined ? message : kReadable[operator]) + '\n\n' + actualLines[0] + ' !== ' + expectedLines[0] + '\n';
				} else if (operator !== 'strictEqualObject' && inputLength < 80) {
					while (actualLines[0].charAt(i) === expectedLines[0].charAt(i)) i++;
					if (i > 2) {
						indicator = '\n  ' + repeat(' ', i) + '^';
						i = 0;
					}
				}
			}
			var a = actualLines[actualLines.length - 1], b = expectedLines[expectedLines.length - 1];
			while (a === b) {
				if (i++ < 3) end = '\n  ' + a + end;
				else other = a;
				actualLines.pop();
				expectedLines.pop();
				if (actualLines.length === 0 || expectedLines.length === 0) break;
				a = actualLines[actualLines.length - 1];
				b = expectedLines[expectedLines.length - 1];
			}
			var maxLines = Math.max(actualLines.length, expectedLines.length);
			if (maxLines === 0) {
				var al = actualInspected.split('\n');
				if (al.length > 50) {
					al[46] = '...';
					while (al.length > 47) al.pop();
				}
				return (message !== undefined ? message : kReadable.notIdentical) + '\n\n' + al.join('\n') + '\n';
			}
			if (i >= 5) {
				end = '\n...' + end;
				skipped = true;
			}
			if (other !== '') {
				end = '\n  ' + other + end;
				other = '';
			}
			var printedLines = 0, identical = 0;
			var msg = (message !== undefined ? message : kReadable[operator]) + '\n+ actual - expected';
			var skippedMsg = ' ... Lines skipped';
			var lines = actualLines, plusMinus = '+', maxLength = expectedLines.length;
			if (actualLines.length < maxLines) {
				lines = expectedLines;
				plusMinus = '-';
				maxLength = actualLines.length;
			}
			function flushIdentical(src) {
				if (identical > 2) {
					if (identical > 3) {
						if (identical > 4) {
							if (identical === 5) {
								res += '\n  ' + src[i - 3];
								printedLines++;
							} else {
								res += '\n...';
								skipped = true;
							}
						}
						res += '\n  ' + src[i - 2];
						printedLines++;
					}
					res += '\n  ' + src[i - 1];
					printedLines++;
				}
				identical = 0;
			}
			for (i = 0; i < maxLines; i++) {
				if (maxLength < i + 1) {
					flushIdentical(lines);
					if (lines === actualLines) res += '\n' + plusMinus + ' ' + lines[i];
					else other += '\n' + plusMinus + ' ' + lines[i];
					printedLines++;
				} else {
					var expectedLine = expectedLines[i], actualLine = actualLines[i];
					var diverging = actualLine !== expectedLine && (actualLine.slice(-1) !== ',' || actualLine.slice(0, -1) !== expectedLine);
					if (diverging && expectedLine.slice(-1) === ',' && expectedLine.slice(0, -1) === actualLine) {
						diverging = false;
						actualLine += ',';
					}
					if (diverging) {
						flushIdentical(actualLines);
						res += '\n+ ' + actualLine;
						other += '\n- ' + expectedLine;
						printedLines += 2;
					} else {
						res += other;
						other = '';
						identical++;
						if (identical <= 2) {
							res += '\n  ' + actualLine;
							printedLines++;
						}
					}
				}
				if (printedLines > 50 && i < maxLines - 2)
					return msg + skippedMsg + '\n' + res + '\n...' + other + '\n...';
			}
			return msg + (skipped ? skippedMsg : '') + '\n' + res + other + end + indicator;
		}
		/* node 20's AssertionError message for each operator. */
		function assertMessage(actual, expected, operator, message) {
			if (message !== undefined && message !== null) {
				if (operator === 'deepStrictEqual' || operator === 'strictEqual') return createErrDiff(actual, expected, operator, String(message));
				return String(message);
			}
			if (operator === 'deepStrictEqual' || operator === 'strictEqual') return createErrDiff(actual, expected, operator);
			var res, other;
			if (operator === 'notDeepStrictEqual' || operator === 'notStrictEqual') {
				var base = kReadable[operator];
				res = inspectValue(actual).split('\n');
				if (operator === 'notStrictEqual' && isObj(actual)) base = kReadable.notStrictEqualObject;
				if (res.length > 50) {
					res[46] = '...';
					while (res.length > 47) res.pop();
				}
				if (res.length === 1) return base + (res[0].length > 5 ? '\n\n' : ' ') + res[0];
				return base + '\n\n' + res.join('\n') + '\n';
			}
			res = inspectValue(actual);
			other = inspectValue(expected);
			var known = kReadable[operator];
			if (operator === 'notDeepEqual' && res === other) {
				res = known + '\n\n' + res;
				return res.length > 1024 ? res.slice(0, 1021) + '...' : res;
			}
			if (res.length > 512) res = res.slice(0, 509) + '...';
			if (other.length > 512) other = other.slice(0, 509) + '...';
			if (operator === 'deepEqual') res = known + '\n\n' + res + '\n\nshould loosely deep-equal\n\n';
			else if (kReadable[operator + 'Unequal']) res = kReadable[operator + 'Unequal'] + '\n\n' + res + '\n\nshould not loosely deep-equal\n\n';
			else other = ' ' + operator + ' ' + other;
			return res + other;
		}

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

		/* ---- util ---- */

		function makeUtil() {
			var custom = typeof Symbol === 'function' ? Symbol['for']('nodejs.util.inspect.custom') : '@@nodejs.util.inspect.custom';
			function utilInspect(v, opts) {
				var o = isObj(opts) ? opts : {};
				if (typeof opts === 'boolean') o = { showHidden: opts, depth: arguments[2] };
				var d = o.depth === null ? Infinity : o.depth === undefined ? 2 : o.depth;
				return inspect(v, d, !!o.showHidden, { brk: o.breakLength, compact: o.compact, sorted: o.sorted, maxArr: o.maxArrayLength });
			}
			utilInspect.custom = custom;
			utilInspect.defaultOptions = { depth: 2, showHidden: false, breakLength: 80, compact: 3 };
			function isTag(t) { return function (v) { return isObj(v) && tagOf(v) === t; }; }
			var types = {
				isDate: isTag('Date'), isRegExp: isTag('RegExp'), isMap: isTag('Map'), isSet: isTag('Set'),
				isWeakMap: isTag('WeakMap'), isWeakSet: isTag('WeakSet'), isPromise: isTag('Promise'),
				isNativeError: function (v) { return P.isError(v); },
				isMapIterator: isTag('Map Iterator'), isSetIterator: isTag('Set Iterator'),
				isGeneratorFunction: function (v) { return typeof v === 'function' && /Generator/.test(Object.getPrototypeOf(v).constructor.name); },
				isAsyncFunction: function (v) { return typeof v === 'function' && /^Async/.test(Object.getPrototypeOf(v).constructor.name); },
				isBoxedPrimitive: function (v) { return isObj(v) && /^(Number|String|Boolean|Symbol)$/.test(tagOf(v)); },
				isArrayBuffer: isTag('ArrayBuffer'),
				isTypedArray: function (v) { return isObj(v) && /^(Ui|I)nt(8|16|32)(Clamped)?Array$|^Float(32|64)Array$/.test(tagOf(v)); }
			};
			return {
				inspect: utilInspect,
				format: function () { return format(slice.call(arguments)); },
				formatWithOptions: function (o) { return format(slice.call(arguments, 1)); },
				isDeepStrictEqual: isDeepStrictEqual,
				types: types,
				isArray: Array.isArray,
				isDate: types.isDate, isRegExp: types.isRegExp, isError: types.isNativeError,
				isFunction: function (v) { return typeof v === 'function'; },
				isString: function (v) { return typeof v === 'string'; },
				isNumber: function (v) { return typeof v === 'number'; },
				isObject: function (v) { return v !== null && typeof v === 'object'; },
				isPrimitive: function (v) { return v === null || (typeof v !== 'object' && typeof v !== 'function'); },
				isNullOrUndefined: function (v) { return v === null || v === undefined; },
				inherits: function (ctor, superCtor) {
					defHidden(ctor, 'super_', superCtor);
					Object.setPrototypeOf(ctor.prototype, superCtor.prototype);
				},
				deprecate: function (fn, msg, code) {
					var warned = false;
					return function () {
						if (!warned) {
							warned = true;
							P.warning((code ? '[' + code + '] ' : '') + msg, 'DeprecationWarning');
						}
						return fn.apply(this, arguments);
					};
				},
				promisify: function promisify(fn) {
					if (typeof fn !== 'function') throw argType('original', 'function', fn);
					if (fn[promisify.custom]) return fn[promisify.custom];
					needPromise();
					return function () {
						var self = this, args = slice.call(arguments);
						return new Promise(function (resolve, reject) {
							args.push(function (err, value) {
								if (err) reject(err);
								else resolve(arguments.length > 2 ? slice.call(arguments, 1) : value);
							});
							fn.apply(self, args);
						});
					};
				},
				callbackify: function (fn) {
					return function () {
						var args = slice.call(arguments), cb = args.pop(), self = this;
						fn.apply(self, args).then(function (v) { cb(null, v); }, function (e) {
							if (!e) { var w = new Error('Promise was rejected with a falsy value'); w.reason = e; e = w; }
							cb(e);
						});
					};
				},
				TextEncoder: G.TextEncoder, TextDecoder: G.TextDecoder
			};
		}

		/* ---- events ---- */

		function makeEvents() {
			function EventEmitter() { EventEmitter.init.call(this); }
			EventEmitter.defaultMaxListeners = 10;
			EventEmitter.init = function () {
				if (!this._events || this._events === Object.getPrototypeOf(this)._events) {
					this._events = Object.create(null);
					this._eventsCount = 0;
				}
				this._maxListeners = this._maxListeners || undefined;
			};
			var proto = EventEmitter.prototype;
			proto._events = undefined;
			proto._eventsCount = 0;
			proto._maxListeners = undefined;
			function events(self) {
				if (!self._events) { self._events = Object.create(null); self._eventsCount = 0; }
				return self._events;
			}
			function checkListener(l) { if (typeof l !== 'function') throw argType('listener', 'function', l); }
			function addListener(self, type, listener, prepend) {
				checkListener(listener);
				var ev = events(self);
				if (ev.newListener !== undefined) self.emit('newListener', type, listener.listener ? listener.listener : listener);
				var list = ev[type];
				if (!list) { ev[type] = [listener]; self._eventsCount++; }
				else if (prepend) list.unshift(listener);
				else list.push(listener);
				var max = self.getMaxListeners();
				if (max > 0 && ev[type].length > max && !ev[type].warned) {
					ev[type].warned = true;
					P.warning('Possible EventEmitter memory leak detected. ' + ev[type].length + ' ' + String(type) +
						' listeners added to ' + P.inspect(self, -1) + '. Use emitter.setMaxListeners() to increase limit', 'MaxListenersExceededWarning');
				}
				return self;
			}
			function onceWrapper(self, type, listener) {
				var fired = false;
				var w = function () {
					if (fired) return undefined;
					fired = true;
					self.removeListener(type, w);
					return listener.apply(self, arguments);
				};
				w.listener = listener;
				return w;
			}
			proto.setMaxListeners = function (n) { this._maxListeners = n; return this; };
			proto.getMaxListeners = function () { return this._maxListeners === undefined ? EventEmitter.defaultMaxListeners : this._maxListeners; };
			proto.emit = function emit(type) {
				var ev = events(this), list = ev[type], args = slice.call(arguments, 1);
				if (type === 'error' && !list) {
					var er = args[0];
					if (P.isError(er)) throw er;
					var err = nodeError(Error, 'ERR_UNHANDLED_ERROR', 'Unhandled error. (' + inspect(er) + ')');
					err.context = er;
					throw err;
				}
				if (!list) return false;
				list = list.slice();
				for (var i = 0; i < list.length; i++) list[i].apply(this, args);
				return true;
			};
			proto.addListener = proto.on = function on(type, l) { return addListener(this, type, l, false); };
			proto.prependListener = function (type, l) { return addListener(this, type, l, true); };
			proto.once = function once(type, l) { checkListener(l); return this.on(type, onceWrapper(this, type, l)); };
			proto.prependOnceListener = function (type, l) { checkListener(l); return this.prependListener(type, onceWrapper(this, type, l)); };
			proto.removeListener = proto.off = function off(type, l) {
				checkListener(l);
				var ev = events(this), list = ev[type];
				if (!list) return this;
				for (var i = list.length - 1; i >= 0; i--) {
					if (list[i] === l || list[i].listener === l) {
						list.splice(i, 1);
						if (list.length === 0) { delete ev[type]; this._eventsCount--; }
						if (ev.removeListener !== undefined) this.emit('removeListener', type, l);
						break;
					}
				}
				return this;
			};
			proto.removeAllListeners = function (type) {
				var ev = events(this);
				if (type === undefined) { this._events = Object.create(null); this._eventsCount = 0; }
				else if (ev[type]) { delete ev[type]; this._eventsCount--; }
				return this;
			};
			proto.listeners = function (type) {
				var list = events(this)[type];
				return list ? list.map(function (l) { return l.listener || l; }) : [];
			};
			proto.rawListeners = function (type) { var list = events(this)[type]; return list ? list.slice() : []; };
			proto.listenerCount = function (type) { var list = events(this)[type]; return list ? list.length : 0; };
			proto.eventNames = function () {
				var ev = events(this), names = Object.keys(ev);
				return Object.getOwnPropertySymbols ? names.concat(Object.getOwnPropertySymbols(ev)) : names;
			};
			EventEmitter.listenerCount = function (em, type) { return em.listenerCount(type); };
			EventEmitter.once = function (em, type) {
				needPromise();
				return new Promise(function (resolve, reject) {
					var onError = function (e) { em.removeListener(type, onValue); reject(e); };
					var onValue = function () { if (type !== 'error') em.removeListener('error', onError); resolve(slice.call(arguments)); };
					em.once(type, onValue);
					if (type !== 'error') em.once('error', onError);
				});
			};
			EventEmitter.EventEmitter = EventEmitter;
			EventEmitter.errorMonitor = typeof Symbol === 'function' ? Symbol('events.errorMonitor') : 'errorMonitor';
			return EventEmitter;
		}

		/* ---- path (posix) ---- */

		function makePath() {
			function check(p, name) { if (typeof p !== 'string') throw argType(name || 'path', 'string', p); }
			function normalizeParts(p, absolute) {
				var parts = p.split('/'), out = [];
				for (var i = 0; i < parts.length; i++) {
					var s = parts[i];
					if (s === '' || s === '.') continue;
					if (s === '..') {
						if (out.length && out[out.length - 1] !== '..') out.pop();
						else if (!absolute) out.push('..');
					} else out.push(s);
				}
				return out.join('/');
			}
			var path = {
				sep: '/', delimiter: ':',
				normalize: function normalize(p) {
					check(p);
					if (p === '') return '.';
					var abs = p.charAt(0) === '/', trailing = p.charAt(p.length - 1) === '/';
					var r = normalizeParts(p, abs);
					if (r === '' && !abs) r = '.';
					if (r !== '' && trailing) r += '/';
					return (abs ? '/' : '') + r;
				},
				isAbsolute: function (p) { check(p); return p.charAt(0) === '/'; },
				join: function join() {
					var parts = [];
					for (var i = 0; i < arguments.length; i++) {
						check(arguments[i]);
						if (arguments[i] !== '') parts.push(arguments[i]);
					}
					return parts.length ? path.normalize(parts.join('/')) : '.';
				},
				resolve: function resolve() {
					var r = '', abs = false;
					for (var i = arguments.length - 1; i >= -1 && !abs; i--) {
						var p = i >= 0 ? arguments[i] : '/'; /* the sandbox's working directory */
						check(p);
						if (p === '') continue;
						r = p + '/' + r;
						abs = p.charAt(0) === '/';
					}
					r = normalizeParts(r, true);
					return '/' + r;
				},
				relative: function relative(from, to) {
					check(from, 'from'); check(to, 'to');
					from = path.resolve(from); to = path.resolve(to);
					if (from === to) return '';
					var f = from.split('/').filter(Boolean), t = to.split('/').filter(Boolean), i = 0;
					while (i < f.length && i < t.length && f[i] === t[i]) i++;
					var up = [];
					for (var j = i; j < f.length; j++) up.push('..');
					return up.concat(t.slice(i)).join('/');
				},
				dirname: function dirname(p) {
					check(p);
					if (p === '') return '.';
					var end = p.length;
					while (end > 1 && p.charAt(end - 1) === '/') end--;
					var i = p.lastIndexOf('/', end - 1);
					if (i < 0) return '.';
					if (i === 0) return '/';
					var d = p.slice(0, i);
					while (d.length > 1 && d.charAt(d.length - 1) === '/') d = d.slice(0, -1);
					return d;
				},
				basename: function basename(p, ext) {
					check(p);
					if (ext !== undefined) check(ext, 'ext');
					var end = p.length;
					while (end > 0 && p.charAt(end - 1) === '/') end--;
					var b = p.slice(p.lastIndexOf('/', end - 1) + 1, end);
					if (ext !== undefined && ext !== b && b.slice(b.length - ext.length) === ext) b = b.slice(0, b.length - ext.length);
					return b;
				},
				extname: function extname(p) {
					check(p);
					var b = path.basename(p), i = b.lastIndexOf('.');
					if (i <= 0 || (b === '..')) return '';
					return b.slice(i);
				},
				parse: function parse(p) {
					check(p);
					var root = p.charAt(0) === '/' ? '/' : '', base = path.basename(p), ext = path.extname(p);
					var dir = path.dirname(p);
					if (dir === '.' && p.indexOf('/') < 0) dir = '';
					return { root: root, dir: p === '' ? '' : dir, base: base, ext: ext, name: ext ? base.slice(0, base.length - ext.length) : base };
				},
				format: function format_(o) {
					if (!isObj(o)) throw argType('pathObject', 'object', o);
					var dir = o.dir || o.root, base = o.base || ((o.name || '') + (o.ext ? (o.ext.charAt(0) === '.' ? '' : '.') + o.ext : ''));
					if (!dir) return base;
					return dir === o.root ? dir + base : dir + '/' + base;
				},
				toNamespacedPath: function (p) { return p; }
			};
			path.posix = path;
			return path;
		}

		/* ---- require ---- */

		var NO_HOST = {
			fs: 'the file system', 'fs/promises': 'the file system', child_process: 'processes',
			net: 'the network', http: 'the network', https: 'the network', http2: 'the network', dgram: 'the network',
			dns: 'the network', tls: 'the network', os: 'the host', cluster: 'processes', worker_threads: 'threads',
			vm: 'a second JavaScript context', v8: 'the host', process: 'the host', readline: 'a terminal',
			inspector: 'the host', perf_hooks: 'the host', module: 'the module loader', repl: 'a terminal',
			tty: 'a terminal', stream: 'node streams', zlib: 'native compression', crypto: 'native crypto',
			buffer: 'node buffers', url: 'node\'s URL parser', querystring: 'node\'s library', string_decoder: 'node buffers',
			timers: 'node\'s library', 'timers/promises': 'node\'s library', async_hooks: 'the host', diagnostics_channel: 'the host'
		};
		var CORE = ['assert', 'assert/strict', 'util', 'events', 'path', 'path/posix'];
		var modules = {};
		function requireCore(name) {
			var id = name.slice(0, 5) === 'node:' ? name.slice(5) : name;
			if (hasOwn.call(modules, id)) return modules[id];
			var m;
			switch (id) {
			case 'assert': m = makeAssert(false); m.strict = makeAssert(true); m.strict.strict = m.strict; break;
			case 'assert/strict': m = requireCore('assert').strict; break;
			case 'util': m = makeUtil(); break;
			case 'events': m = makeEvents(); break;
			case 'path': case 'path/posix': m = modules.path || makePath(); break;
			default:
				if (hasOwn.call(NO_HOST, id)) {
					throw nodeError(Error, 'ERR_SBX_NO_HOST_ACCESS', "Cannot load module '" + name + "': sbx runs JavaScript without access to " +
						NO_HOST[id] + '. The core modules available are ' + CORE.join(', ') + '.');
				}
				throw nodeError(Error, 'MODULE_NOT_FOUND', "Cannot find module '" + name + "': sbx runs one self-contained file " +
					'(no npm packages); the core modules available are ' + CORE.join(', ') + '.');
			}
			modules[id] = m;
			return m;
		}

		/* ---- console.table ---- */

		function table(data, properties) {
			function _inspect(v) {
				var depth = v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 2 ? -1 : 0;
				return inspect(v, depth, false, { maxArr: 3, brk: Infinity });
			}
			function idx(n) { var a = []; for (var i = 0; i < n; i++) a.push(_inspect(i)); return a; }
			function render(head, columns) {
				var rows = [], widths = head.map(function (h) { return h.length; }), longest = 0, i, j;
				for (i = 0; i < columns.length; i++) longest = Math.max(longest, columns[i].length);
				for (i = 0; i < head.length; i++) {
					for (j = 0; j < longest; j++) {
						if (!rows[j]) rows[j] = [];
						var v = rows[j][i] = hasOwn.call(columns[i], j) ? columns[i][j] : '';
						widths[i] = Math.max(widths[i] || 0, v.length);
					}
				}
				function row(r) {
					var out = '│ ';
					for (var k = 0; k < r.length; k++) {
						out += r[k] + repeat(' ', widths[k] - r[k].length); /* node 20.20: left-aligned */
						if (k !== r.length - 1) out += ' │ ';
					}
					return out + ' │';
				}
				var div = widths.map(function (w) { return repeat('─', w + 2); });
				var res = '┌' + div.join('┬') + '┐\n' + row(head) + '\n├' + div.join('┼') + '┤\n';
				for (i = 0; i < rows.length; i++) res += row(rows[i]) + '\n';
				return res + '└' + div.join('┴') + '┘';
			}
			var tag = tagOf(data), keys = [], values = [], i;
			if (tag === 'Map') {
				var ents = entriesOf(data);
				for (i = 0; i < ents.length; i++) { keys.push(_inspect(ents[i][0])); values.push(_inspect(ents[i][1])); }
				return render(['(iteration index)', 'Key', 'Values'], [idx(ents.length), keys, values]);
			}
			if (tag === 'Set') {
				var se = entriesOf(data);
				for (i = 0; i < se.length; i++) values.push(_inspect(se[i][0]));
				return render(['(iteration index)', 'Values'], [idx(se.length), values]);
			}
			var map = Object.create(null), order = [], hasPrim = false, valuesCol = [];
			var index = Object.keys(data);
			for (i = 0; i < index.length; i++) {
				var item = data[index[i]];
				var prim = item === null || (typeof item !== 'function' && typeof item !== 'object');
				if (properties === undefined && prim) {
					hasPrim = true;
					valuesCol[i] = _inspect(item);
				} else {
					var ks = properties || Object.keys(item);
					for (var k = 0; k < ks.length; k++) {
						var key = ks[k];
						if (map[key] === undefined) { map[key] = []; order.push(key); }
						map[key][i] = (prim && properties) || !hasOwn.call(item, key) ? '' : _inspect(item[key]);
					}
				}
			}
			var head = order.slice(), cols = order.map(function (k) { return map[k]; });
			if (hasPrim) { head.push('Values'); cols.push(valuesCol); }
			head.unshift('(index)');
			cols.unshift(index);
			return render(head, cols);
		}

		/* ---- Date and Number as node prints them (en-US, ICU) ---- */

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
			this._opts = opts;
		}
		DateTimeFormat.prototype.format = function (d) { return formatDate(d === undefined ? new Date() : new Date(+d), this._opts, true, false); };
		DateTimeFormat.prototype.resolvedOptions = function () { return { locale: 'en-US', calendar: 'gregory', numberingSystem: 'latn', timeZone: 'UTC' }; };
		function PluralRules(loc, opts) { checkLocale(loc); this._ord = opts && opts.type === 'ordinal'; }
		PluralRules.prototype.select = function (n) {
			if (!this._ord) return n === 1 ? 'one' : 'other';
			var a = n % 10, b = n % 100;
			return a === 1 && b !== 11 ? 'one' : a === 2 && b !== 12 ? 'two' : a === 3 && b !== 13 ? 'few' : 'other';
		};
		function Collator(loc, opts) { checkLocale(loc); this._num = opts && opts.numeric; this._base = opts && opts.sensitivity === 'base'; }
		Collator.prototype.compare = function (a, b) {
			a = String(a); b = String(b);
			if (this._base) { a = a.toLowerCase(); b = b.toLowerCase(); }
			if (this._num) {
				var na = parseFloat(a), nb = parseFloat(b);
				if (!isNaN(na) && !isNaN(nb) && na !== nb) return na < nb ? -1 : 1;
			}
			return a.localeCompare(b);
		};
		var Intl = { NumberFormat: NumberFormat, DateTimeFormat: DateTimeFormat, PluralRules: PluralRules, Collator: Collator,
			getCanonicalLocales: function (l) { return l === undefined ? [] : [].concat(l); } };

		/* ---- structuredClone ---- */

		function DataCloneError(msg) { var e = new Error(msg); e.name = 'DataCloneError'; return e; }
		function structuredClone(v, argc) {
			if (argc === 0) throw new TypeError("Failed to execute 'structuredClone' on 'Window': 1 argument required, but only 0 present.");
			var seen = [];
			function clone(x) {
				if (typeof x === 'symbol') throw DataCloneError(String(x) + ' could not be cloned.');
				if (!isObj(x)) return x;
				if (typeof x === 'function') throw DataCloneError((x.toString ? Function.prototype.toString.call(x) : 'function') + ' could not be cloned.');
				for (var i = 0; i < seen.length; i++) if (seen[i][0] === x) return seen[i][1];
				var tag = tagOf(x), out, k;
				if (tag === 'Date') out = new Date(x.getTime());
				else if (tag === 'RegExp') out = new RegExp(x.source, String(x).slice(String(x).lastIndexOf('/') + 1));
				else if (tag === 'Number' || tag === 'String' || tag === 'Boolean') out = Object(x.valueOf());
				else if (tag === 'Map') { out = new G.Map(); seen.push([x, out]); entriesOf(x).forEach(function (e) { out.set(clone(e[0]), clone(e[1])); }); return out; }
				else if (tag === 'Set') { out = new G.Set(); seen.push([x, out]); entriesOf(x).forEach(function (e) { out.add(clone(e[0])); }); return out; }
				else if (P.isError(x)) {
					var C = /^(Eval|Range|Reference|Syntax|Type|URI)Error$/.test(x.name) ? G[x.name] : Error;
					out = new C(x.message);
					if (x.stack !== undefined) defHidden(out, 'stack', x.stack);
					seen.push([x, out]);
					if ('cause' in x) defHidden(out, 'cause', clone(x.cause));
					return out;
				} else if (Array.isArray(x)) out = new Array(x.length);
				else if (tag === 'Object' || tag === 'Arguments') out = {};
				else if (/Array$|ArrayBuffer|DataView/.test(tag) && x.slice) return x.slice(0);
				else if (tag === 'WeakMap' || tag === 'WeakSet' || tag === 'Promise') throw DataCloneError('#<' + tag + '> could not be cloned.');
				else out = {};
				seen.push([x, out]);
				var keys = Object.keys(x);
				for (i = 0; i < keys.length; i++) {
					k = keys[i];
					out[k] = clone(x[k]);
				}
				return out;
			}
			return clone(v);
		}

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
