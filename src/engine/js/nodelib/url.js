/* node's library: the WHATWG URL and URLSearchParams globals, for the
 * cases programs meet: http(s), ws(s), ftp and file URLs (host lower-cased,
 * default port dropped, dot segments resolved, percent-encoding as the URL
 * Standard's sets), relative references against a base, opaque URLs
 * (mailto:, data:), the query's form encoding, and node's inspect output.
 * Not here: IDNA (a non-ASCII host is refused as invalid), IPv6 hosts
 * beyond keeping them as written, IPv4 number forms other than a.b.c.d.
 * The prelude makes the globals getters that load this library on first
 * use (prelude/process.js), so a run that never names URL pays nothing.
 * A part of the closure head.js opens. */
		var SPECIAL = { 'ftp:': '21', 'file:': '', 'http:': '80', 'https:': '443', 'ws:': '80', 'wss:': '443' };
		var CUSTOM_INSPECT = Symbol['for']('nodejs.util.inspect.custom');
		var URL_STATE = typeof Symbol === 'function' ? Symbol('url') : '__url';

		/* percent-encode the code points of s that are in set (a test on
		 * one character) or outside printable ASCII, as UTF-8 */
		function pctEncode(s, inSet) {
			var out = '';
			for (var i = 0; i < s.length; i++) {
				var c = s.charAt(i), code = s.charCodeAt(i);
				if (code < 0x80) {
					if (code > 0x20 && code < 0x7f && !inSet(c)) out += c;
					else out += '%' + (code < 16 ? '0' : '') + code.toString(16).toUpperCase();
					continue;
				}
				if (code >= 0xd800 && code <= 0xdbff && i + 1 < s.length &&
				    s.charCodeAt(i + 1) >= 0xdc00 && s.charCodeAt(i + 1) <= 0xdfff) {
					c = s.slice(i, i + 2);
					i++;
				} else if (code >= 0xd800 && code <= 0xdfff) {
					c = '\ufffd'; /* a lone surrogate: USVString's replacement */
				}
				out += encodeURIComponent(c);
			}
			return out;
		}
		function inStr(chars) { return function (c) { return chars.indexOf(c) >= 0; }; }
		var FRAGMENT_SET = inStr(' "<>`'), QUERY_SET = inStr(' "#<>'), SPECIAL_QUERY_SET = inStr(' "#<>\'');
		var PATH_SET = inStr(' "#<>?`{}'), USERINFO_SET = inStr(' "#<>?`{}/:;=@[\\]^|');

		function invalid(input) {
			var e = new TypeError('Invalid URL');
			e.code = 'ERR_INVALID_URL';
			e.input = input;
			defHidden(e, 'stack', 'TypeError [ERR_INVALID_URL]: Invalid URL' + stackTail(e));
			return e;
		}

		function parseHost(h, special, input) {
			if (h.charAt(0) === '[') {
				if (h.charAt(h.length - 1) !== ']') throw invalid(input);
				return h.toLowerCase();
			}
			if (!special) return pctEncode(h, inStr(''));
			h = decodeURIComponentLenient(h).toLowerCase();
			if (h === '' || /[\u0000-\u0020#%\/:<>?@\[\\\]^|\u007f]/.test(h) || /[^\u0000-\u007f]/.test(h)) throw invalid(input);
			var m = /^(\d+)\.(\d+)\.(\d+)\.(\d+)\.?$/.exec(h);
			if (m) {
				for (var i = 1; i <= 4; i++) if (+m[i] > 255) throw invalid(input);
				return [+m[1], +m[2], +m[3], +m[4]].join('.');
			}
			return h;
		}
		function decodeURIComponentLenient(s) {
			return s.replace(/(%[0-9a-fA-F]{2})+/g, function (run) {
				try { return decodeURIComponent(run); } catch (e) { return run; }
			});
		}

		/* the path's segments with . and .. resolved (file: keeps a
		 * drive letter as its first segment) */
		function resolveSegments(segs) {
			var out = [];
			for (var i = 0; i < segs.length; i++) {
				var s = segs[i], low = s.toLowerCase(), last = i === segs.length - 1;
				if (low === '..' || low === '.%2e' || low === '%2e.' || low === '%2e%2e') {
					if (out.length) out.pop();
					if (last) out.push('');
				} else if (low === '.' || low === '%2e') {
					if (last) out.push('');
				} else {
					out.push(s);
				}
			}
			return out;
		}

		/* The URL Standard's basic parser, for the common cases: a record
		 * {protocol, username, password, hostname, port, path (segments or
		 * an opaque string), query (null or text), fragment}. */
		function parse(input, base) {
			var s = String(input).replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
			var r = { protocol: '', username: '', password: '', hostname: '', port: '', path: [], opaque: null,
				query: null, fragment: null, hasHost: false };
			var m = /^([a-zA-Z][a-zA-Z0-9+.\-]*):/.exec(s), rest;
			if (m) {
				r.protocol = m[1].toLowerCase() + ':';
				rest = s.slice(m[0].length);
				if (base && base.protocol === r.protocol && hasOwn.call(SPECIAL, r.protocol) && !/^[\/\\]/.test(rest))
					return relative(rest, base, r, input);
			} else {
				if (!base) throw invalid(input);
				r.protocol = base.protocol;
				return relative(s, base, r, input);
			}
			var special = hasOwn.call(SPECIAL, r.protocol);
			if (special && r.protocol !== 'file:') {
				rest = rest.replace(/^[\/\\]*/, '');
				return authority(rest, r, true, input);
			}
			if (r.protocol === 'file:') {
				r.hasHost = true;
				if (/^[\/\\]{2}/.test(rest)) {
					rest = rest.slice(2);
					var end = rest.search(/[\/\\?#]/), host = end < 0 ? rest : rest.slice(0, end);
					if (/^[a-zA-Z][:|]$/.test(host)) host = '';
					else rest = end < 0 ? '' : rest.slice(end);
					r.hostname = host === '' || host.toLowerCase() === 'localhost' ? '' : parseHost(host, true, input);
				}
				return tail(rest, r, true);
			}
			if (rest.slice(0, 2) === '//') return authority(rest.slice(2), r, false, input);
			if (rest.charAt(0) === '/') return tail(rest, r, false);
			/* an opaque path: mailto:, data:, javascript: */
			var q = rest.search(/[?#]/);
			r.opaque = pctEncode(q < 0 ? rest : rest.slice(0, q), inStr('')).replace(/%20/g, ' ');
			return query(q < 0 ? '' : rest.slice(q), r, false);
		}
		function authority(rest, r, special, input) {
			var end = rest.search(special ? /[\/\\?#]/ : /[\/?#]/);
			var auth = end < 0 ? rest : rest.slice(0, end);
			rest = end < 0 ? '' : rest.slice(end);
			var at = auth.lastIndexOf('@');
			if (at >= 0) {
				var cred = auth.slice(0, at), colon = cred.indexOf(':');
				r.username = pctEncode(colon < 0 ? cred : cred.slice(0, colon), USERINFO_SET);
				r.password = colon < 0 ? '' : pctEncode(cred.slice(colon + 1), USERINFO_SET);
				auth = auth.slice(at + 1);
			}
			var pm = /:(\d*)$/.exec(auth);
			if (pm && auth.charAt(0) !== '[' || pm && /\]:\d*$/.test(auth)) {
				auth = auth.slice(0, pm.index);
				if (pm[1] !== '') {
					var port = parseInt(pm[1], 10);
					if (port > 65535) throw invalid(input);
					r.port = String(port) === SPECIAL[r.protocol] ? '' : String(port);
				}
			} else if (/:[^\]]*$/.test(auth) && auth.charAt(0) !== '[') {
				throw invalid(input);
			}
			if (special && auth === '') throw invalid(input);
			r.hostname = parseHost(auth, special, input);
			r.hasHost = true;
			return tail(rest, r, special);
		}
		/* path, query and fragment */
		function tail(rest, r, special) {
			var q = rest.search(/[?#]/), p = q < 0 ? rest : rest.slice(0, q);
			if (special) p = p.replace(/\\/g, '/');
			var segs = p.split('/');
			if (segs[0] === '') segs.shift();
			r.path = resolveSegments(segs).map(function (x) { return pctEncode(x, PATH_SET); });
			if (special && !r.path.length) r.path = [''];
			return query(q < 0 ? '' : rest.slice(q), r, special);
		}
		function query(rest, r, special) {
			var h = rest.indexOf('#');
			var qs = h < 0 ? rest : rest.slice(0, h);
			if (qs.charAt(0) === '?') r.query = pctEncode(qs.slice(1), special ? SPECIAL_QUERY_SET : QUERY_SET);
			if (h >= 0) r.fragment = pctEncode(rest.slice(h + 1), FRAGMENT_SET);
			return r;
		}
		function relative(s, base, r, input) {
			var special = hasOwn.call(SPECIAL, base.protocol);
			if (base.opaque !== null) {
				if (s.charAt(0) !== '#') throw invalid(input);
				copyBase(r, base, true);
				r.fragment = pctEncode(s.slice(1), FRAGMENT_SET);
				return r;
			}
			if (/^[\/\\]{2}/.test(s) && (special || s.slice(0, 2) === '//')) {
				if (base.protocol === 'file:') return parse('file:' + s);
				return authority(s.slice(2), r, special, input);
			}
			copyBase(r, base, false);
			if (s === '') { r.query = base.query; return r; }
			if (s.charAt(0) === '/' || (special && s.charAt(0) === '\\')) return tail(s, r, special);
			if (s.charAt(0) === '?') return query(s, r, special);
			if (s.charAt(0) === '#') { r.query = base.query; return query(s, r, special); }
			var dir = base.path.slice(0, -1);
			return tail('/' + dir.join('/') + (dir.length ? '/' : '') + s, r, special);
		}
		function copyBase(r, base, all) {
			r.username = base.username; r.password = base.password; r.hostname = base.hostname;
			r.port = base.port; r.hasHost = base.hasHost; r.path = base.path.slice(); r.opaque = base.opaque;
			if (all) r.query = base.query;
		}

		function hostOf(r) { return r.hostname + (r.port ? ':' + r.port : ''); }
		function pathOf(r) { return r.opaque !== null ? r.opaque : (r.path.length || r.hasHost ? '/' + r.path.join('/') : ''); }
		function hrefOf(r) {
			var auth = '';
			if (r.hasHost) {
				auth = '//';
				if (r.username || r.password) auth += r.username + (r.password ? ':' + r.password : '') + '@';
				auth += hostOf(r);
			}
			return r.protocol + auth + pathOf(r) + (r.query !== null ? '?' + r.query : '') +
				(r.fragment !== null ? '#' + r.fragment : '');
		}

		/* ---- URLSearchParams ---- */
		function formEncode(s) {
			var enc = function (c) { return !/[A-Za-z0-9*\-._]/.test(c); };
			return String(s).split(' ').map(function (w) { return pctEncode(w, enc); }).join('+');
		}
		function formDecode(s) { return decodeURIComponentLenient(s.replace(/\+/g, ' ')); }
		function parseForm(s) {
			var out = [];
			if (s.charAt(0) === '?') s = s.slice(1);
			var parts = s.split('&');
			for (var i = 0; i < parts.length; i++) {
				if (parts[i] === '') continue;
				var eq = parts[i].indexOf('=');
				out.push(eq < 0 ? [formDecode(parts[i]), ''] : [formDecode(parts[i].slice(0, eq)), formDecode(parts[i].slice(eq + 1))]);
			}
			return out;
		}
		function toUSV(v) { return String(v).replace(/[\ud800-\udbff](?![\udc00-\udfff])|(^|[^\ud800-\udbff])[\udc00-\udfff]/g, function (m) { return m.length > 1 ? m.charAt(0) + '\ufffd' : '\ufffd'; }); }

		function URLSearchParams(init) {
			if (!(this instanceof URLSearchParams))
				throw new TypeError("Class constructor URLSearchParams cannot be invoked without 'new'");
			defHidden(this, URL_STATE, { list: [], url: null });
			var list = this[URL_STATE].list;
			if (init === undefined || init === null) return;
			if (typeof init === 'object' || typeof init === 'function') {
				var it = init[Symbol.iterator];
				if (typeof it === 'function') {
					var iter = it.call(init), step;
					while (!(step = iter.next()).done) {
						var pair = step.value, items = [];
						if (pair === null || typeof pair !== 'object')
							throw nodeError(TypeError, 'ERR_INVALID_TUPLE', 'Each query pair must be an iterable [name, value] tuple');
						var pit = pair[Symbol.iterator] ? pair[Symbol.iterator]() : null, ps;
						if (!pit) throw nodeError(TypeError, 'ERR_INVALID_TUPLE', 'Each query pair must be an iterable [name, value] tuple');
						while (!(ps = pit.next()).done) items.push(ps.value);
						if (items.length !== 2) throw nodeError(TypeError, 'ERR_INVALID_TUPLE', 'Each query pair must be an iterable [name, value] tuple');
						list.push([toUSV(items[0]), toUSV(items[1])]);
					}
				} else {
					var keys = Object.keys(init);
					for (var i = 0; i < keys.length; i++) list.push([toUSV(keys[i]), toUSV(init[keys[i]])]);
				}
				return;
			}
			this[URL_STATE].list = parseForm(toUSV(init));
		}
		function sp(self) {
			if (!self || !hasOwn.call(self, URL_STATE) || !self[URL_STATE].list)
				throw nodeError(TypeError, 'ERR_INVALID_THIS', 'Value of "this" must be of type URLSearchParams');
			return self[URL_STATE];
		}
		function spUpdate(st) {
			if (!st.url) return;
			var s = serialize(st.list);
			st.url.query = s === '' ? null : s;
		}
		function serialize(list) {
			return list.map(function (p) { return formEncode(p[0]) + '=' + formEncode(p[1]); }).join('&');
		}
		function needArgs(n, got, names) {
			if (got < n) throw nodeError(TypeError, 'ERR_MISSING_ARGS', 'The ' + names + ' arguments must be specified');
		}
		var SPP = URLSearchParams.prototype;
		function method(name, fn) { Object.defineProperty(SPP, name, { value: fn, writable: true, configurable: true }); }
		method('append', function append(name, value) {
			needArgs(2, arguments.length, '"name" and "value"');
			var st = sp(this);
			st.list.push([toUSV(name), toUSV(value)]);
			spUpdate(st);
		});
		method('delete', function (name, value) {
			needArgs(1, arguments.length, '"name"');
			var st = sp(this), n = toUSV(name), v = value === undefined ? undefined : toUSV(value);
			st.list = st.list.filter(function (p) { return !(p[0] === n && (v === undefined || p[1] === v)); });
			spUpdate(st);
		});
		method('get', function get(name) {
			needArgs(1, arguments.length, '"name"');
			var st = sp(this), n = toUSV(name);
			for (var i = 0; i < st.list.length; i++) if (st.list[i][0] === n) return st.list[i][1];
			return null;
		});
		method('getAll', function getAll(name) {
			needArgs(1, arguments.length, '"name"');
			var n = toUSV(name);
			return sp(this).list.filter(function (p) { return p[0] === n; }).map(function (p) { return p[1]; });
		});
		method('has', function has(name, value) {
			needArgs(1, arguments.length, '"name"');
			var n = toUSV(name), v = value === undefined ? undefined : toUSV(value);
			return sp(this).list.some(function (p) { return p[0] === n && (v === undefined || p[1] === v); });
		});
		method('set', function set(name, value) {
			needArgs(2, arguments.length, '"name" and "value"');
			var st = sp(this), n = toUSV(name), v = toUSV(value), out = [], done = false;
			for (var i = 0; i < st.list.length; i++) {
				if (st.list[i][0] !== n) out.push(st.list[i]);
				else if (!done) { out.push([n, v]); done = true; }
			}
			if (!done) out.push([n, v]);
			st.list = out;
			spUpdate(st);
		});
		method('sort', function sort() {
			var st = sp(this), idx = st.list.map(function (p, i) { return [p, i]; });
			idx.sort(function (a, b) { return a[0][0] < b[0][0] ? -1 : a[0][0] > b[0][0] ? 1 : a[1] - b[1]; });
			st.list = idx.map(function (x) { return x[0]; });
			spUpdate(st);
		});
		method('forEach', function forEach(fn, thisArg) {
			if (typeof fn !== 'function') throw argType('callback', 'function', fn);
			var st = sp(this);
			for (var i = 0; i < st.list.length; i++) fn.call(thisArg, st.list[i][1], st.list[i][0], this);
		});
		method('toString', function toString() { return serialize(sp(this).list); });
		function iterator(self, kind) {
			var st = sp(self), i = 0, it = {};
			it.next = function () {
				if (i >= st.list.length) return { value: undefined, done: true };
				var p = st.list[i++];
				return { value: kind === 'keys' ? p[0] : kind === 'values' ? p[1] : [p[0], p[1]], done: false };
			};
			it[Symbol.iterator] = function () { return it; };
			return it;
		}
		method('keys', function keys() { return iterator(this, 'keys'); });
		method('values', function values() { return iterator(this, 'values'); });
		method('entries', function entries() { return iterator(this, 'entries'); });
		method(Symbol.iterator, SPP.entries);
		Object.defineProperty(SPP, 'size', { get: function () { return sp(this).list.length; }, configurable: true });
		method(CUSTOM_INSPECT, function (depth, opts, ins) {
			var list = sp(this).list;
			if (!list.length) return 'URLSearchParams {}';
			var parts = list.map(function (p) { return inspect(p[0]) + ' => ' + inspect(p[1]); });
			var one = 'URLSearchParams { ' + parts.join(', ') + ' }';
			return one.length <= 72 ? one : 'URLSearchParams {\n  ' + parts.join(',\n  ') + ' }';
		});
		Object.defineProperty(SPP, Symbol.toStringTag, { value: 'URLSearchParams', configurable: true });

		/* ---- URL ---- */
		function URL(input, base) {
			if (!(this instanceof URL)) throw new TypeError("Class constructor URL cannot be invoked without 'new'");
			if (arguments.length < 1) throw nodeError(TypeError, 'ERR_MISSING_ARGS', 'The "url" argument must be specified');
			var b = null;
			if (base !== undefined) b = parse(toUSV(base), null);
			defHidden(this, URL_STATE, { rec: parse(toUSV(input), b), params: null });
		}
		function rec(self) {
			if (!self || !hasOwn.call(self, URL_STATE) || !self[URL_STATE].rec)
				throw nodeError(TypeError, 'ERR_INVALID_THIS', 'Value of "this" must be of type URL');
			return self[URL_STATE].rec;
		}
		function setRec(self, r) {
			var st = self[URL_STATE];
			st.rec = r;
			if (st.params) {
				st.params[URL_STATE].list = parseForm(r.query || '');
				st.params[URL_STATE].url = r;
			}
		}
		var UP = URL.prototype;
		function prop(name, get, set) {
			Object.defineProperty(UP, name, { get: get, set: set, enumerable: true, configurable: true });
		}
		/* a setter: the href with one part replaced, parsed again (an
		 * invalid result leaves the URL as it was, as the standard's) */
		function reparse(self, make) {
			var r = rec(self), copy = {};
			for (var k in r) copy[k] = r[k];
			copy.path = r.path.slice();
			try { setRec(self, parse(make(copy))); } catch (e) { /* unchanged */ }
		}
		prop('href', function () { return hrefOf(rec(this)); }, function (v) {
			rec(this);
			setRec(this, parse(toUSV(v)));
		});
		prop('origin', function () {
			var r = rec(this);
			if (r.protocol === 'blob:' && r.opaque !== null) {
				try { return new URL(r.opaque).origin; } catch (e) { return 'null'; }
			}
			return hasOwn.call(SPECIAL, r.protocol) && r.protocol !== 'file:' ? r.protocol + '//' + hostOf(r) : 'null';
		});
		prop('protocol', function () { return rec(this).protocol; }, function (v) {
			var p = String(v).replace(/:.*$/, '').toLowerCase() + ':', r = rec(this);
			if (!/^[a-z][a-z0-9+.\-]*:$/.test(p) || hasOwn.call(SPECIAL, p) !== hasOwn.call(SPECIAL, r.protocol)) return;
			r.protocol = p;
			if (r.port === SPECIAL[p]) r.port = '';
		});
		prop('username', function () { return rec(this).username; }, function (v) {
			var r = rec(this);
			if (r.hasHost && r.hostname !== '') r.username = pctEncode(toUSV(v), USERINFO_SET);
		});
		prop('password', function () { return rec(this).password; }, function (v) {
			var r = rec(this);
			if (r.hasHost && r.hostname !== '') r.password = pctEncode(toUSV(v), USERINFO_SET);
		});
		prop('host', function () { return hostOf(rec(this)); }, function (v) {
			var self = this;
			if (rec(this).opaque !== null) return;
			reparse(self, function (c) { var h = String(v); c.hostname = ''; c.port = ''; return hrefOf(c).replace(/^([^:]+:\/\/)([^@\/?#]*@)?/, '$1$2' + h); });
		});
		prop('hostname', function () { return rec(this).hostname; }, function (v) {
			if (rec(this).opaque !== null) return;
			reparse(this, function (c) { var port = c.port; c.hostname = String(v).replace(/[:\/?#].*$/, ''); c.port = port; return hrefOf(c); });
		});
		prop('port', function () { return rec(this).port; }, function (v) {
			var r = rec(this), s = String(v);
			if (!r.hasHost || r.hostname === '' || r.protocol === 'file:') return;
			if (s === '') { r.port = ''; return; }
			var m = /^\d+/.exec(s);
			if (!m || +m[0] > 65535) return;
			r.port = String(+m[0]) === SPECIAL[r.protocol] ? '' : String(+m[0]);
		});
		prop('pathname', function () { return pathOf(rec(this)); }, function (v) {
			var r = rec(this);
			if (r.opaque !== null) return;
			var special = hasOwn.call(SPECIAL, r.protocol), s = String(v);
			var t = tail((s.charAt(0) === '/' || (special && s.charAt(0) === '\\') ? '' : '/') + s.replace(/[?#]/g, function (c) { return c === '?' ? '%3F' : '%23'; }), { path: [], query: null, fragment: null }, special);
			r.path = t.path;
		});
		prop('search', function () { var q = rec(this).query; return q ? '?' + q : ''; }, function (v) {
			var r = rec(this), s = toUSV(v);
			if (s.charAt(0) === '?') s = s.slice(1);
			r.query = s === '' ? null : pctEncode(s, hasOwn.call(SPECIAL, r.protocol) ? SPECIAL_QUERY_SET : QUERY_SET);
			setRec(this, r);
		});
		prop('searchParams', function () {
			var st = this[URL_STATE];
			rec(this);
			if (!st.params) {
				st.params = new URLSearchParams(st.rec.query || '');
				st.params[URL_STATE].url = st.rec;
			}
			return st.params;
		});
		prop('hash', function () { var f = rec(this).fragment; return f ? '#' + f : ''; }, function (v) {
			var r = rec(this), s = toUSV(v);
			if (s.charAt(0) === '#') s = s.slice(1);
			r.fragment = s === '' ? null : pctEncode(s, FRAGMENT_SET);
		});
		Object.defineProperty(UP, 'toString', { value: function toString() { return hrefOf(rec(this)); }, writable: true, configurable: true });
		Object.defineProperty(UP, 'toJSON', { value: function toJSON() { return hrefOf(rec(this)); }, writable: true, configurable: true });
		Object.defineProperty(UP, Symbol.toStringTag, { value: 'URL', configurable: true });
		function Shown() {}
		Object.defineProperty(Shown, 'name', { value: 'URL' });
		Object.defineProperty(UP, CUSTOM_INSPECT, { value: function () {
			var o = new Shown(), self = this;
			['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search',
			 'searchParams', 'hash'].forEach(function (k) { o[k] = self[k]; });
			return o;
		}, writable: true, configurable: true });
		function staticFn(name, fn) { Object.defineProperty(URL, name, { value: fn, writable: true, configurable: true }); }
		staticFn('canParse', function canParse(input, base) {
			needArgs(1, arguments.length, '"url"');
			try { parse(toUSV(input), base === undefined ? null : parse(toUSV(base), null)); return true; } catch (e) { return false; }
		});
		staticFn('createObjectURL', function () { throw new Error('URL.createObjectURL is not available: sbx has no Blob store'); });
		staticFn('revokeObjectURL', function () {});

		/* require('url'): the WHATWG part of node's module, and the file
		 * URL helpers ESM code uses for __dirname; node's legacy API
		 * (url.parse, url.resolve, url.format of an object) is not here,
		 * and says so when called. */
		function fileURLToPath(u) {
			if (typeof u === 'string') u = new URL(u);
			else if (!(u instanceof URL)) throw argType('path', 'string or an instance of URL', u);
			if (u.protocol !== 'file:') throw nodeError(TypeError, 'ERR_INVALID_URL_SCHEME', 'The URL must be of scheme file');
			if (u.hostname !== '') throw nodeError(TypeError, 'ERR_INVALID_FILE_URL_HOST', 'File URL host must be "localhost" or empty on linux');
			var p = u.pathname;
			if (/%2f/i.test(p)) throw nodeError(TypeError, 'ERR_INVALID_FILE_URL_PATH', 'File URL path must not include encoded / characters');
			return decodeURIComponentLenient(p);
		}
		function pathToFileURL(p) {
			if (typeof p !== 'string') throw argType('path', 'string', p);
			var abs = requireCore('path').resolve(p);
			if (p.charAt(p.length - 1) === '/' && abs !== '/') abs += '/';
			var enc = abs.replace(/%/g, '%25').replace(/\\/g, '%5C').replace(/\n/g, '%0A').replace(/\r/g, '%0D')
				.replace(/\t/g, '%09').replace(/#/g, '%23').replace(/\?/g, '%3F');
			return new URL('file://' + enc);
		}
		function legacy(name) {
			return function () {
				throw nodeError(Error, 'ERR_SBX_NOT_SUPPORTED', 'url.' + name + "() is node's legacy URL API, which sbx does not have: " +
					'use new URL(input, base) (the WHATWG URL API)');
			};
		}
		function makeUrlModule() {
			return {
				URL: URL, URLSearchParams: URLSearchParams, fileURLToPath: fileURLToPath, pathToFileURL: pathToFileURL,
				format: function format(u) {
					if (u instanceof URL) return u.href;
					return legacy('format')();
				},
				parse: legacy('parse'), resolve: legacy('resolve')
			};
		}
