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
		function importer() { return typeof G.__filename === 'string' ? G.__filename : '/[eval1]'; }
		function importModule(name) {
			if (typeof name !== 'string') name = String(name);
			var from = importer(), e;
			if (/^(\.\.?(\/|$)|\/|file:)/.test(name)) {
				var p = requireCore('path'), abs = name.slice(0, 5) === 'file:' ? name.replace(/^file:(\/\/)?/, '') :
					p.resolve(p.dirname(from), name);
				e = new Error("Cannot find module '" + abs + "' imported from " + from);
				defHidden(e, 'stack', 'Error [ERR_MODULE_NOT_FOUND]: ' + e.message + stackTail(e));
				e.code = 'ERR_MODULE_NOT_FOUND';
				e.url = 'file://' + abs;
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
