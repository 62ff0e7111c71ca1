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
			runtime: N.runtime, moduleSource: N.moduleSource,
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

