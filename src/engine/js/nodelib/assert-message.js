/* node's library: the message of an AssertionError, as node 20 words it
 * for each operator, with its "+ actual - expected" diff of the inspected
 * values.
 * A part of the closure head.js opens: uses its helpers; assert.js builds
 * the errors. */
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
