/* node's library: require() of the core modules: each is made once, on
 * first use; anything else throws an Error that names the module and why
 * it is not there.
 * A part of the closure head.js opens: uses the make* functions of
 * assert.js, util.js, events.js and path.js. */
		var NO_HOST = {
			fs: 'the file system', 'fs/promises': 'the file system', child_process: 'processes',
			net: 'the network', http: 'the network', https: 'the network', http2: 'the network', dgram: 'the network',
			dns: 'the network', tls: 'the network', os: 'the host', cluster: 'processes', worker_threads: 'threads',
			vm: 'a second JavaScript context', v8: 'the host', process: 'the host', readline: 'a terminal',
			inspector: 'the host', perf_hooks: 'the host', module: 'the module loader', repl: 'a terminal',
			tty: 'a terminal', stream: 'node streams', zlib: 'native compression', crypto: 'native crypto',
			buffer: 'node buffers', querystring: 'node\'s library', string_decoder: 'node buffers',
			timers: 'node\'s library', 'timers/promises': 'node\'s library', async_hooks: 'the host', diagnostics_channel: 'the host'
		};
		var CORE = ['assert', 'assert/strict', 'util', 'events', 'path', 'path/posix', 'url'];
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
			case 'url': m = makeUrlModule(); break;
			default:
				if (hasOwn.call(NO_HOST, id)) {
					throw nodeError(Error, 'ERR_SBX_NO_HOST_ACCESS', "Cannot load module '" + name + "': sbx runs JavaScript without access to " +
						NO_HOST[id] + '. The core modules available are ' + CORE.join(', ') + '.');
				}
				/* node's error, own keys and all; why sbx has no such module
				 * is its hint, a line of sbx's own if nothing catches it */
				var from = typeof G.__filename === 'string' ? G.__filename : '[eval]';
				var e = new Error("Cannot find module '" + name + "'\nRequire stack:\n- " + from);
				e.code = 'MODULE_NOT_FOUND';
				e.requireStack = [from];
				defHidden(e, P.hidden, { hint: "'" + name + "' is not available: sbx runs one self-contained file " +
					'(no npm packages); the core modules available are ' + CORE.join(', ') + '.' });
				throw e;
			}
			modules[id] = m;
			return m;
		}

		/* An ES module's import (and any import()): the transpiler's
		 * CommonJS output calls this, not require. The core modules as
		 * require has them; anything else is node's ESM loader's error,
		 * worded as it words it (ERR_MODULE_NOT_FOUND, "imported from" the
		 * importing file), not require's. */
		function importer() {
			if (loading.length) return loading[loading.length - 1];
			return typeof G.__filename === 'string' ? G.__filename : '/[eval1]';
		}
		function importModule(name) {
			if (typeof name !== 'string') name = String(name);
			var from = importer(), e;
			if (/^(\.\.?(\/|$)|\/|file:)/.test(name)) {
				var p = requireCore('path'), abs = name.slice(0, 5) === 'file:' ? name.replace(/^file:(\/\/)?/, '') :
					p.resolve(p.dirname(from), name);
				/* an import names the file exactly: no extension is tried */
				var m = fileModule(name.slice(0, 5) === 'file:' ? abs : name, from, false);
				if (m) return m.exports;
				e = new Error("Cannot find module '" + abs + "' imported from " + from);
				defHidden(e, 'stack', 'Error [ERR_MODULE_NOT_FOUND]: ' + e.message + stackTail(e));
				e.code = 'ERR_MODULE_NOT_FOUND';
				e.url = 'file://' + abs;
				defHidden(e, P.hidden, { hint: "'" + name + "' is not one of the run's files: a program of several " +
					'files gives each with -f (--file), and an import names the file exactly' });
				throw e;
			}
			var id = name.slice(0, 5) === 'node:' ? name.slice(5) : name;
			if (CORE.indexOf(id) >= 0 || hasOwn.call(NO_HOST, id)) return requireCore(name);
			if (id !== name) {
				e = new Error('No such built-in module: ' + name);
				defHidden(e, 'stack', 'Error [ERR_UNKNOWN_BUILTIN_MODULE]: ' + e.message + stackTail(e));
				e.code = 'ERR_UNKNOWN_BUILTIN_MODULE';
				throw e;
			}
			/* a package: node names the package, not its subpath */
			var pkg = name.split('/').slice(0, name.charAt(0) === '@' ? 2 : 1).join('/');
			e = new Error("Cannot find package '" + pkg + "' imported from " + from);
			defHidden(e, 'stack', 'Error [ERR_MODULE_NOT_FOUND]: ' + e.message + stackTail(e));
			e.code = 'ERR_MODULE_NOT_FOUND';
			defHidden(e, P.hidden, { hint: "'" + pkg + "' is not available: sbx runs no npm packages; the core " +
				'modules available are ' + CORE.join(', ') + ', and a program of several files gives each with -f.' });
			throw e;
		}
		function stackTail(e) {
			var st = String(e.stack), nl = st.indexOf('\n');
			return nl >= 0 ? st.slice(nl) : '';
		}
		/* import.meta.resolve: the URL an import of name would load */
		function importResolve(name) {
			if (/^(\.\.?(\/|$)|\/)/.test(name)) {
				var p = requireCore('path'), abs = p.resolve(p.dirname(importer()), name);
				return 'file://' + encodeURI(abs).replace(/[?#]/g, encodeURIComponent);
			}
			var id = name.slice(0, 5) === 'node:' ? name.slice(5) : name;
			if (CORE.indexOf(id) >= 0 || hasOwn.call(NO_HOST, id)) return 'node:' + id;
			importModule(name); /* throws node's error */
			return name;
		}

		/* A multi-file program's own modules: the run's files (-f), which
		 * node finds in its working directory, sbx's '/'. P.moduleSource
		 * (engine_duktape_modules.c) gives a file's module function, or a
		 * JSON file's text; nothing outside the run's files can be named,
		 * and a path that climbs above the working directory finds
		 * nothing, as node finds nothing there. Cached by file, loaded
		 * once, a cycle sees the exports made so far, as node's. */
		var fileModules = {}, loading = [];
		function fileName(spec, from) {
			var parts = from.split('/').slice(1, -1), segs = spec.split('/');
			if (spec.charAt(0) === '/') parts = [];
			for (var i = 0; i < segs.length; i++) {
				if (segs[i] === '' || segs[i] === '.') continue;
				if (segs[i] === '..') {
					if (!parts.length) return null; /* above the working directory */
					parts.pop();
				} else parts.push(segs[i]);
			}
			return parts.join('/');
		}
		function fileModule(spec, from, guess) {
			var name = fileName(spec, from);
			if (name === null || name === '') return null;
			var cands = guess ? [name, name + '.js', name + '.json', name + '/index.js', name + '/index.json'] : [name];
			for (var i = 0; i < cands.length; i++) {
				if (hasOwn.call(fileModules, cands[i])) return fileModules[cands[i]];
				var src = P.moduleSource ? P.moduleSource(cands[i]) : undefined;
				if (src !== undefined) return loadFile(cands[i], src);
			}
			return null;
		}
		function loadFile(name, src) {
			var filename = '/' + name, dirname = filename.slice(0, filename.lastIndexOf('/')) || '/';
			var m = { id: filename, path: dirname, exports: {}, filename: filename, loaded: false, children: [], paths: [] };
			fileModules[name] = m;
			try {
				if (typeof src === 'string') {
					m.exports = JSON.parse(src);
				} else {
					var req = function require(id) {
						if (typeof id !== 'string') throw argType('id', 'string', id);
						return requireFrom(id, filename);
					};
					req.main = G.require && G.require.main;
					req.cache = {};
					loading.push(filename);
					try {
						src.call(m.exports, m.exports, req, m, filename, dirname);
					} finally {
						loading.pop();
					}
				}
			} catch (e) {
				delete fileModules[name];
				throw e;
			}
			m.loaded = true;
			return m;
		}
		/* require(id) from the file `from`: a relative path is one of the
		 * run's files (node's extensions tried), else a core module */
		function requireFrom(id, from) {
			if (!/^(\.\.?(\/|$)|\/)/.test(id)) return requireCore(id);
			var m = fileModule(id, from, true);
			if (m) return m.exports;
			var stack = [from];
			for (var i = loading.length - 1; i >= 0; i--) if (loading[i] !== from) stack.push(loading[i]);
			if (stack[stack.length - 1] !== G.__filename && typeof G.__filename === 'string') stack.push(G.__filename);
			var e = new Error("Cannot find module '" + id + "'\nRequire stack:\n- " + stack.join('\n- '));
			e.code = 'MODULE_NOT_FOUND';
			e.requireStack = stack;
			defHidden(e, P.hidden, { hint: "'" + id + "' is not one of the run's files: a program of several files " +
				'gives each with -f (--file), and they are read from the working directory' });
			throw e;
		}
		function requireMain(id) { return requireFrom(id, importer()); }
