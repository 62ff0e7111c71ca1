/* node's library: require('util'): inspect and format (the prelude's),
 * types, inherits, deprecate, promisify, callbackify.
 * A part of the closure head.js opens: uses its helpers and
 * isDeepStrictEqual (deepequal.js). */
		function makeUtil() {
			var custom = typeof Symbol === 'function' ? Symbol['for']('nodejs.util.inspect.custom') : '@@nodejs.util.inspect.custom';
			function utilInspect(v, opts) {
				var o = isObj(opts) ? opts : {};
				if (typeof opts === 'boolean') o = { showHidden: opts, depth: arguments[2] };
				var d = o.depth === null ? Infinity : o.depth === undefined ? 2 : o.depth;
				return inspect(v, d, !!o.showHidden, { brk: o.breakLength, compact: o.compact, sorted: o.sorted, maxArr: o.maxArrayLength });
			}
			utilInspect.custom = custom;
			utilInspect.defaultOptions = { depth: 2, showHidden: false, breakLength: 80, compact: 3 };
			function isTag(t) { return function (v) { return isObj(v) && tagOf(v) === t; }; }
			var types = {
				isDate: isTag('Date'), isRegExp: isTag('RegExp'), isMap: isTag('Map'), isSet: isTag('Set'),
				isWeakMap: isTag('WeakMap'), isWeakSet: isTag('WeakSet'), isPromise: isTag('Promise'),
				isNativeError: function (v) { return P.isError(v); },
				isMapIterator: isTag('Map Iterator'), isSetIterator: isTag('Set Iterator'),
				isGeneratorFunction: function (v) { return typeof v === 'function' && /Generator/.test(Object.getPrototypeOf(v).constructor.name); },
				isAsyncFunction: function (v) { return typeof v === 'function' && /^Async/.test(Object.getPrototypeOf(v).constructor.name); },
				isBoxedPrimitive: function (v) { return isObj(v) && /^(Number|String|Boolean|Symbol)$/.test(tagOf(v)); },
				isArrayBuffer: isTag('ArrayBuffer'),
				isTypedArray: function (v) { return isObj(v) && /^(Ui|I)nt(8|16|32)(Clamped)?Array$|^Float(32|64)Array$/.test(tagOf(v)); }
			};
			return {
				inspect: utilInspect,
				format: function () { return format(slice.call(arguments)); },
				formatWithOptions: function (o) { return format(slice.call(arguments, 1)); },
				isDeepStrictEqual: isDeepStrictEqual,
				types: types,
				isArray: Array.isArray,
				isDate: types.isDate, isRegExp: types.isRegExp, isError: types.isNativeError,
				isFunction: function (v) { return typeof v === 'function'; },
				isString: function (v) { return typeof v === 'string'; },
				isNumber: function (v) { return typeof v === 'number'; },
				isObject: function (v) { return v !== null && typeof v === 'object'; },
				isPrimitive: function (v) { return v === null || (typeof v !== 'object' && typeof v !== 'function'); },
				isNullOrUndefined: function (v) { return v === null || v === undefined; },
				inherits: function (ctor, superCtor) {
					defHidden(ctor, 'super_', superCtor);
					Object.setPrototypeOf(ctor.prototype, superCtor.prototype);
				},
				deprecate: function (fn, msg, code) {
					var warned = false;
					return function () {
						if (!warned) {
							warned = true;
							P.warning((code ? '[' + code + '] ' : '') + msg, 'DeprecationWarning');
						}
						return fn.apply(this, arguments);
					};
				},
				promisify: function promisify(fn) {
					if (typeof fn !== 'function') throw argType('original', 'function', fn);
					if (fn[promisify.custom]) return fn[promisify.custom];
					needPromise();
					return function () {
						var self = this, args = slice.call(arguments);
						return new Promise(function (resolve, reject) {
							args.push(function (err, value) {
								if (err) reject(err);
								else resolve(arguments.length > 2 ? slice.call(arguments, 1) : value);
							});
							fn.apply(self, args);
						});
					};
				},
				callbackify: function (fn) {
					return function () {
						var args = slice.call(arguments), cb = args.pop(), self = this;
						fn.apply(self, args).then(function (v) { cb(null, v); }, function (e) {
							if (!e) { var w = new Error('Promise was rejected with a falsy value'); w.reason = e; e = w; }
							cb(e);
						});
					};
				},
				TextEncoder: G.TextEncoder, TextDecoder: G.TextDecoder
			};
		}
