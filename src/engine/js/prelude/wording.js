	/* Duktape's wording of its own errors → node's (V8's), because programs
	 * print e.message and people read it first. Duktape calls errCreate for
	 * every error it makes; harden_globals() removes the Duktape object
	 * right after. Three kinds of rewrite:
	 * - fixed: the same words for the same fault (NODE_MSG);
	 * - by the built-in that threw (the stack's first native frame):
	 *   "invalid args" in reduce is V8's "Reduce of empty array ...";
	 * - by the source: V8 names the callee ("d.match is not a function"),
	 *   Duktape the value ("undefined not callable (property 'match' of
	 *   100)"); the callee is found on the error's line of the program when
	 *   exactly one call there fits, and Duktape's words stay otherwise. */
	var NODE_MSG = [
		[/^cannot read property '(.*)' of (null|undefined)$/, function (m) { return 'Cannot read properties of ' + m[2] + " (reading '" + m[1] + "')"; }],
		[/^cannot read property (-?[0-9.e+]+|Symbol\(.*\)) of (null|undefined)$/, function (m) { return 'Cannot read properties of ' + m[2] + " (reading '" + m[1] + "')"; }],
		[/^cannot write property '(.*)' of (null|undefined)$/, function (m) { return 'Cannot set properties of ' + m[2] + " (setting '" + m[1] + "')"; }],
		[/^cannot write property (-?[0-9.e+]+) of (null|undefined)$/, function (m) { return 'Cannot set properties of ' + m[2] + " (setting '" + m[1] + "')"; }],
		/* for-of, spread and destructuring of null/undefined read its iterator */
		[/^cannot read property \[Symbol wellknown '.Symbol\.iterator.'\] of (null|undefined)$/, function (m) { return m[1] + ' is not iterable'; }],
		[/^object required, found .* \(stack index \d+\)$/, byNative],
		[/^identifier '(.*)' undefined$/, function (m) { return m[1] + ' is not defined'; }],
		[/^callstack limit$|^C stack depth limit$/, function () { return 'Maximum call stack size exceeded'; }],
		[/^invalid array length$/, function () { return 'Invalid array length'; }],
		[/^invalid length$/, function (m, e) { return e instanceof RangeError ? 'Invalid array length' : m[0]; }],
		[/^cannot string coerce Symbol$/, function () { return 'Cannot convert a Symbol value to a string'; }],
		[/^cannot number coerce Symbol$/, function () { return 'Cannot convert a Symbol value to a number'; }],
		[/^invalid input$/, function (m, e) { return e instanceof URIError ? 'URI malformed' : m[0]; }],
		[/^(?:invalid args|number outside range)$/, byNative],
		[/^(.+) not (callable|constructable)(?: \(property (?:'(.*)'|(-?\d+)) of .*\))?$/, byCallee]
	];
	var NATIVE_MSG = {
		reduce: 'Reduce of empty array with no initial value',
		reduceRight: 'Reduce of empty array with no initial value',
		toFixed: 'toFixed() digits argument must be between 0 and 100',
		toPrecision: 'toPrecision() argument must be between 1 and 100',
		toExponential: 'toExponential() argument must be between 0 and 100',
		toString: 'toString() radix argument must be between 2 and 36',
		defineProperty: 'Object.defineProperty called on non-object',
		defineProperties: 'Object.defineProperties called on non-object'
	};
	function byNative(m, e) {
		var f = /\n\s+at ([\w$]+) \(\) native/.exec(String(e.stack));
		return f && Object.prototype.hasOwnProperty.call(NATIVE_MSG, f[1]) ? NATIVE_MSG[f[1]] : m[0];
	}

	var KEYWORDS = /^(?:if|for|while|switch|catch|function|return|typeof|void|delete|await|yield|super|import|in|of|instanceof|do|else|case|throw|new|class|extends)$/;
	var CALL = /(new\s+)?([A-Za-z_$][\w$]*(?:\s*(?:\??\.\s*[A-Za-z_$][\w$]*|\[[^\[\]]*\]))*)\s*(?:\?\.\s*)?\(/g;
	/* The calls on a line of the program: {text, isNew, last}, where last
	 * is the callee's last part ("match", or "[...]"); strings and a line
	 * comment blanked first, so text inside them is no call. */
	function callsOn(line) {
		var src = String(line).replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`/g, '""').replace(/\/\/.*$/, '');
		var out = [], m;
		CALL.lastIndex = 0;
		while ((m = CALL.exec(src))) {
			var text = m[2].replace(/\s+/g, ''), before = src.charAt(m.index - 1);
			if (KEYWORDS.test(text) || before === '.' || /function\s*$/.test(src.slice(0, m.index))) continue;
			var dot = /(?:\??\.([A-Za-z_$][\w$]*)|(\[[^\[\]]*\]))$/.exec(text);
			out.push({ text: text, isNew: !!m[1], last: dot ? dot[1] || dot[2] : null });
		}
		return out;
	}
	/* m: [all, value, 'callable'|'constructable', property name, index]. */
	function byCallee(m, e) {
		var line = typeof e.lineNumber === 'number' ? N.lineText(e.lineNumber) : undefined;
		if (typeof line !== 'string') return m[0];
		var prop = m[3] !== undefined ? m[3] : m[4], calls = callsOn(line), hits = [], i;
		for (i = 0; i < calls.length; i++) {
			var c = calls[i];
			var fits = prop === undefined ? c.last === null || c.isNew
				: m[3] !== undefined ? c.last === prop : c.last !== null && c.last.charAt(0) === '[';
			if (fits && hits.indexOf(c.text + (c.isNew ? ' new' : '')) < 0) hits.push(c.text + (c.isNew ? ' new' : ''));
		}
		if (hits.length !== 1) return m[0];
		var isNew = / new$/.test(hits[0]) || m[2] === 'constructable';
		return hits[0].replace(/ new$/, '') + (isNew ? ' is not a constructor' : ' is not a function');
	}

	if (G.Duktape) {
		G.Duktape.errCreate = function (e) {
			if (e === null || typeof e !== 'object' || typeof e.message !== 'string') return e;
			for (var i = 0; i < NODE_MSG.length; i++) {
				var m = NODE_MSG[i][0].exec(e.message);
				if (m) {
					try { e.message = NODE_MSG[i][1](m, e); } catch (x) { /* frozen: keep it */ }
					break;
				}
			}
			return e;
		};
	}
