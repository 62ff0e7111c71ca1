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

	/* A thenable result is awaited: then() is called and the loop drained.
	 * A program's top-level await whose promise is still pending when
	 * nothing is left to run ends as node's does: status 13 ("unsettled
	 * top-level await"); transpile.js marks that promise __sbx_tla. */
	var unsettledTla = false;
	function settle(v) {
		for (var n = 0; n < 100 && v !== null && (typeof v === 'object' || typeof v === 'function'); n++) {
			var then = v.then;
			if (typeof then !== 'function') break;
			var st = null;
			then.call(v, function (x) { if (!st) st = { ok: true, v: x }; },
				function (e) { if (!st) st = { ok: false, v: e }; });
			runLoop();
			if (!st) {
				if (n === 0 && v.__sbx_tla === true) unsettledTla = true;
				return undefined;
			}
			/* a rejected result nobody handled is node's unhandled
			 * rejection; a top-level await's is thrown as it is */
			if (!st.ok) throw v.__sbx_tla === true ? st.v : rejection(st.v);
			v = st.v;
		}
		return v;
	}

	/* A rejection nobody handled, as node reports it: an error (node: an
	 * object with its own stack) as it is, anything else wrapped in
	 * node's UnhandledPromiseRejection, whose message names the reason as
	 * V8 does without running the program's code (NoSideEffectsToString:
	 * a primitive's String(), "#<Ctor>" for an object that keeps
	 * Object.prototype.toString, "[object Tag]" for the others). */
	function rejection(reason) {
		if (reason !== null && typeof reason === 'object' && (isError(reason) || hasOwn.call(reason, 'stack')))
			return reason;
		var text;
		if (reason === null || (typeof reason !== 'object' && typeof reason !== 'function')) {
			text = String(reason);
		} else if (typeof reason === 'function') {
			text = Function.prototype.toString.call(reason);
		} else {
			var tag = Object.prototype.toString.call(reason).slice(8, -1), ctor = null;
			try {
				if (reason.toString === Object.prototype.toString) {
					var c = reason.constructor;
					ctor = typeof c === 'function' && typeof c.name === 'string' && c.name ? c.name : 'Object';
				}
			} catch (x) { ctor = null; }
			text = ctor ? '#<' + ctor + '>' : '[object ' + tag + ']';
		}
		var e = new Error('This error originated either by throwing inside of an async function without a catch ' +
			'block, or by rejecting a promise which was not handled with .catch(). The promise rejected with the ' +
			'reason "' + text + '".');
		Object.defineProperty(e, 'name', { value: 'UnhandledPromiseRejection', configurable: true, writable: true });
		e.code = 'ERR_UNHANDLED_REJECTION';
		return e;
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
		var d = { name: name, message: message, line: line, column: null, traceback: tb };
		/* nodelib's word on why (require of a package sbx cannot have) */
		var own = e !== null && typeof e === 'object' && HID && hasOwn.call(e, HID) ? e[HID] : null;
		if (own && typeof own.hint === 'string') d.hint = own.hint;
		return stringify(d);
	}

