/* The core-js part of the runtime library (see runtime.js): the Array and
 * String methods, which are many, small and easy to get subtly wrong, so
 * they stay with core-js. Bundled by esbuild (build-aux/gen-ts.sh) into a
 * bytecode of its own that js_runtime_install() loads only when the code
 * mentions one of them; runtime.js runs the thunks in __sbx_corejs. */
var g = typeof globalThis === 'object' ? globalThis : this;
g.__sbx_corejs = [
	/* JS_RT_ARRAY */
	function () {
		require('core-js/modules/es.array.from');
		require('core-js/modules/es.array.of');
		require('core-js/modules/es.array.find');
		require('core-js/modules/es.array.find-index');
		require('core-js/modules/es.array.find-last');
		require('core-js/modules/es.array.find-last-index');
		require('core-js/modules/es.array.includes');
		require('core-js/modules/es.array.fill');
		require('core-js/modules/es.array.flat');
		require('core-js/modules/es.array.flat-map');
		require('core-js/modules/es.array.at');
		require('core-js/modules/es.array.copy-within');
		require('core-js/modules/esnext.array.to-sorted');
		require('core-js/modules/esnext.array.to-reversed');
		require('core-js/modules/esnext.array.to-spliced');
		require('core-js/modules/esnext.array.with');
	},
	/* JS_RT_STRING */
	function () {
		require('core-js/modules/es.string.pad-start');
		require('core-js/modules/es.string.pad-end');
		require('core-js/modules/es.string.trim-start');
		require('core-js/modules/es.string.trim-end');
		require('core-js/modules/es.string.replace-all');
		require('core-js/modules/es.string.at-alternative');
		require('core-js/modules/es.string.code-point-at');
		require('core-js/modules/es.string.from-code-point');
		require('core-js/modules/es.string.raw');
		require('core-js/modules/es.string.match-all');
	}
];
