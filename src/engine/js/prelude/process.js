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
	/* An ES module's import and import() (the transpiler's output calls
	 * it): node's ESM loader's errors, not require's; and import.meta,
	 * made for the module that asks, with node's keys in node's order. */
	G.__sbx_import = function (name) { return lib().importModule(name); };
	G.__sbx_import_meta = function () {
		var f = lib().importer(), meta = Object.create(null);
		meta.dirname = f.slice(0, f.lastIndexOf('/')) || '/';
		meta.filename = f;
		meta.resolve = function resolve(name) { return lib().importResolve(String(name)); };
		meta.url = 'file://' + encodeURI(f).replace(/[?#]/g, encodeURIComponent);
		return meta;
	};
	G.module = moduleObj;
	G.exports = moduleObj.exports;
	/* CommonJS's module-scope names, as globals: the program is /FILE, as
	 * module.filename and process.argv say (there is no host file system). */
	G.__filename = moduleObj.filename;
	G.__dirname = '/';
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
		/* Intl, URL and URLSearchParams are node's library's: loaded when
		 * a program first names them (nodelib/intl.js, url.js) */
		['Intl', 'URL', 'URLSearchParams'].forEach(function (name) {
			Object.defineProperty(G, name, { get: function () { return lib()[name]; }, set: function (v) {
				Object.defineProperty(G, name, { value: v, writable: true, configurable: true });
			}, configurable: true });
		});
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
