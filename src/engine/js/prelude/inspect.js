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
			/* node's formatError: a nested error's lines take the depth's indentation */
			if (ctx.indent) base = base.replace(/\n/g, '\n' + repeat(' ', ctx.indent));
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

