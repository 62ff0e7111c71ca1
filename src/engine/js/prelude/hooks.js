	/* Rich results (README "Rich results"): a result object with a
	 * Symbol.for('sbx.mime') property holding a MIME bundle ({"image/svg+xml":
	 * "<svg ...>", "image/png": base64, ...}) gives one entry per string in
	 * it; the JSON result ignores the symbol, as JSON.stringify does. The
	 * JSON text of the entries, or undefined. */
	var MIME_KEY = typeof Symbol === 'function' ? Symbol['for']('sbx.mime') : null;
	function bundleOf(v, out, stream) {
		if (!MIME_KEY || v === null || (typeof v !== 'object' && typeof v !== 'function')) return false;
		var b = v[MIME_KEY];
		if (!b || typeof b !== 'object') return false;
		var keys = Object.keys(b), n = out.length;
		for (var i = 0; i < keys.length; i++)
			if (typeof b[keys[i]] === 'string') {
				out.push({ mime: keys[i], data: b[keys[i]] });
				if (stream) send(out[out.length - 1]);
			}
		return out.length > n;
	}
	/* display(x, ...), as a notebook's (Python's display()): each value
	 * adds its forms to the results, in order, before the main result's —
	 * its MIME bundle (above), or display(bundle, {raw: true}) one given
	 * as {"text/html": "...", ...}; else a string as text/plain, any other
	 * value as application/json (when it has a JSON form) and text/plain
	 * (as console.log shows it). A global of sbx's, not enumerable. */
	var displayed = [];
	/* Each result leaves at once (README "Streamed results"), and again
	 * in the report at the end; past twice the output limit only its stub
	 * (N.result). */
	function send(item) {
		sendResult(stringify(item), stringify({ mime: item.mime, data: '', truncated: true }), item.data.length);
	}
	function add(item) {
		displayed.push(item);
		send(item);
	}
	function display() {
		var args = Array.prototype.slice.call(arguments), last = args[args.length - 1];
		var raw = args.length > 1 && last !== null && typeof last === 'object' && last.raw === true;
		if (raw) args.pop();
		for (var i = 0; i < args.length; i++) {
			var v = args[i];
			if (raw && v !== null && typeof v === 'object') {
				var keys = Object.keys(v);
				for (var k = 0; k < keys.length; k++)
					if (typeof v[keys[k]] === 'string') add({ mime: keys[k], data: v[keys[k]] });
				continue;
			}
			if (bundleOf(v, displayed, true)) continue;
			if (typeof v === 'string') {
				add({ mime: 'text/plain', data: v });
				continue;
			}
			var json;
			try { json = typeof v === 'function' || typeof v === 'symbol' ? undefined : stringify(v); } catch (e) { json = undefined; }
			if (typeof json === 'string') add({ mime: 'application/json', data: json });
			add({ mime: 'text/plain', data: inspect(v) });
		}
	}
	Object.defineProperty(G, 'display', { value: display, writable: true, configurable: true, enumerable: false });
	function richResults(v) {
		var out = displayed;
		displayed = [];
		bundleOf(v, out, true);
		return out.length ? stringify(out) : undefined;
	}
	G.setTimeout = function setTimeout(fn, ms) { return addTimer(fn, delay(ms), rest(arguments, 2)); };
	G.setInterval = function setInterval(fn, ms) { var d = delay(ms); return addTimer(fn, d, rest(arguments, 2), d); };
	G.setImmediate = function setImmediate(fn) { return addTimer(fn, 0, rest(arguments, 1)); };
	G.clearTimeout = G.clearInterval = G.clearImmediate = clearTimer;
	return {
		runLoop: runLoop, settle: settle, describeError: describeError, inspect: inspect, rejection: rejection,
		/* the run ends: 'exit' handlers, then process.exitCode */
		exitCode: function () {
			var c = proc.exitCode === undefined ? 0 : Number(proc.exitCode) | 0;
			runExit(c); /* node's 'exit' handlers see 0 there too */
			return unsettledTla && proc.exitCode === undefined ? 13 : c & 255;
		},
		/* A session's execution ends (engine_duktape_kernel.c): its exit
		 * code, process.exitCode cleared for the next; the timers of an
		 * interrupted one dropped. 'exit' handlers wait for the end. */
		sessionEnd: function (interrupted) {
			var c = proc.exitCode !== undefined ? Number(proc.exitCode) | 0 : unsettledTla ? 13 : 0;
			proc.exitCode = undefined;
			unsettledTla = false;
			displayed = []; /* an execution that failed before its results */
			if (interrupted) timers.length = 0;
			return c & 255;
		},
		/* A session's execution of a FILE (engine_duktape_kernel.c) has
		 * its name where `sbx run FILE` has it (module.filename,
		 * __filename, process.argv[1]: '/' + name); null gives back the
		 * kernel's own. */
		sessionProgram: function (name) {
			var f = '/' + (name === null ? FILE : name);
			moduleObj.filename = f;
			G.__filename = f;
			if (proc.argv && typeof proc.argv === 'object') proc.argv[1] = name === null ? FILE : f;
		},
		encode: function (v) { return stringify(v); },
		richResults: richResults
	};
})
