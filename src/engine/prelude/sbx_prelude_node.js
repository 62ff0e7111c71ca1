// sbx prelude for node (--engine node): the program runs as node runs it,
// and a snippet like a notebook cell. src/engine/engine_spawn_node.c starts
//   a FILE:    node FLAGS --require PRELUDE FILE [ARG...]
//   a snippet: node FLAGS PRELUDE CODE_FILE NAME [ARG...]   (-e, stdin, ...)
// with SBX_NODE_INPUTS (the inputs' JSON file, or "-": none),
// SBX_NODE_RESULT (1: the snippet ends with an expression statement, so its
// value is the result), SBX_NODE_CHECK (1: compile only, for prepare and
// deploy) and SBX_RESULTS_MAX (the result's and rich results' budget) in the
// environment; the prelude removes them before the code runs. The result,
// rich results and an uncaught error go to fd 3 as one JSON object when
// the process exits (see src/sandbox/sandbox.h); sbx decides the status.
'use strict';
(function sbxPrelude() {
	const fs = require('fs');
	const env = process.env;

	// The gate (fd 4): one byte once every sandbox layer is in force. No
	// user code runs before it; EOF instead of the byte means "do not run".
	try {
		const b = Buffer.alloc(1);
		if (fs.readSync(4, b, 0, 1, null) !== 1 || b[0] !== 0x67)
			process.exit(125);
		fs.closeSync(4);
	} catch (e) {
		process.exit(125);
	}

	const inputsPath = env.SBX_NODE_INPUTS;
	const hasResult = env.SBX_NODE_RESULT === '1';
	const checkOnly = env.SBX_NODE_CHECK === '1';
	const lowered = env.SBX_NODE_LOWERED === '1';
	let budget = Number(env.SBX_RESULTS_MAX) || 1 << 20;
	const resultMax = budget; // the result's own, beside the forms'
	delete env.SBX_NODE_INPUTS;
	delete env.SBX_NODE_RESULT;
	delete env.SBX_NODE_CHECK;
	delete env.SBX_NODE_LOWERED;
	delete env.SBX_RESULTS_MAX;
	// The flags are sbx's (the heap size, this file): a child node the code
	// forks must not inherit them, as it would not natively.
	process.execArgv = [];

	let inputs = {};
	if (inputsPath && inputsPath !== '-')
		inputs = JSON.parse(fs.readFileSync(inputsPath, 'utf8'));
	Object.defineProperty(globalThis, 'inputs',
		{ value: inputs, writable: true, configurable: true, enumerable: false });

	// TypeScript's lowered code calls the helpers by which sbx's lowering
	// gives ES5 functions their ES2015 names (src/engine/js/lower/names.js;
	// Duktape's are in src/engine/js/builtins/functions.js): the same here,
	// hidden as there.
	if (lowered) {
		const gopd = Object.getOwnPropertyDescriptor;
		const unnamed = (f) => typeof f === 'function' && (!gopd(f, 'name') || gopd(f, 'name').value === '');
		const setName = (f, name) => Object.defineProperty(f, 'name', { value: name, configurable: true });
		const nameMethods = (o) => {
			for (const k of Object.getOwnPropertyNames(o)) {
				const d = gopd(o, k);
				if (d && unnamed(d.value) && d.value !== o.constructor)
					setName(d.value, k);
			}
		};
		const helpers = {
			__sbx_name(f, name) { if (unnamed(f)) setName(f, name); return f; },
			__sbx_methods(o, ...keys) {
				for (const k of keys) {
					const d = gopd(o, k);
					if (d && unnamed(d.value)) setName(d.value, k);
				}
				return o;
			},
			__sbx_class(C, name) {
				if (typeof C !== 'function') return C;
				if (typeof name === 'string') setName(C, name);
				nameMethods(C);
				if (C.prototype) nameMethods(C.prototype);
				return C;
			},
			__sbx_kind(f) { return f; },
		};
		for (const k of Object.keys(helpers))
			Object.defineProperty(globalThis, k,
				{ value: helpers[k], writable: true, configurable: true, enumerable: false });
	}

	const snippet = require.main === module;
	const name = snippet ? process.argv[3] : process.argv[1];
	let result, resultSet = false, error = null, reported = false;

	function describe(e) {
		if (e !== null && typeof e === 'object' && typeof e.stack === 'string') {
			let line = null, column = null;
			const esc = String(name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
			const m = new RegExp('^' + esc + ':(\\d+)$', 'm').exec(e.stack) ||
				new RegExp(esc + ':(\\d+):(\\d+)\\)?$', 'm').exec(e.stack);
			if (m) {
				line = +m[1];
				column = m[2] ? +m[2] : null;
			}
			return { name: String(e.name), message: String(e.message), line: line,
				column: column, traceback: e.stack };
		}
		const text = typeof e === 'string' ? e : require('util').inspect(e);
		return { name: 'Error', message: 'Uncaught ' + text, line: null, column: null,
			traceback: text };
	}

	function encode(v) {
		try {
			const s = JSON.stringify(v, (k, x) => typeof x === 'bigint'
				? (Number.isSafeInteger(Number(x)) ? Number(x) : String(x)) : x);
			return s === undefined ? 'null' : s;
		} catch (e) { // a cycle: what node would show
			return JSON.stringify(require('util').inspect(v));
		}
	}

	// A value with a Symbol.for('sbx.mime') bundle ({"image/svg+xml": ...})
	// shows as rich results, as under Duktape; past the budget, left out.
	function rich(v) {
		if (v === null || (typeof v !== 'object' && typeof v !== 'function'))
			return [];
		const b = v[Symbol.for('sbx.mime')];
		const out = [];
		if (!b || typeof b !== 'object')
			return out;
		for (const k of Object.keys(b).slice(0, 100)) {
			if (typeof b[k] !== 'string')
				continue;
			if (b[k].length > budget) {
				out.push({ mime: k, data: '', truncated: true, bytes: b[k].length });
				continue;
			}
			budget -= b[k].length;
			out.push({ mime: k, data: b[k] });
		}
		return out;
	}

	// The result's JSON and its forms. One over the output limit is left
	// out (README "Rich results"): null, named by an application/json
	// entry with its size, beside node's own bounded inspect() of it.
	function resultReport(v) {
		const out = displayed.concat(rich(v));
		const long = Array.isArray(v) || ArrayBuffer.isView(v) ? v.length * 2 - 1 : 0;
		let js = long > resultMax ? null : encode(v);
		const n = js === null ? long : Buffer.byteLength(js);
		if (n > resultMax) {
			const text = require('util').inspect(v, { maxStringLength: 16384 });
			out.push({ mime: 'text/plain', data: text.slice(0, 65536) });
			out.push({ mime: 'application/json', data: '', truncated: true, bytes: n });
			js = 'null';
		}
		return '{"result":' + js + (out.length ? ',"results":' + JSON.stringify(out) : '') + '}';
	}

	function report() {
		if (reported)
			return;
		reported = true;
		let text;
		if (error) // what it displayed before its error stays, as under Duktape
			text = '{"error":' + JSON.stringify(error) +
				(displayed.length ? ',"results":' + JSON.stringify(displayed) : '') + '}';
		else if (resultSet)
			text = resultReport(result);
		else
			text = '{"result":null' +
				(displayed.length ? ',"results":' + JSON.stringify(displayed) : '') + '}';
		const buf = Buffer.from(text);
		try {
			for (let off = 0; off < buf.length;)
				off += fs.writeSync(3, buf, off, buf.length - off);
		} catch (e) { // no report pipe: run by hand
		}
	}
	// display(value, ...), as under Duktape (src/engine/js/prelude/hooks.js):
	// each value's forms are results, in order, before the result's: its
	// Symbol.for('sbx.mime') bundle, or display(bundle, {raw: true}) one
	// given as {mime: data}; else a string as text/plain, any other value
	// as application/json (when it has a JSON form) and text/plain (as
	// console.log shows it). Each leaves at once as a frame on fd 3 (RS,
	// its JSON, a newline: README "Streamed results"), and again in the
	// report; past the budget only its stub. Not enumerable: node's
	// globals stay node's.
	const displayed = [];
	function writeAll(text) {
		const buf = Buffer.from(text);
		for (let off = 0; off < buf.length;)
			off += fs.writeSync(3, buf, off, buf.length - off);
	}
	function add(mime, data) {
		let item = { mime: mime, data: data };
		if (data.length > budget)
			item = { mime: mime, data: '', truncated: true, bytes: data.length };
		else
			budget -= data.length;
		displayed.push(item);
		if (reported || displayed.length > 100)
			return;
		try {
			writeAll('\x1e' + JSON.stringify(item) + '\n');
		} catch (e) { // no report pipe: run by hand
		}
	}
	function display(...args) {
		const last = args[args.length - 1];
		const raw = args.length > 1 && last !== null && typeof last === 'object' && last.raw === true;
		if (raw)
			args.pop();
		for (const v of args) {
			const b = v !== null && (typeof v === 'object' || typeof v === 'function')
				? (raw ? v : v[Symbol.for('sbx.mime')]) : null;
			if (b && typeof b === 'object' && Object.keys(b).some((k) => typeof b[k] === 'string')) {
				for (const k of Object.keys(b))
					if (typeof b[k] === 'string')
						add(k, b[k]);
				continue;
			}
			if (raw && v !== null && typeof v === 'object')
				continue;
			if (typeof v === 'string') {
				add('text/plain', v);
				continue;
			}
			let json;
			try {
				json = typeof v === 'function' || typeof v === 'symbol' ? undefined : JSON.stringify(v);
			} catch (e) {
				json = undefined;
			}
			if (typeof json === 'string')
				add('application/json', json);
			add('text/plain', require('util').inspect(v));
		}
	}
	Object.defineProperty(globalThis, 'display',
		{ value: display, writable: true, configurable: true, enumerable: false });

	process.on('uncaughtExceptionMonitor', (e) => { error = describe(e); });
	process.on('exit', report);

	if (!snippet)
		return;

	// A snippet, as `node -e` runs one: the globals it gives, its argv.
	const path = require('path');
	const Module = require('module');
	const vm = require('vm');
	const code = fs.readFileSync(process.argv[2], 'utf8');
	process.argv = [process.argv[0]].concat(process.argv.slice(4));
	const m = new Module(name);
	m.filename = path.join(process.cwd(), name);
	m.paths = Module._nodeModulePaths(process.cwd());
	globalThis.module = m;
	globalThis.exports = m.exports;
	globalThis.require = Module.createRequire(m.filename);
	globalThis.__filename = name;
	globalThis.__dirname = '.';

	// node -e's frames end at the code; sbx's prelude is not shown.
	function trim(e) {
		if (e !== null && typeof e === 'object' && typeof e.stack === 'string') {
			const lines = e.stack.split('\n');
			const cut = lines.findIndex((l) => /^\s+at .*\(?sbx-prelude:/.test(l));
			if (cut > 0)
				e.stack = lines.slice(0, cut).join('\n');
		}
		return e;
	}

	// A top-level `return` (allowed by sbx, as under Duktape) or `await`
	// needs the code as a function body; the prefix has no newline, so
	// line numbers stay the user's.
	let run, wrapped = false;
	try {
		const s = new vm.Script(code, { filename: name });
		run = () => s.runInThisContext();
	} catch (e) {
		const ret = e instanceof SyntaxError && /Illegal return/.test(e.message);
		const aw = e instanceof SyntaxError && /await is only valid/.test(e.message);
		if (!ret && !aw)
			throw trim(e);
		let f;
		try {
			f = vm.runInThisContext((aw ? '(async function(){' : '(function(){') + code + '\n})',
				{ filename: name });
		} catch (e2) {
			throw trim(e2);
		}
		run = () => f.call(globalThis);
		wrapped = true;
	}
	if (checkOnly)
		return;
	let value;
	try {
		value = run();
	} catch (e) {
		throw trim(e);
	}
	if (!wrapped && !hasResult)
		return;
	if (value !== null && (typeof value === 'object' || typeof value === 'function') &&
		typeof value.then === 'function') {
		// Awaited; a rejection stays unhandled, as natively.
		value.then((v) => { result = v; resultSet = true; });
		return;
	}
	result = value;
	resultSet = true;
})();
// Frames of this file read sbx-prelude:LINE, not the run's host path.
//# sourceURL=sbx-prelude
