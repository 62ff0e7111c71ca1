/* Generator objects as node shows them: Object.prototype.toString gives
 * [object Generator] (or AsyncGenerator) and util.inspect
 * `Object [Generator] {}`, with next/throw/return inherited, not own
 * enumerable properties.
 *
 * The lowering (TypeScript, target ES5) turns `function*` into a state
 * machine run by its __generator helper, and `async function*` by
 * __asyncGenerator and __await; the code it emits takes a global helper
 * of that name when there is one (`var __generator = (this &&
 * this.__generator) || function ...`). These are TypeScript's helpers
 * (TypeScript 5, Apache-2.0, as tslib has them) unchanged, wrapped so that
 * the object they return inherits from a prototype of the right
 * Symbol.toStringTag. */
(function () {
	var setProto = Object.setPrototypeOf;

	/* typescript.js's __generator */
	var tsGenerator = function (thisArg, body) {
		var _ = { label: 0, sent: function() { if (t[0] & 1) throw t[1]; return t[1]; }, trys: [], ops: [] }, f, y, t, g = Object.create((typeof Iterator === "function" ? Iterator : Object).prototype);
		return g.next = verb(0), g["throw"] = verb(1), g["return"] = verb(2), typeof Symbol === "function" && (g[Symbol.iterator] = function() { return this; }), g;
		function verb(n) { return function (v) { return step([n, v]); }; }
		function step(op) {
			if (f) throw new TypeError("Generator is already executing.");
			while (g && (g = 0, op[0] && (_ = 0)), _) try {
				if (f = 1, y && (t = op[0] & 2 ? y["return"] : op[0] ? y["throw"] || ((t = y["return"]) && t.call(y), 0) : y.next) && !(t = t.call(y, op[1])).done) return t;
				if (y = 0, t) op = [op[0] & 2, t.value];
				switch (op[0]) {
					case 0: case 1: t = op; break;
					case 4: _.label++; return { value: op[1], done: false };
					case 5: _.label++; y = op[1]; op = [0]; continue;
					case 7: op = _.ops.pop(); _.trys.pop(); continue;
					default:
						if (!(t = _.trys, t = t.length > 0 && t[t.length - 1]) && (op[0] === 6 || op[0] === 2)) { _ = 0; continue; }
						if (op[0] === 3 && (!t || (op[1] > t[0] && op[1] < t[3]))) { _.label = op[1]; break; }
						if (op[0] === 6 && _.label < t[1]) { _.label = t[1]; t = op; break; }
						if (t && _.label < t[2]) { _.label = t[2]; _.ops.push(op); break; }
						if (t[2]) _.ops.pop();
						_.trys.pop(); continue;
				}
				op = body.call(thisArg, _);
			} catch (e) { op = [6, e]; y = 0; } finally { f = t = 0; }
			if (op[0] & 5) throw op[1]; return { value: op[0] ? op[1] : void 0, done: true };
		}
	};

	/* typescript.js's __await and __asyncGenerator */
	var __await = function (v) { return this instanceof __await ? (this.v = v, this) : new __await(v); };
	var tsAsyncGenerator = function (thisArg, _arguments, generator) {
		if (!Symbol.asyncIterator) throw new TypeError("Symbol.asyncIterator is not defined.");
		var g = generator.apply(thisArg, _arguments || []), i, q = [];
		return i = Object.create((typeof AsyncIterator === "function" ? AsyncIterator : Object).prototype), verb("next"), verb("throw"), verb("return", awaitReturn), i[Symbol.asyncIterator] = function () { return this; }, i;
		function awaitReturn(f) { return function (v) { return Promise.resolve(v).then(f, reject); }; }
		function verb(n, f) { if (g[n]) { i[n] = function (v) { return new Promise(function (a, b) { q.push([n, v, a, b]) > 1 || resume(n, v); }); }; if (f) i[n] = f(i[n]); } }
		function resume(n, v) { try { step(g[n](v)); } catch (e) { settle(q[0][3], e); } }
		function step(r) { r.value instanceof __await ? Promise.resolve(r.value.v).then(fulfill, reject) : settle(q[0][2], r); }
		function fulfill(value) { resume("next", value); }
		function reject(value) { resume("throw", value); }
		function settle(f, v) { if (f(v), q.shift(), q.length) resume(q[0][0], q[0][1]); }
	};

	function hide(o, k, v) {
		Object.defineProperty(o, k, { value: v, writable: true, enumerable: false, configurable: true });
	}
	/* The prototypes are made on first use: Symbol.iterator and
	 * Symbol.asyncIterator come with the runtime library, installed after
	 * this file runs. */
	var protos = {};
	function adopt(o, tag, iterKey) {
		var p = protos[tag];
		if (!p) {
			p = protos[tag] = {};
			Object.defineProperty(p, Symbol.toStringTag, { value: tag, configurable: true });
			if (iterKey) hide(p, iterKey, function () { return this; });
		}
		var names = ['next', 'throw', 'return'];
		for (var n = 0; n < names.length; n++) if (o[names[n]]) hide(o, names[n], o[names[n]]);
		delete o[iterKey]; /* (TypeScript's g[undefined] without Symbol.iterator) */
		setProto(o, p);
		return o;
	}

	hide(G, '__generator', function __generator(thisArg, body) {
		return adopt(tsGenerator(thisArg, body), 'Generator', typeof Symbol === 'function' ? Symbol.iterator : undefined);
	});
	hide(G, '__await', __await);
	hide(G, '__asyncGenerator', function __asyncGenerator(thisArg, _arguments, generator) {
		return adopt(tsAsyncGenerator(thisArg, _arguments, generator), 'AsyncGenerator', Symbol.asyncIterator);
	});
})();
