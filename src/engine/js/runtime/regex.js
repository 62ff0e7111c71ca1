/* Runtime library group JS_RT_REGEX: named capture groups on Duktape.
 *
 * Duktape 2.7's regex compiler rejects `(?<name>...)` and `\k<name>`. The
 * lowering pass (src/engine/js/lower/transpile.js) turns each regex literal with
 * named groups into `new RegExp("...", "flags")`; the RegExp installed here
 * compiles the pattern with plain groups (`(?<name>` → `(`, `\k<name>` →
 * `(?:\N)`) and keeps the group names on the object under a hidden key, and
 * the methods that hand out match results (exec, match, matchAll, replace,
 * replaceAll) attach `.groups` and read `$<name>` as node does. Regexes
 * without named groups take the original code paths unchanged.
 *
 * Loaded in the same bytecode as runtime.js, before it: it only registers
 * the group in __sbx_rt_extra, which runtime.js takes (and deletes) when
 * it starts, so nothing of it stays visible until the group is installed.
 */
(function (g) {
'use strict';
var extra = g.__sbx_rt_extra || (g.__sbx_rt_extra = {});
extra.regex = function (H, h) {
	var Orig = g.RegExp, P = Orig.prototype, KEY = H; /* state: { kind, ... } */
	var hasOwn = Object.prototype.hasOwnProperty, toStr = Object.prototype.toString;
	var slice = Array.prototype.slice;

	function isRegExp(v) { return v !== null && typeof v === 'object' && toStr.call(v) === '[object RegExp]'; }
	function info(re) { return isRegExp(re) && hasOwn.call(re, KEY) && re[KEY].kind === 'NamedRegExp' ? re[KEY] : null; }
	function flagsOf(re) { return (re.global ? 'g' : '') + (re.ignoreCase ? 'i' : '') + (re.multiline ? 'm' : ''); }
	function bad(src, flags, why) {
		return new SyntaxError('Invalid regular expression: /' + src + '/' + flags + ': ' + why);
	}

	/* Walks the pattern's syntax that matters here: escapes (skipped as a
	 * unit), character classes (where parentheses are literal) and group
	 * openings. visit(i, kind, name, end) is called for '(' (kind 'cap',
	 * 'named', 'look-behind' or 'other') and for \k<name> (kind 'ref');
	 * end is the index after the construct's head. */
	function walk(src, visit) {
		var i = 0, n = src.length, inClass = false;
		while (i < n) {
			var c = src.charAt(i);
			if (c === '\\') {
				if (!inClass && src.charAt(i + 1) === 'k' && src.charAt(i + 2) === '<') {
					var e = src.indexOf('>', i + 3);
					if (e > 0) { visit(i, 'ref', src.slice(i + 3, e), e + 1); i = e + 1; continue; }
				}
				i += 2;
			} else if (inClass) {
				if (c === ']') inClass = false;
				i++;
			} else if (c === '[') {
				inClass = true;
				i++;
			} else if (c === '(') {
				if (src.charAt(i + 1) !== '?') visit(i, 'cap', null, i + 1);
				else if (src.charAt(i + 2) === '<' && (src.charAt(i + 3) === '=' || src.charAt(i + 3) === '!')) visit(i, 'look-behind', null, i + 4);
				else if (src.charAt(i + 2) === '<') {
					var close = src.indexOf('>', i + 3);
					visit(i, 'named', close < 0 ? null : src.slice(i + 3, close), close < 0 ? n : close + 1);
				} else visit(i, 'other', null, i + 1);
				i++;
			} else i++;
		}
	}

	/* null when the pattern has no named group; else the plain pattern and
	 * the names in group order. Errors are V8's. */
	function convert(src, flags) {
		var names = [], index = {}, count = 0, any = false, behind = false;
		walk(src, function (i, kind, name) {
			if (kind === 'cap') count++;
			else if (kind === 'named') {
				count++;
				any = true;
				if (name === null || !/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name)) throw bad(src, flags, 'Invalid capture group name');
				if (hasOwn.call(index, name)) throw bad(src, flags, 'Duplicate capture group name');
				index[name] = count;
				names.push({ name: name, n: count });
			} else if (kind === 'look-behind') behind = true;
		});
		if (behind) throw bad(src, flags, "lookbehind assertions are not supported by Duktape's regex engine");
		if (!any) return null;
		var out = '', at = 0;
		walk(src, function (i, kind, name, end) {
			if (kind === 'named') { out += src.slice(at, i) + '('; at = end; }
			else if (kind === 'ref') {
				if (!hasOwn.call(index, name)) throw bad(src, flags, 'Invalid named capture referenced');
				out += src.slice(at, i) + '(?:\\' + index[name] + ')';
				at = end;
			}
		});
		return { plain: out + src.slice(at), names: names };
	}

	/* What .source shows: '/' escaped outside classes, as V8 does. */
	function sourceText(src) {
		var out = '', inClass = false;
		for (var i = 0; i < src.length; i++) {
			var c = src.charAt(i);
			if (c === '\\') { out += c + src.charAt(++i); continue; }
			if (c === '[') inClass = true;
			else if (c === ']') inClass = false;
			else if (c === '/' && !inClass) c = '\\/';
			else if (c === '\n') c = '\\n';
			out += c;
		}
		return out;
	}

	function RegExp(pattern, flags) {
		var inf = info(pattern), src, fl;
		if (isRegExp(pattern)) {
			if (!(this instanceof RegExp) && flags === undefined && pattern.constructor === RegExp) return pattern;
			src = inf ? inf.src : pattern.source;
			fl = flags === undefined ? flagsOf(pattern) : String(flags);
		} else {
			src = pattern === undefined ? '' : String(pattern);
			fl = flags === undefined ? '' : String(flags);
		}
		var c = convert(src, fl);
		if (!c) return isRegExp(pattern) ? new Orig(src, fl) : new Orig(pattern, flags);
		var re = new Orig(c.plain, fl);
		Object.defineProperty(re, KEY, { value: { kind: 'NamedRegExp', src: src, plain: c.plain, source: sourceText(src), names: c.names } });
		return re;
	}
	RegExp.prototype = P;
	h.def(P, 'constructor', RegExp);
	h.def(g, 'RegExp', RegExp);

	function groupsOf(inf, m) {
		var o = Object.create(null);
		for (var i = 0; i < inf.names.length; i++) o[inf.names[i].name] = m[inf.names[i].n];
		return o;
	}

	var srcGet = (Object.getOwnPropertyDescriptor(P, 'source') || {}).get;
	if (srcGet) {
		Object.defineProperty(P, 'source', { get: function () { var inf = info(this); return inf ? inf.source : srcGet.call(this); },
			enumerable: false, configurable: true });
	}
	var origToString = P.toString;
	h.def(P, 'toString', function toString() {
		var inf = info(this);
		return inf ? '/' + inf.source + '/' + flagsOf(this) : origToString.call(this);
	});

	var origExec = P.exec;
	h.def(P, 'exec', function exec(s) {
		var m = origExec.call(this, s), inf = m && info(this);
		/* node's results always have the property (undefined without
		 * named groups) */
		if (m) m.groups = inf ? groupsOf(inf, m) : undefined;
		return m;
	});

	var sp = String.prototype, origMatch = sp.match, origReplace = sp.replace;
	h.def(sp, 'match', function match(re) {
		if (!isRegExp(re) || re.global || this === null || this === undefined) return origMatch.apply(this, arguments);
		return re.exec(String(this));
	});

	/* search and split copy the regex with Duktape's own RegExp
	 * constructor, which reads .source (the named one): give them the
	 * plain pattern. */
	function plainArg(name) {
		var orig = sp[name];
		var fn = function (re) {
			var inf = info(re), args = slice.call(arguments);
			if (inf) args[0] = new Orig(inf.plain, flagsOf(re));
			return orig.apply(this, args);
		};
		Object.defineProperty(fn, 'name', { value: name, configurable: true });
		h.def(sp, name, fn);
	}
	plainArg('search');
	plainArg('split');

	/* GetSubstitution, with $<name> */
	function substitute(tpl, str, pos, caps, groups) {
		var out = '', i = 0, n = tpl.length, m = caps.length - 1, matched = caps[0];
		while (i < n) {
			var c = tpl.charAt(i), d = tpl.charAt(i + 1);
			if (c !== '$' || i + 1 >= n) { out += c; i++; continue; }
			if (d === '$') { out += '$'; i += 2; }
			else if (d === '&') { out += matched; i += 2; }
			else if (d === '`') { out += str.slice(0, pos); i += 2; }
			else if (d === "'") { out += str.slice(pos + matched.length); i += 2; }
			else if (d >= '0' && d <= '9') {
				var d2 = tpl.charAt(i + 2), two = d2 >= '0' && d2 <= '9' ? +(d + d2) : -1, k = +d;
				if (two >= 1 && two <= m) { k = two; i++; }
				if (k >= 1 && k <= m) { out += caps[k] === undefined ? '' : caps[k]; i += 2; }
				else { out += '$'; i++; }
			} else if (d === '<') {
				var close = tpl.indexOf('>', i + 2);
				if (close < 0) { out += '$<'; i += 2; continue; }
				var v = groups[tpl.slice(i + 2, close)];
				out += v === undefined ? '' : String(v);
				i = close + 1;
			} else { out += '$'; i++; }
		}
		return out;
	}

	h.def(sp, 'replace', function replace(re, rep) {
		var inf = info(re);
		if (!inf) return origReplace.apply(this, arguments);
		var str = String(this), fn = typeof rep === 'function', tpl = fn ? null : String(rep);
		return origReplace.call(str, re, function () {
			var args = slice.call(arguments), caps = args.slice(0, args.length - 2), groups = groupsOf(inf, caps);
			if (fn) { args.push(groups); return rep.apply(undefined, args); }
			return substitute(tpl, str, args[args.length - 2], caps, groups);
		});
	});

	var origReplaceAll = sp.replaceAll, origMatchAll = sp.matchAll;
	if (typeof origReplaceAll === 'function') {
		h.def(sp, 'replaceAll', function replaceAll(re, rep) {
			var inf = info(re);
			if (!inf) return origReplaceAll.apply(this, arguments);
			if (!re.global) throw new TypeError('String.prototype.replaceAll called with a non-global RegExp argument');
			return sp.replace.call(this, re, rep);
		});
	}
	if (typeof origMatchAll === 'function') {
		var IterProto = h.makeIteratorProto('RegExp String Iterator', function () {
			var st = this !== null && typeof this === 'object' && hasOwn.call(this, KEY) ? this[KEY] : null;
			if (!st || st.kind !== 'RegExpStringIterator' || st.done) return h.result(undefined, true);
			var m = st.re.exec(st.s);
			if (!m) { st.done = true; return h.result(undefined, true); }
			if (m[0] === '') st.re.lastIndex = st.re.lastIndex + 1;
			return h.result(m, false);
		});
		h.def(sp, 'matchAll', function matchAll(re) {
			var inf = info(re);
			if (!inf) return origMatchAll.apply(this, arguments);
			if (!re.global) throw new TypeError('String.prototype.matchAll called with a non-global RegExp argument');
			var r = new RegExp(re), it = Object.create(IterProto);
			r.lastIndex = re.lastIndex;
			Object.defineProperty(it, KEY, { value: { kind: 'RegExpStringIterator', re: r, s: String(this), done: false } });
			return it;
		});
	}
};
})(typeof globalThis === 'object' ? globalThis : this);
