/* node's library: require('path'): node's posix path functions (sbx
 * runs on Linux; path.posix is the same object).
 * A part of the closure head.js opens: uses its helpers. */
		function makePath() {
			function check(p, name) { if (typeof p !== 'string') throw argType(name || 'path', 'string', p); }
			function normalizeParts(p, absolute) {
				var parts = p.split('/'), out = [];
				for (var i = 0; i < parts.length; i++) {
					var s = parts[i];
					if (s === '' || s === '.') continue;
					if (s === '..') {
						if (out.length && out[out.length - 1] !== '..') out.pop();
						else if (!absolute) out.push('..');
					} else out.push(s);
				}
				return out.join('/');
			}
			var path = {
				sep: '/', delimiter: ':',
				normalize: function normalize(p) {
					check(p);
					if (p === '') return '.';
					var abs = p.charAt(0) === '/', trailing = p.charAt(p.length - 1) === '/';
					var r = normalizeParts(p, abs);
					if (r === '' && !abs) r = '.';
					if (r !== '' && trailing) r += '/';
					return (abs ? '/' : '') + r;
				},
				isAbsolute: function (p) { check(p); return p.charAt(0) === '/'; },
				join: function join() {
					var parts = [];
					for (var i = 0; i < arguments.length; i++) {
						check(arguments[i]);
						if (arguments[i] !== '') parts.push(arguments[i]);
					}
					return parts.length ? path.normalize(parts.join('/')) : '.';
				},
				resolve: function resolve() {
					var r = '', abs = false;
					for (var i = arguments.length - 1; i >= -1 && !abs; i--) {
						var p = i >= 0 ? arguments[i] : '/'; /* the sandbox's working directory */
						check(p);
						if (p === '') continue;
						r = p + '/' + r;
						abs = p.charAt(0) === '/';
					}
					r = normalizeParts(r, true);
					return '/' + r;
				},
				relative: function relative(from, to) {
					check(from, 'from'); check(to, 'to');
					from = path.resolve(from); to = path.resolve(to);
					if (from === to) return '';
					var f = from.split('/').filter(Boolean), t = to.split('/').filter(Boolean), i = 0;
					while (i < f.length && i < t.length && f[i] === t[i]) i++;
					var up = [];
					for (var j = i; j < f.length; j++) up.push('..');
					return up.concat(t.slice(i)).join('/');
				},
				dirname: function dirname(p) {
					check(p);
					if (p === '') return '.';
					var end = p.length;
					while (end > 1 && p.charAt(end - 1) === '/') end--;
					var i = p.lastIndexOf('/', end - 1);
					if (i < 0) return '.';
					if (i === 0) return '/';
					var d = p.slice(0, i);
					while (d.length > 1 && d.charAt(d.length - 1) === '/') d = d.slice(0, -1);
					return d;
				},
				basename: function basename(p, ext) {
					check(p);
					if (ext !== undefined) check(ext, 'ext');
					var end = p.length;
					while (end > 0 && p.charAt(end - 1) === '/') end--;
					var b = p.slice(p.lastIndexOf('/', end - 1) + 1, end);
					if (ext !== undefined && ext !== b && b.slice(b.length - ext.length) === ext) b = b.slice(0, b.length - ext.length);
					return b;
				},
				extname: function extname(p) {
					check(p);
					var b = path.basename(p), i = b.lastIndexOf('.');
					if (i <= 0 || (b === '..')) return '';
					return b.slice(i);
				},
				parse: function parse(p) {
					check(p);
					var root = p.charAt(0) === '/' ? '/' : '', base = path.basename(p), ext = path.extname(p);
					var dir = path.dirname(p);
					if (dir === '.' && p.indexOf('/') < 0) dir = '';
					return { root: root, dir: p === '' ? '' : dir, base: base, ext: ext, name: ext ? base.slice(0, base.length - ext.length) : base };
				},
				format: function format_(o) {
					if (!isObj(o)) throw argType('pathObject', 'object', o);
					var dir = o.dir || o.root, base = o.base || ((o.name || '') + (o.ext ? (o.ext.charAt(0) === '.' ? '' : '.') + o.ext : ''));
					if (!dir) return base;
					return dir === o.root ? dir + base : dir + '/' + base;
				},
				toNamespacedPath: function (p) { return p; }
			};
			path.posix = path;
			return path;
		}
