/* The core-js part of the runtime library (see runtime.js): the Array and
 * String methods, which are many, small and easy to get subtly wrong, so
 * they stay with core-js. Bundled by esbuild (build-aux/gen-ts.sh) into a
 * bytecode of its own that js_runtime_install() loads only when the code
 * mentions one of them; runtime.js runs the thunks of __sbx_corejs whose
 * bit (JS_CJ_* in src/engine/js/tokenize.h, the same order) the code asks
 * for: each module's feature tests cost, ~0.03 ms apiece in Duktape. */
var g = typeof globalThis === 'object' ? globalThis : this;
/* sbx's own: not enumerable (Object.keys(globalThis) is node's) */
Object.defineProperty(g, '__sbx_corejs', { writable: true, enumerable: false, configurable: true, value: [
	/*  0 */ function () { require('core-js/modules/es.array.from'); },
	/*  1 */ function () { require('core-js/modules/es.array.of'); },
	/*  2 */ function () { require('core-js/modules/es.array.find'); },
	/*  3 */ function () { require('core-js/modules/es.array.find-index'); },
	/*  4 */ function () { require('core-js/modules/es.array.find-last'); },
	/*  5 */ function () { require('core-js/modules/es.array.find-last-index'); },
	/*  6 */ function () { require('core-js/modules/es.array.includes'); },
	/*  7 */ function () { require('core-js/modules/es.array.fill'); },
	/*  8 */ function () { require('core-js/modules/es.array.flat'); },
	/*  9 */ function () { require('core-js/modules/es.array.flat-map'); },
	/* 10 */ function () { require('core-js/modules/es.array.at'); },
	/* 11 */ function () { require('core-js/modules/es.array.copy-within'); },
	/* 12 */ function () { require('core-js/modules/esnext.array.to-sorted'); },
	/* 13 */ function () { require('core-js/modules/esnext.array.to-reversed'); },
	/* 14 */ function () { require('core-js/modules/esnext.array.to-spliced'); },
	/* 15 */ function () { require('core-js/modules/esnext.array.with'); },
	/* 16 */ function () { require('core-js/modules/es.string.pad-start'); },
	/* 17 */ function () { require('core-js/modules/es.string.pad-end'); },
	/* 18 */ function () { require('core-js/modules/es.string.trim-start'); },
	/* 19 */ function () { require('core-js/modules/es.string.trim-end'); },
	/* 20 */ function () { require('core-js/modules/es.string.replace-all'); },
	/* 21 */ function () { require('core-js/modules/es.string.at-alternative'); },
	/* 22 */ function () { require('core-js/modules/es.string.code-point-at'); },
	/* 23 */ function () { require('core-js/modules/es.string.from-code-point'); },
	/* 24 */ function () { require('core-js/modules/es.string.raw'); },
	/* 25 */ function () { require('core-js/modules/es.string.match-all'); }
]});
