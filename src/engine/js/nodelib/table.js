/* node's library: console.table's text, laid out as node draws it.
 * A part of the closure head.js opens: uses its helpers. */
		function table(data, properties) {
			function _inspect(v) {
				var depth = v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 2 ? -1 : 0;
				return inspect(v, depth, false, { maxArr: 3, brk: Infinity });
			}
			function idx(n) { var a = []; for (var i = 0; i < n; i++) a.push(_inspect(i)); return a; }
			function render(head, columns) {
				var rows = [], widths = head.map(function (h) { return h.length; }), longest = 0, i, j;
				for (i = 0; i < columns.length; i++) longest = Math.max(longest, columns[i].length);
				for (i = 0; i < head.length; i++) {
					for (j = 0; j < longest; j++) {
						if (!rows[j]) rows[j] = [];
						var v = rows[j][i] = hasOwn.call(columns[i], j) ? columns[i][j] : '';
						widths[i] = Math.max(widths[i] || 0, v.length);
					}
				}
				function row(r) {
					var out = '│ ';
					for (var k = 0; k < r.length; k++) {
						out += r[k] + repeat(' ', widths[k] - r[k].length); /* node 20.20: left-aligned */
						if (k !== r.length - 1) out += ' │ ';
					}
					return out + ' │';
				}
				var div = widths.map(function (w) { return repeat('─', w + 2); });
				var res = '┌' + div.join('┬') + '┐\n' + row(head) + '\n├' + div.join('┼') + '┤\n';
				for (i = 0; i < rows.length; i++) res += row(rows[i]) + '\n';
				return res + '└' + div.join('┴') + '┘';
			}
			var tag = tagOf(data), keys = [], values = [], i;
			if (tag === 'Map') {
				var ents = entriesOf(data);
				for (i = 0; i < ents.length; i++) { keys.push(_inspect(ents[i][0])); values.push(_inspect(ents[i][1])); }
				return render(['(iteration index)', 'Key', 'Values'], [idx(ents.length), keys, values]);
			}
			if (tag === 'Set') {
				var se = entriesOf(data);
				for (i = 0; i < se.length; i++) values.push(_inspect(se[i][0]));
				return render(['(iteration index)', 'Values'], [idx(se.length), values]);
			}
			var map = Object.create(null), order = [], hasPrim = false, valuesCol = [];
			var index = Object.keys(data);
			for (i = 0; i < index.length; i++) {
				var item = data[index[i]];
				var prim = item === null || (typeof item !== 'function' && typeof item !== 'object');
				if (properties === undefined && prim) {
					hasPrim = true;
					valuesCol[i] = _inspect(item);
				} else {
					var ks = properties || Object.keys(item);
					for (var k = 0; k < ks.length; k++) {
						var key = ks[k];
						if (map[key] === undefined) { map[key] = []; order.push(key); }
						map[key][i] = (prim && properties) || !hasOwn.call(item, key) ? '' : _inspect(item[key]);
					}
				}
			}
			var head = order.slice(), cols = order.map(function (k) { return map[k]; });
			if (hasPrim) { head.push('Values'); cols.push(valuesCol); }
			head.unshift('(index)');
			cols.unshift(index);
			return render(head, cols);
		}
