/* sbx runtime prelude for the Duktape child (ES5: Duktape has no let/arrows).
 *
 * Compiled once per run as a function expression and called with the native
 * bindings from engine_duktape.c:
 *   N.write(fd, string)   write(2) to fd 1 or 2, unbuffered
 *   N.now()               monotonic milliseconds
 *   N.sleepUntil(ms)      sleep until monotonic ms (ends the run at the deadline)
 *   N.file                the user's source name, to pick frames from stacks
 * It installs console, print and the timer functions as globals and returns
 * the hooks the engine keeps in the heap stash, out of the code's reach:
 *   runLoop(), settle(value), describeError(err).
 * Formatting follows node's util.inspect (depth 2, breakLength 80, compact 3).
 */
(function (N) {
	'use strict';
	var G = new Function('return this')();
	var write = N.write, now = N.now, sleepUntil = N.sleepUntil, FILE = N.file, HID = N.hidden;
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

	/* A user frame of a Duktape stack: "    at f (FILE:3) strict" → "    at f (FILE:3)". */
	function userFrames(stack) {
		var lines = String(stack).split('\n'), out = [], head = [], i;
		for (i = 0; i < lines.length && !/^\s+at /.test(lines[i]); i++) head.push(lines[i]);
		for (; i < lines.length; i++) {
			var m = /^\s+at (.*) \((.*):(\d+)\)/.exec(lines[i]);
			if (m && m[2] === FILE) out.push({ text: '    at ' + m[1] + ' (' + m[2] + ':' + m[3] + ')', line: +m[3] });
		}
		return { head: head.join('\n'), frames: out };
	}

	/* node's improveStack: an error whose class is not its name says
	 * both ("DeepError [ValidationError]: ...", "HttpError: ..."). */
	function improveHead(head, name, ctor) {
		if (ctor === null || ctor === name || !/Error$/.test(name) || head.indexOf(name) !== 0) return head;
		return ctor.indexOf(name) >= 0 ? ctor + head.slice(name.length) : ctor + ' [' + name + ']' + head.slice(name.length);
	}

	function errorText(e) {
		var head;
		try {
			head = String(e.name) + (e.message !== undefined && e.message !== '' ? ': ' + e.message : '');
			/* node's own errors name their code: "AssertionError [ERR_ASSERTION]: ..." */
			var s0 = typeof e.stack === 'string' ? e.stack : '', c = s0.indexOf(']: ');
			if (s0.indexOf(String(e.name) + ' [') === 0 && c > 0) head = s0.slice(0, c + 3) + e.message;
			else head = improveHead(head, String(e.name), ctorName(e));
		} catch (x) { head = 'Error'; }
		var st = userFrames(e.stack || '');
		var t = head;
		for (var i = 0; i < st.frames.length; i++) {
			/* the lowering's helpers (super calls) are not the program's */
			if (st.frames[i].text.indexOf(' __sbx_') < 0) t += '\n' + st.frames[i].text;
		}
		return t;
	}

	/* node's formatError shows an error's cause and an AggregateError's
	 * errors, which are not enumerable, after its own keys. */
	function errorKeys(e, keys) {
		if ('cause' in e && keys.indexOf('cause') < 0) keys.push('cause');
		if (Array.isArray(e.errors) && keys.indexOf('errors') < 0) keys.push('errors');
		return keys;
	}

	function isError(v) { return v instanceof Error || toStr.call(v) === '[object Error]'; }

	function ctorName(v) {
		var p = Object.getPrototypeOf(v);
		if (p === null) return null;
		var c = hasOwn.call(p, 'constructor') ? p.constructor : (p.constructor || null);
		return (c && typeof c.name === 'string' && c.name) ? c.name : 'Object';
	}

	function fmtNumber(n) { return (n === 0 && 1 / n < 0) ? '-0' : String(n); }

	function fmtPrimitive(ctx, v) {
		switch (typeof v) {
		case 'string':
			if (ctx.compact !== true && v.length > 16 && v.length > ctx.brk - ctx.indent - 4 && v.indexOf('\n') >= 0 &&
			    v.indexOf('\n') < v.length - 1) {
				var parts = [], start = 0, k;
				while ((k = v.indexOf('\n', start)) >= 0 && k < v.length - 1) {
					parts.push(quote(v.slice(start, k + 1)));
					start = k + 1;
				}
				parts.push(quote(v.slice(start)));
				return parts.join(' +\n' + repeat(' ', ctx.indent + 2));
			}
			return quote(v);
		case 'number': return fmtNumber(v);
		case 'boolean': return String(v);
		case 'undefined': return 'undefined';
		case 'symbol': return String(v);
		}
		return String(v);
	}

	function fmtKey(k) {
		if (typeof k === 'symbol') return '[' + String(k) + ']';
		return IDENT.test(k) ? k : quote(k);
	}

	function fmtValue(ctx, v, depth) {
		if (v === null) return 'null';
		if (typeof v !== 'object' && typeof v !== 'function') return fmtPrimitive(ctx, v);
		var custom = CUSTOM && v[CUSTOM];
		if (typeof custom === 'function' && custom !== inspect) {
			var r = custom.call(v, ctx.depth - depth, { depth: ctx.depth - depth, showHidden: ctx.hidden }, inspect);
			if (r !== v) return typeof r === 'string' ? r : fmtValue(ctx, r, depth);
		}
		var seen = ctx.seen.indexOf(v);
		if (seen >= 0) {
			var ref = ctx.refs.indexOf(v);
			if (ref < 0) { ctx.refs.push(v); ref = ctx.refs.length - 1; }
			return '[Circular *' + (ref + 1) + ']';
		}
		return fmtRaw(ctx, v, depth);
	}

	function fmtProp(ctx, v, depth, key, arrayItem) {
		var d = Object.getOwnPropertyDescriptor(v, key), s;
		if (d && !('value' in d)) {
			s = d.get ? (d.set ? '[Getter/Setter]' : '[Getter]') : (d.set ? '[Setter]' : 'undefined');
		} else {
			ctx.indent += 2;
			s = fmtValue(ctx, d ? d.value : v[key], depth + 1);
			ctx.indent -= 2;
		}
		/* a key node shows although it is not enumerable (an error's cause) */
		return arrayItem ? s : (d && !d.enumerable ? '[' + fmtKey(key) + ']' : fmtKey(key)) + ': ' + s;
	}

	/* Entries of a Map, Set or one of their iterators, read from the
	 * runtime's state under the hidden key H (runtime.js, group 1). */
	function collEntries(v, iter) {
		var st = HID && hasOwn.call(v, HID) ? v[HID] : null, out = [], e;
		if (!st) return out;
		if (iter) {
			var it = st;
			if (!it.st) return out;
			e = it.e;
			while (e && e.removed) e = e.prev;
			e = e ? e.next : it.st.first;
			for (; e; e = e.next) if (!e.removed) out.push(it.k === 0 ? [e.k] : it.k === 1 ? [e.v] : [e.k, e.v]);
			return out;
		}
		for (e = st.first; e; e = e.next) if (!e.removed) out.push([e.k, e.v]);
		return out;
	}

	function fmtRaw(ctx, v, depth) {
		var keys = Object.keys(v), base = '', braces = ['{', '}'], output = [], isArr = false, i;
		var name = ctorName(v), tag = toStr.call(v).slice(8, -1), special = null, size, len, max;
		if (typeof Object.getOwnPropertySymbols === 'function') {
			var syms = Object.getOwnPropertySymbols(v);
			for (i = 0; i < syms.length; i++) {
				if (Object.getOwnPropertyDescriptor(v, syms[i]).enumerable) keys.push(syms[i]);
			}
		}
		var prefix = name === null ? '[' + tag + ': null prototype] ' : (name !== 'Object' ? name + ' ' : '');
		if (name !== null && name !== 'Object' && tag !== 'Object' && tag !== name && tag !== 'Error' &&
		    tag !== 'Function' && tag !== 'Array' && !/Iterator$/.test(tag)) prefix = name + ' [' + tag + '] ';
		/* a Symbol.toStringTag of its own kind: Object [Generator] {} */
		if (name === 'Object' && tag !== 'Object' && TAG && v[TAG] === tag) prefix = 'Object [' + tag + '] ';
		if (Array.isArray(v) || /^(Ui|I)nt(8|16|32)(Clamped)?Array$|^Float(32|64)Array$/.test(tag)) {
			isArr = true;
			braces = ['[', ']'];
			if (!Array.isArray(v)) prefix = tag + '(' + v.length + ') ';
			else if (name === 'Array') prefix = '';
			else prefix = (name === null ? '[Array(' + v.length + '): null prototype] ' : name + '(' + v.length + ') ');
			keys = keys.filter(function (k) { return typeof k === 'symbol' || !/^(0|[1-9]\d*)$/.test(k); });
			if (v.length === 0 && keys.length === 0 && !ctx.hidden) return prefix + '[]';
		} else if (tag === 'Map' || tag === 'Set') {
			special = collEntries(v, false);
			size = special.length;
			prefix = (name === null ? '[' + tag + '(' + size + '): null prototype] ' :
				name === tag ? tag + '(' + size + ') ' : name + '(' + size + ') [' + tag + '] ');
			if (size === 0 && keys.length === 0) return prefix + '{}';
			braces[0] = prefix + '{';
		} else if (tag === 'Map Iterator' || tag === 'Set Iterator') {
			special = collEntries(v, true);
			var k = HID && hasOwn.call(v, HID) ? v[HID].k : 1;
			braces[0] = '[' + (k === 2 && tag === 'Map Iterator' ? 'Map Entries' : tag) + '] {';
		} else if (tag === 'WeakMap' || tag === 'WeakSet') {
			return (name === tag ? tag : name + ' [' + tag + ']') + ' { <items unknown> }';
		} else if (tag === 'Promise') {
			var pst = HID && hasOwn.call(v, HID) ? v[HID] : null;
			braces[0] = (name === 'Promise' ? 'Promise' : name + ' [Promise]') + ' {';
			if (!pst || pst.state === 0) output.push('<pending>');
			else {
				ctx.indent += 2;
				var pv = fmtValue(ctx, pst.value, depth + 1);
				ctx.indent -= 2;
				output.push(pst.state === 2 ? '<rejected> ' + pv : pv);
			}
		} else if (typeof v === 'function') {
			var fname = typeof v.name === 'string' ? v.name : '';
			base = isClass(v) ? '[class ' + (fname || '(anonymous)') + classExtends(v) + ']' :
				'[' + fnKind(v) + (fname ? ': ' + fname : ' (anonymous)') + ']';
			if (name === null) base = '[' + fnKind(v) + ' (null prototype)' + (fname ? ': ' + fname : '') + ']';
			if (keys.length === 0) return base;
		} else if (tag === 'RegExp') {
			base = String(v);
			if (keys.length === 0) return base;
		} else if (tag === 'Date') {
			base = isNaN(v.getTime()) ? 'Invalid Date' : v.toISOString();
			if (keys.length === 0) return base;
		} else if (isError(v)) {
			base = errorText(v);
			/* node drops name, message and stack when the text shows them */
			keys = errorKeys(v, keys.filter(function (k) {
				return k !== 'stack' && k !== 'message' && !(k === 'name' && typeof v.name === 'string' && base.indexOf(v.name) >= 0);
			}));
			if (keys.length === 0) return base;
		} else if (tag === 'Number' || tag === 'String' || tag === 'Boolean' || tag === 'Symbol') {
			base = '[' + tag + ': ' + fmtPrimitive(ctx, v.valueOf()) + ']';
			if (tag === 'String') keys = keys.filter(function (k) { return !/^(0|[1-9]\d*)$/.test(k); });
			if (keys.length === 0) return base;
		} else {
			if (keys.length === 0) return prefix + '{}';
			if (prefix) braces[0] = prefix + '{';
		}
		if (depth > ctx.depth) {
			return '[' + (isArr ? (name === null ? 'Array' : (Array.isArray(v) ? 'Array' : tag)) :
				special ? (name || tag) : (name || 'Object')) + ']';
		}
		ctx.seen.push(v);
		ctx.current = depth;
		if (isArr) {
			var holes = 0;
			len = v.length;
			max = Math.min(len, ctx.maxArr);
			for (i = 0; i < max; i++) {
				if (!hasOwn.call(v, i)) { holes++; continue; }
				if (holes) { output.push('<' + holes + ' empty item' + (holes > 1 ? 's' : '') + '>'); holes = 0; }
				output.push(fmtProp(ctx, v, depth, i, true));
			}
			if (holes) output.push('<' + holes + ' empty item' + (holes > 1 ? 's' : '') + '>');
			if (len > max) output.push('... ' + (len - max) + ' more item' + (len - max > 1 ? 's' : ''));
			if (prefix) braces[0] = prefix + '[';
		} else if (special) {
			ctx.indent += 2;
			max = Math.min(special.length, ctx.maxArr);
			for (i = 0; i < max; i++) {
				var en = special[i];
				if (tag === 'Map') output.push(fmtValue(ctx, en[0], depth + 1) + ' => ' + fmtValue(ctx, en[1], depth + 1));
				else if (tag === 'Set' || en.length === 1) output.push(fmtValue(ctx, en[0], depth + 1));
				else output.push(fmtValue(ctx, en, depth + 1));
			}
			if (special.length > max) output.push('... ' + (special.length - max) + ' more item' + (special.length - max > 1 ? 's' : ''));
			ctx.indent -= 2;
		}
		var entries = output.length;
		for (i = 0; i < keys.length; i++) output.push(fmtProp(ctx, v, depth, keys[i], false));
		if (ctx.sorted) {
			if (!isArr && !special) output.sort();
			else if (keys.length > 1) output = output.slice(0, entries).concat(output.slice(entries).sort());
		}
		if (ctx.hidden && isArr && Array.isArray(v)) output.push('[length]: ' + fmtNumber(v.length));
		ctx.seen.pop();
		var ref = ctx.refs.indexOf(v);
		if (ref >= 0) {
			var r = '<ref *' + (ref + 1) + '> ';
			if (base) base = r + base; else braces[0] = r + braces[0];
		}
		return reduce(ctx, output, base, braces, isArr && entries === output.length, depth, v, len > max);
	}

	/* Lowered classes are functions: the lowering marks them (lower/names.js)
	 * under a hidden key; ES5 code has no classes. */
	function isClass(f) {
		if (HID && hasOwn.call(f, HID) && f[HID] && f[HID].cls) return true;
		try { return /^class\b/.test(fnToString.call(f)); } catch (e) { return false; }
	}
	/* node's getClassBase: the name of what the class extends */
	function classExtends(f) {
		var sup = Object.getPrototypeOf(f), n = sup && sup.name;
		return sup === null ? ' extends [null prototype]' : typeof n === 'string' && n ? ' extends ' + n : '';
	}
	function fnKind(f) {
		/* function* and async functions, lowered: marked (builtins/functions.js) */
		if (HID && hasOwn.call(f, HID) && f[HID] && f[HID].kind) return f[HID].kind;
		var c = Object.getPrototypeOf(f), n = c && c.constructor && c.constructor.name;
		return n === 'GeneratorFunction' || n === 'AsyncFunction' || n === 'AsyncGeneratorFunction' ? n : 'Function';
	}

	/* node's groupArrayElements: many short items in aligned columns. */
	function group(ctx, output, v, hasMore) {
		var total = 0, maxLen = 0, i, n = output.length - (hasMore ? 1 : 0), lens = [];
		for (i = 0; i < n; i++) {
			lens[i] = output[i].length;
			total += lens[i] + 2;
			if (lens[i] > maxLen) maxLen = lens[i];
		}
		var actualMax = maxLen + 2;
		if (actualMax * 3 + ctx.indent < ctx.brk && (total / actualMax > 5 || maxLen <= 6)) {
			var bias = Math.sqrt(actualMax - total / output.length);
			var biasedMax = Math.max(actualMax - 3 - bias, 1);
			var cols = Math.min(Math.round(Math.sqrt(2.5 * biasedMax * n) / biasedMax),
				Math.floor((ctx.brk - ctx.indent) / actualMax), ctx.compact * 4, 15);
			if (cols <= 1) return output;
			var tmp = [], lineMax = [], j;
			for (i = 0; i < cols; i++) {
				var l = 0;
				for (j = i; j < output.length; j += cols) if (lens[j] > l) l = lens[j];
				lineMax.push(l + 2);
			}
			var padStart = true;
			for (i = 0; i < n; i++) if (typeof v[i] !== 'number') { padStart = false; break; }
			for (i = 0; i < n; i += cols) {
				var last = Math.min(i + cols, n), s = '';
				for (j = i; j < last - 1; j++) {
					var cell = output[j] + ', ';
					var pad = repeat(' ', lineMax[j - i] - cell.length);
					s += padStart ? pad + cell : cell + pad;
				}
				s += padStart ? repeat(' ', lineMax[j - i] - 2 - output[j].length) + output[j] : output[j];
				tmp.push(s);
			}
			if (hasMore) tmp.push(output[n]);
			return tmp;
		}
		return output;
	}

	function reduce(ctx, output, base, braces, isArr, depth, v, hasMore) {
		var entries = output.length;
		if (isArr && entries > 6 && ctx.compact) output = group(ctx, output, v, hasMore);
		if (ctx.compact && ctx.compact !== true && ctx.current - depth < ctx.compact && entries === output.length) {
			var start = output.length + ctx.indent + braces[0].length + base.length + 10;
			var total = output.length + start, fits = total + output.length <= ctx.brk;
			for (var i = 0; fits && i < output.length; i++) {
				total += output[i].length;
				if (total > ctx.brk) fits = false;
			}
			if (fits && base.indexOf('\n') < 0) {
				var joined = output.join(', ');
				if (joined.indexOf('\n') < 0) return (base ? base + ' ' : '') + braces[0] + ' ' + joined + ' ' + braces[1];
			}
		}
		var ind = '\n' + repeat(' ', ctx.indent);
		return (base ? base + ' ' : '') + braces[0] + ind + '  ' + output.join(',' + ind + '  ') + ind + braces[1];
	}

	/* opts (util.inspect, console.table): brk (breakLength), maxArr */
	function inspect(v, depth, hidden, opts) {
		var o = opts || {};
		return fmtValue({ seen: [], refs: [], indent: 0, current: 0, depth: depth === undefined ? 2 : depth, hidden: !!hidden,
			brk: typeof o.brk === 'number' ? o.brk : 80, maxArr: typeof o.maxArr === 'number' ? o.maxArr : 100,
			compact: o.compact === undefined ? COMPACT : o.compact, sorted: !!o.sorted }, v, 0);
	}

	/* node's util.format: %s %d %i %f %j %o %O %c %% in a leading string. */
	function format(args) {
		var first = args[0], out = '', a = 1, i;
		if (typeof first === 'string' && args.length > 1 && first.indexOf('%') >= 0) {
			var last = 0;
			for (i = 0; i < first.length - 1; i++) {
				if (first.charAt(i) !== '%') continue;
				var c = first.charAt(i + 1), s;
				if (c === '%') { out += first.slice(last, i) + '%'; last = i + 2; i++; continue; }
				if (a >= args.length || 'sdifjoOc'.indexOf(c) < 0) continue;
				var x = args[a];
				if (c === 's') {
					s = typeof x === 'string' ? x : (typeof x === 'number' ? fmtNumber(x) :
						((typeof x === 'object' && x !== null) ? inspect(x, 0) : String(x)));
				} else if (c === 'd') {
					s = typeof x === 'symbol' ? 'NaN' : fmtNumber(Number(x));
				} else if (c === 'i') {
					s = typeof x === 'symbol' ? 'NaN' : fmtNumber(parseInt(x, 10));
				} else if (c === 'f') {
					s = typeof x === 'symbol' ? 'NaN' : fmtNumber(parseFloat(x));
				} else if (c === 'j') {
					try { s = stringify(x); } catch (e) { s = '[Circular]'; }
					if (s === undefined) s = 'undefined';
				} else if (c === 'o') {
					s = inspect(x, 4, true);
				} else if (c === 'O') {
					s = inspect(x);
				} else {
					s = '';
				}
				out += first.slice(last, i) + s;
				last = i + 2;
				i++;
				a++;
			}
			out += first.slice(last);
		} else {
			out = typeof first === 'string' ? first : inspect(first);
		}
		for (i = a; i < args.length; i++) out += ' ' + (typeof args[i] === 'string' ? args[i] : inspect(args[i]));
		return out;
	}

	/* console.group indentation, applied to every line as node does. */
	var groupIndent = '';
	function emit(fd, text) {
		if (groupIndent) text = groupIndent + text.split('\n').join('\n' + groupIndent);
		write(fd, text + '\n');
	}
	function logger(fd) {
		return function () {
			var n = arguments.length;
			/* Fast path: one string, the common case, no formatting at all. */
			if (n === 1 && typeof arguments[0] === 'string' && !groupIndent) write(fd, arguments[0] + '\n');
			else emit(fd, n ? format(Array.prototype.slice.call(arguments)) : '');
		};
	}

	var out = logger(1), err = logger(2);
	var console = { log: out, info: out, debug: out, warn: err, error: err };
	var counts = {}, timersByLabel = {}, warned = false;
	/* process warnings, as node prints them (its pid is not the point) */
	function warning(msg, type) {
		var first = !warned;
		warned = true;
		/* node emits them on the next tick, after the code running now */
		addTimer(function () {
			write(2, '(node:1) ' + (type || 'Warning') + ': ' + msg + '\n');
			if (first) write(2, '(Use `node --trace-warnings ...` to show where the warning was created)\n');
		}, 0, []);
	}
	function label(l) { return l === undefined ? 'default' : String(l); }
	console.dir = function (v, opts) {
		var d = opts && typeof opts === 'object' && 'depth' in opts ? (opts.depth === null ? Infinity : opts.depth) : 2;
		emit(1, inspect(v, d));
	};
	console.dirxml = out;
	console.assert = function (ok) {
		if (ok) return;
		var args = Array.prototype.slice.call(arguments, 1);
		args[0] = 'Assertion failed' + (args.length === 0 ? '' : ': ' + args[0]);
		err.apply(null, args);
	};
	console.count = function (l) {
		l = label(l);
		counts[l] = hasOwn.call(counts, l) ? counts[l] + 1 : 1;
		emit(1, l + ': ' + counts[l]);
	};
	console.countReset = function (l) {
		l = label(l);
		if (hasOwn.call(counts, l)) counts[l] = 0;
		else warning("Count for '" + l + "' does not exist");
	};
	console.group = console.groupCollapsed = function () {
		if (arguments.length) out.apply(null, arguments);
		groupIndent += '  ';
	};
	console.groupEnd = function () { groupIndent = groupIndent.slice(0, -2); };
	/* node prints elapsed times ("label: 1.234ms"): real time, as node */
	function elapsed(l) {
		var ms = now() - timersByLabel[l];
		return ms >= 1000 ? (ms / 1000).toFixed(3) + 's' : ms.toFixed(3) + 'ms';
	}
	console.time = function (l) {
		l = label(l);
		if (hasOwn.call(timersByLabel, l)) warning("Label '" + l + "' already exists for console.time()");
		else timersByLabel[l] = now();
	};
	function timeLog(l, what, extra) {
		l = label(l);
		if (!hasOwn.call(timersByLabel, l)) {
			warning("No such label '" + l + "' for console." + what + '()');
			return false;
		}
		emit(1, l + ': ' + elapsed(l) + (extra.length ? ' ' + format(extra) : ''));
		return true;
	}
	console.timeLog = function (l) { timeLog(l, 'timeLog', Array.prototype.slice.call(arguments, 1)); };
	console.timeEnd = function (l) { if (timeLog(l, 'timeEnd', [])) delete timersByLabel[label(l)]; };
	console.trace = function () {
		var st = userFrames(new Error().stack || ''), t = 'Trace' + (arguments.length ? ': ' + format(Array.prototype.slice.call(arguments)) : '');
		for (var i = 1; i < st.frames.length; i++) t += '\n' + st.frames[i].text;
		emit(2, t);
	};
	console.table = function (data, columns) {
		if (data === null || typeof data !== 'object') return out(data);
		emit(1, lib().table(data, columns));
	};

	/* The larger pieces of node's library (require()'d core modules,
	 * console.table, toLocaleString, Intl, structuredClone) are a second
	 * bytecode (src/engine/js/nodelib/), loaded on first use: most runs never
	 * pay for it. */
	var libCache = null;
	function lib() {
		if (!libCache) libCache = N.loadLib()({ inspect: inspect, format: format, write: write, emit: emit,
			isError: isError, errorText: errorText, warning: warning, G: G, hidden: HID, now: now,
			runtime: N.runtime,
			callerSource: function () {
				/* the user's lines on the stack, innermost first (a tail
				 * call leaves out the caller's frame: try the next) */
				var st = userFrames(new Error().stack || ''), out = [];
				for (var i = 0; i < st.frames.length; i++) out.push(N.lineText(st.frames[i].line));
				return out;
			} });
		return libCache;
	}

	/* require() of node's pure core modules; anything else is a clear
	 * error (sbx gives the code no host access). One file's CommonJS
	 * shape: module, module.exports, exports, require.main === module. */
	var moduleObj = { id: '.', filename: '/' + FILE, loaded: false, children: [], paths: [], exports: {} };
	function require(name) {
		if (typeof name !== 'string') throw new TypeError('The "id" argument must be of type string. Received ' + inspect(name));
		return lib().require(name);
	}
	require.main = moduleObj;
	require.cache = {};
	require.resolve = function (name) { lib().require(name); return String(name); };

	/* Timers: a list scanned for the earliest (due, seq); run after the main
	 * program by runLoop(), which really waits for each due time. */
	var timers = [], nextId = 1, seq = 0;
	function addTimer(fn, ms, args, repeatMs) {
		if (typeof fn !== 'function') throw new TypeError('The "callback" argument must be of type function');
		var t = { id: nextId++, due: now() + ms, seq: seq++, fn: fn, args: args, repeat: repeatMs };
		timers.push(t);
		return t.id;
	}
	function delay(ms) {
		ms = Number(ms);
		return (ms >= 1 && ms <= 2147483647) ? ms : 1;
	}
	function clearTimer(id) {
		for (var i = 0; i < timers.length; i++) {
			if (timers[i].id === id) { timers.splice(i, 1); return; }
		}
	}
	function rest(a, from) { return Array.prototype.slice.call(a, from); }

	function runLoop() {
		while (timers.length) {
			var best = 0;
			for (var i = 1; i < timers.length; i++) {
				var t = timers[i], b = timers[best];
				if (t.due < b.due || (t.due === b.due && t.seq < b.seq)) best = i;
			}
			var cur = timers[best];
			if (cur.due > now()) sleepUntil(cur.due);
			if (cur.repeat !== undefined) {
				cur.due = now() + cur.repeat;
				cur.seq = seq++;
			} else {
				timers.splice(best, 1);
			}
			cur.fn.apply(undefined, cur.args);
		}
	}

	/* A thenable result is awaited: then() is called and the loop drained. */
	function settle(v) {
		for (var n = 0; n < 100 && v !== null && (typeof v === 'object' || typeof v === 'function'); n++) {
			var then = v.then;
			if (typeof then !== 'function') break;
			var st = null;
			then.call(v, function (x) { if (!st) st = { ok: true, v: x }; },
				function (e) { if (!st) st = { ok: false, v: e }; });
			runLoop();
			if (!st) return undefined;
			if (!st.ok) throw st.v;
			v = st.v;
		}
		return v;
	}

	/* The error record: name, message, line (of the user's code), traceback. */
	/* An uncaught error's own properties, after its frames as node prints
	 * them: " {\n  status: 404\n}". */
	function ownProps(e) {
		var keys;
		try { keys = errorKeys(e, Object.keys(e)); } catch (x) { return ''; }
		var parts = [];
		for (var i = 0; i < keys.length; i++) {
			var k = keys[i];
			if (k === 'stack' || k === 'message' || k === 'name') continue;
			var v, d = Object.getOwnPropertyDescriptor(e, k);
			try { v = inspect(e[k]); } catch (x) { v = '[Getter]'; }
			k = /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(k) ? k : "'" + k + "'";
			parts.push('  ' + (d && !d.enumerable ? '[' + k + ']' : k) + ': ' + v.replace(/\n/g, '\n  '));
		}
		return parts.length ? ' {\n' + parts.join(',\n') + '\n}' : '';
	}

	function describeError(e) {
		var name = 'Error', message, line = null, tb;
		if (e !== null && typeof e === 'object' && isError(e)) {
			name = String(e.name);
			message = String(e.message);
			var m = /^(.*) \(line (\d+)\)$/.exec(message);
			var st = userFrames(e.stack || '');
			if (st.frames.length) line = st.frames[0].line;
			if (name === 'SyntaxError' && m) { message = m[1]; line = +m[2]; }
			tb = errorText(e);
			if (name === 'SyntaxError' && m) tb = name + ': ' + message + '\n    at ' + FILE + ':' + line;
			tb += ownProps(e);
		} else {
			/* node prints a thrown string as it is, anything else inspected */
			message = 'Uncaught ' + inspect(e);
			tb = typeof e === 'string' ? e : inspect(e);
		}
		return stringify({ name: name, message: message, line: line, column: null, traceback: tb });
	}

	/* Array.prototype.sort, stable as ES2019 requires (Duktape's is an
	 * unstable quicksort: records sorted by one key came out in a different
	 * order on every run). The spec's SortIndexedProperties: present
	 * values are sorted by a merge sort, undefineds go after them and holes
	 * at the end. */
	function mergeSort(a, cmp) {
		var n = a.length, tmp = new Array(n), i, j, w, lo, mid, hi, k;
		/* insertion sort of runs of 8, then merges of doubling width */
		for (lo = 0; lo < n; lo += 8) {
			hi = Math.min(lo + 8, n);
			for (i = lo + 1; i < hi; i++) {
				var x = a[i];
				for (j = i - 1; j >= lo && cmp(a[j], x) > 0; j--) a[j + 1] = a[j];
				a[j + 1] = x;
			}
		}
		for (w = 8; w < n; w *= 2) {
			for (lo = 0; lo < n - w; lo += 2 * w) {
				mid = lo + w;
				hi = Math.min(lo + 2 * w, n);
				if (cmp(a[mid - 1], a[mid]) <= 0) continue; /* already in order */
				for (k = lo; k < hi; k++) tmp[k] = a[k];
				i = lo; j = mid; k = lo;
				while (i < mid && j < hi) a[k++] = cmp(tmp[j], tmp[i]) < 0 ? tmp[j++] : tmp[i++];
				while (i < mid) a[k++] = tmp[i++];
				while (j < hi) a[k++] = tmp[j++];
			}
		}
		return a;
	}
	/* Arrays shorter than 64: V8's TimSort makes them one run (its
	 * CountAndMakeRun, then BinaryInsertionSort), calling the comparator
	 * with the same arguments in the same order, so an inconsistent
	 * comparator (`a < b ? -1 : 1`) orders ties as node does. */
	function shortSort(a, cmp) {
		var n = a.length, run = 2, i, lo, hi, mid, x;
		if (n < 2) return a;
		var desc = cmp(a[1], a[0]) < 0;
		for (i = 2; i < n; i++) {
			var o = cmp(a[i], a[i - 1]);
			if (desc ? o >= 0 : o < 0) break;
			run++;
		}
		if (desc) for (lo = 0, hi = run - 1; lo < hi; lo++, hi--) { x = a[lo]; a[lo] = a[hi]; a[hi] = x; }
		for (i = run; i < n; i++) {
			x = a[i]; lo = 0; hi = i;
			while (lo < hi) {
				mid = lo + ((hi - lo) >> 1);
				if (cmp(x, a[mid]) < 0) hi = mid; else lo = mid + 1;
			}
			for (var p = i; p > lo; p--) a[p] = a[p - 1];
			a[lo] = x;
		}
		return a;
	}
	function defaultCompare(x, y) { return x.s < y.s ? -1 : x.s > y.s ? 1 : 0; }
	function sort(comparefn) {
		if (comparefn !== undefined && typeof comparefn !== 'function')
			throw new TypeError('The comparison function must be either a function or undefined');
		var o = Object(this), len = o.length >>> 0, vals = [], undef = 0, i, cmp;
		for (i = 0; i < len; i++) {
			if (!(i in o)) continue;
			var v = o[i];
			if (v === undefined) undef++;
			else vals.push(v);
		}
		if (comparefn === undefined) {
			for (i = 0; i < vals.length; i++) vals[i] = { v: vals[i], s: String(vals[i]) };
			mergeSort(vals, defaultCompare);
			for (i = 0; i < vals.length; i++) vals[i] = vals[i].v;
		} else {
			cmp = function (x, y) { var r = +comparefn(x, y); return r !== r ? 0 : r; };
			if (vals.length < 64) shortSort(vals, cmp);
			else mergeSort(vals, cmp);
		}
		var n = vals.length;
		for (i = 0; i < n; i++) o[i] = vals[i];
		for (; i < n + undef; i++) o[i] = undefined;
		for (; i < len; i++) delete o[i];
		return o;
	}
	Object.defineProperty(Array.prototype, 'sort', { value: sort, writable: true, enumerable: false, configurable: true });

	/* Duktape's wording of its own errors → node's, where node's does not
	 * depend on the source text (`o.f is not a function` does): programs
	 * print e.message. Duktape calls errCreate for every error it makes;
	 * harden_globals() removes the Duktape object right after. */
	var NODE_MSG = [
		[/^cannot read property '(.*)' of (null|undefined)$/, function (m) { return 'Cannot read properties of ' + m[2] + " (reading '" + m[1] + "')"; }],
		[/^cannot read property (-?[0-9.e+]+|Symbol\(.*\)) of (null|undefined)$/, function (m) { return 'Cannot read properties of ' + m[2] + " (reading '" + m[1] + "')"; }],
		[/^identifier '(.*)' undefined$/, function (m) { return m[1] + ' is not defined'; }],
		[/^callstack limit$|^C stack depth limit$/, function () { return 'Maximum call stack size exceeded'; }],
		[/^invalid array length$/, function () { return 'Invalid array length'; }],
		[/^invalid length$/, function (m, e) { return e instanceof RangeError ? 'Invalid array length' : m[0]; }]
	];
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

	/* node's process object, without the host: argv names the program,
	 * env is empty (sbx never passes the host environment), output goes to
	 * the code's own stdout/stderr, exit() ends the run with that status. */
	var exitHandlers = [], startMs = now();
	function stream(fd) {
		return { fd: fd, isTTY: false, writable: true,
			write: function (chunk, enc, cb) {
				write(fd, typeof chunk === 'string' ? chunk : String(chunk));
				if (typeof enc === 'function') enc(); else if (typeof cb === 'function') cb();
				return true;
			},
			on: function () { return this; }, once: function () { return this; }, end: function () {} };
	}
	function runExit(code) {
		var hs = exitHandlers;
		exitHandlers = [];
		for (var i = 0; i < hs.length; i++) hs[i].call(proc, code);
	}
	var proc = {
		title: 'node', argv: ['/usr/bin/node', '/' + FILE], execArgv: [], env: {}, platform: 'linux',
		pid: 1, ppid: 0, exitCode: undefined, stdout: stream(1), stderr: stream(2),
		stdin: { fd: 0, isTTY: false, on: function () { return this; }, setEncoding: function () {} },
		cwd: function () { return '/'; },
		exit: function (code) {
			var c = code === undefined ? proc.exitCode : code;
			c = c === undefined ? 0 : Number(c) | 0;
			runExit(c);
			N.exit(c & 255);
		},
		nextTick: function (fn) {
			var args = Array.prototype.slice.call(arguments, 1);
			if (typeof fn !== 'function') throw new TypeError('The "callback" argument must be of type function. Received ' + inspect(fn));
			var run = function () { fn.apply(undefined, args); };
			if (typeof G.queueMicrotask === 'function') G.queueMicrotask(run);
			else addTimer(run, 0, []);
		},
		hrtime: function (prev) {
			var t = now(), s = Math.floor(t / 1000), ns = Math.floor((t - s * 1000) * 1e6);
			if (prev) { s -= prev[0]; ns -= prev[1]; if (ns < 0) { s--; ns += 1e9; } }
			return [s, ns];
		},
		uptime: function () { return (now() - startMs) / 1000; },
		memoryUsage: function () { return { rss: 0, heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 }; },
		cpuUsage: function () { return { user: 0, system: 0 }; },
		emitWarning: function (w, type) { warning(String(w && w.message !== undefined ? w.message : w), typeof type === 'string' ? type : (w && w.name) || 'Warning'); },
		on: function (ev, fn) { if (ev === 'exit' && typeof fn === 'function') exitHandlers.push(fn); return proc; },
		versions: {}, release: { name: 'node' }, features: {}
	};
	proc.once = proc.addListener = proc.on;
	proc.off = proc.removeListener = function () { return proc; };
	proc.listenerCount = function () { return 0; };

	G.console = console;
	G.process = proc;
	G.require = require;
	G.module = moduleObj;
	G.exports = moduleObj.exports;
	G.structuredClone = function structuredClone(v) { return lib().structuredClone(v, arguments.length); };
	(function () {
		function stub(o, name, key) {
			var f = function () { return lib()[key].apply(this, arguments); };
			Object.defineProperty(f, 'name', { value: name, configurable: true });
			Object.defineProperty(o, name, { value: f, writable: true, enumerable: false, configurable: true });
		}
		var dp = Date.prototype;
		stub(dp, 'toString', 'dateString'); stub(dp, 'toDateString', 'dateDateString');
		stub(dp, 'toTimeString', 'dateTimeString'); stub(dp, 'toUTCString', 'dateUTCString');
		stub(dp, 'toGMTString', 'dateUTCString'); stub(dp, 'toLocaleString', 'dateLocaleString');
		stub(dp, 'toLocaleDateString', 'dateLocaleDateString');
		stub(dp, 'toLocaleTimeString', 'dateLocaleTimeString');
		stub(Number.prototype, 'toLocaleString', 'numberLocaleString');
		stub(String.prototype, 'localeCompare', 'localeCompare');
		if (!String.prototype.normalize) stub(String.prototype, 'normalize', 'normalize');
		Object.defineProperty(G, 'Intl', { get: function () { return lib().Intl; }, set: function (v) {
			Object.defineProperty(G, 'Intl', { value: v, writable: true, configurable: true });
		}, configurable: true });
	})();
	/* Reflect.get/set with a receiver that is not the target: Duktape
	 * throws "unsupported"; node's library does them (nodelib/reflect.js),
	 * seeing through a proxy receiver to the target each Proxy keeps. */
	(function () {
		var R = G.Reflect, P0 = G.Proxy;
		if (!R || typeof P0 !== 'function') return;
		var rget = R.get, rset = R.set;
		Object.defineProperty(R, 'get', { value: function get(t, k, r) {
			return arguments.length < 3 || r === t ? rget(t, k) : lib().reflectGet(t, k, r);
		}, writable: true, configurable: true });
		Object.defineProperty(R, 'set', { value: function set(t, k, v, r) {
			return arguments.length < 4 || r === t ? rset(t, k, v) : lib().reflectSet(t, k, v, r);
		}, writable: true, configurable: true });
		var Proxy = function Proxy(target, handler) {
			if (!(this instanceof Proxy)) throw new TypeError("Constructor Proxy requires 'new'");
			var p = new P0(target, handler);
			Object.defineProperty(p, HID, { value: { kind: 'Proxy', target: target } });
			return p;
		};
		Object.defineProperty(G, 'Proxy', { value: Proxy, writable: true, configurable: true });
	})();
	/* Date: new Date(date) copies the time value (ES2015; Duktape turns
	 * the date into a string first), and node's own date strings (the
	 * toString and toUTCString above) parse back, as node reads them. */
	(function () {
		var D = G.Date, MON = 'JanFebMarAprMayJunJulAugSepOctNovDec';
		var RE = /^(?:[A-Z][a-z]{2},? )?(?:([A-Z][a-z]{2}) (\d{1,2})|(\d{1,2}) ([A-Z][a-z]{2})) (-?\d{4,6}) (\d{2}):(\d{2}):(\d{2}) GMT(?:([+-])(\d{2})(\d{2}))?(?: \(.*\))?$/;
		function parse(str) {
			var t = D.parse(str), m, mon;
			if (t === t) return t;
			m = RE.exec(String(str));
			mon = m ? MON.indexOf(m[1] || m[4]) : -1;
			if (mon < 0 || mon % 3) return NaN;
			var off = m[9] ? (m[9] === '-' ? -1 : 1) * (+m[10] * 60 + +m[11]) : 0;
			return D.UTC(+m[5], mon / 3, +(m[2] || m[3]), +m[6], +m[7], +m[8]) - off * 60000;
		}
		function Date(y, mo, d, h, mi, s, ms) {
			var n = arguments.length, r;
			if (!(this instanceof D)) return new D().toString();
			if (n === 0) r = new D();
			else if (n === 1) r = new D(y instanceof D ? y.getTime() : typeof y === 'string' ? parse(y) : y);
			else if (n === 2) r = new D(y, mo);
			else if (n === 3) r = new D(y, mo, d);
			else if (n === 4) r = new D(y, mo, d, h);
			else if (n === 5) r = new D(y, mo, d, h, mi);
			else if (n === 6) r = new D(y, mo, d, h, mi, s);
			else r = new D(y, mo, d, h, mi, s, ms);
			var proto = Object.getPrototypeOf(this);
			if (proto !== D.prototype) Object.setPrototypeOf(r, proto); /* a subclass */
			return r;
		}
		Date.prototype = D.prototype;
		Object.defineProperty(D.prototype, 'constructor', { value: Date, writable: true, enumerable: false, configurable: true });
		Date.now = D.now;
		Date.UTC = D.UTC;
		Date.parse = parse;
		Object.defineProperty(G, 'Date', { value: Date, writable: true, enumerable: false, configurable: true });
	})();
	/* Rich results (README "Rich results"): a result object with a
	 * Symbol.for('sbx.mime') property holding a MIME bundle ({"image/svg+xml":
	 * "<svg ...>", "image/png": base64, ...}) gives one entry per string in
	 * it; the JSON result ignores the symbol, as JSON.stringify does. The
	 * JSON text of the entries, or undefined. */
	var MIME_KEY = typeof Symbol === 'function' ? Symbol['for']('sbx.mime') : null;
	function richResults(v) {
		if (!MIME_KEY || v === null || (typeof v !== 'object' && typeof v !== 'function')) return undefined;
		var b = v[MIME_KEY], out = [];
		if (!b || typeof b !== 'object') return undefined;
		var keys = Object.keys(b);
		for (var i = 0; i < keys.length; i++)
			if (typeof b[keys[i]] === 'string') out.push({ mime: keys[i], data: b[keys[i]] });
		return out.length ? stringify(out) : undefined;
	}
	G.print = function print() { write(1, rest(arguments, 0).join(' ') + '\n'); };
	G.setTimeout = function setTimeout(fn, ms) { return addTimer(fn, delay(ms), rest(arguments, 2)); };
	G.setInterval = function setInterval(fn, ms) { var d = delay(ms); return addTimer(fn, d, rest(arguments, 2), d); };
	G.setImmediate = function setImmediate(fn) { return addTimer(fn, 0, rest(arguments, 1)); };
	G.clearTimeout = G.clearInterval = G.clearImmediate = clearTimer;
	return {
		runLoop: runLoop, settle: settle, describeError: describeError, inspect: inspect,
		/* the run ends: 'exit' handlers, then process.exitCode */
		exitCode: function () {
			var c = proc.exitCode === undefined ? 0 : Number(proc.exitCode) | 0;
			runExit(c);
			return c & 255;
		},
		/* A session's execution ends (engine_duktape_kernel.c): its exit
		 * code, process.exitCode cleared for the next; the timers of an
		 * interrupted one dropped. 'exit' handlers wait for the end. */
		sessionEnd: function (interrupted) {
			var c = proc.exitCode === undefined ? 0 : Number(proc.exitCode) | 0;
			proc.exitCode = undefined;
			if (interrupted) timers.length = 0;
			return c & 255;
		},
		encode: function (v) { return stringify(v); },
		richResults: richResults
	};
})
