/* node's library: structuredClone: the structured clone algorithm for
 * what ES5 code can hold (cycles, Map, Set, Date, RegExp, errors, typed
 * arrays); functions, symbols, WeakMap, WeakSet and Promise throw a
 * DataCloneError.
 * A part of the closure head.js opens: uses its helpers. */
		function DataCloneError(msg) { var e = new Error(msg); e.name = 'DataCloneError'; return e; }
		function structuredClone(v, argc) {
			if (argc === 0) throw new TypeError("Failed to execute 'structuredClone' on 'Window': 1 argument required, but only 0 present.");
			var seen = [];
			function clone(x) {
				if (typeof x === 'symbol') throw DataCloneError(String(x) + ' could not be cloned.');
				if (!isObj(x)) return x;
				if (typeof x === 'function') throw DataCloneError((x.toString ? Function.prototype.toString.call(x) : 'function') + ' could not be cloned.');
				for (var i = 0; i < seen.length; i++) if (seen[i][0] === x) return seen[i][1];
				var tag = tagOf(x), out, k;
				if (tag === 'Date') out = new Date(x.getTime());
				else if (tag === 'RegExp') out = new RegExp(x.source, String(x).slice(String(x).lastIndexOf('/') + 1));
				else if (tag === 'Number' || tag === 'String' || tag === 'Boolean') out = Object(x.valueOf());
				else if (tag === 'Map') { out = new G.Map(); seen.push([x, out]); entriesOf(x).forEach(function (e) { out.set(clone(e[0]), clone(e[1])); }); return out; }
				else if (tag === 'Set') { out = new G.Set(); seen.push([x, out]); entriesOf(x).forEach(function (e) { out.add(clone(e[0])); }); return out; }
				else if (P.isError(x)) {
					var C = /^(Eval|Range|Reference|Syntax|Type|URI)Error$/.test(x.name) ? G[x.name] : Error;
					out = new C(x.message);
					if (x.stack !== undefined) defHidden(out, 'stack', x.stack);
					seen.push([x, out]);
					if ('cause' in x) defHidden(out, 'cause', clone(x.cause));
					return out;
				} else if (Array.isArray(x)) out = new Array(x.length);
				else if (tag === 'Object' || tag === 'Arguments') out = {};
				else if (/Array$|ArrayBuffer|DataView/.test(tag) && x.slice) return x.slice(0);
				else if (tag === 'WeakMap' || tag === 'WeakSet' || tag === 'Promise') throw DataCloneError('#<' + tag + '> could not be cloned.');
				else out = {};
				seen.push([x, out]);
				var keys = Object.keys(x);
				for (i = 0; i < keys.length; i++) {
					k = keys[i];
					out[k] = clone(x[k]);
				}
				return out;
			}
			return clone(v);
		}
