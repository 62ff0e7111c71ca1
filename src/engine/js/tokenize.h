/* tokenize — a JavaScript scanner that decides whether code needs lowering.
 *
 * Duktape 2.7 parses ES5.1 plus a few ES2015 pieces. Plain ES5 code skips
 * the transpiler (the fast path); anything newer goes through it. Whether
 * "Duktape parsed it" is not the test: Duktape accepts `const` with
 * function scope and would then run it wrongly. The scanner works on
 * tokens (strings, comments, template literals and regular expressions are
 * skipped properly), so `"=>"` in a string is not an arrow.
 *
 * It also notes which parts of the runtime library (src/engine/js/runtime/) the
 * code seems to use, by the identifiers it mentions; a false positive costs
 * a little load time, a false negative a TypeError, so it errs wide.
 */
#ifndef SBX_JS_TOKENIZE_H
#define SBX_JS_TOKENIZE_H

#include <stddef.h>

/* Runtime library groups; bit i is group i of src/engine/js/runtime/runtime.js. */
enum js_runtime_group {
	JS_RT_ITER = 1u << 0,	     /* Symbol.iterator on arrays, strings */
	JS_RT_COLLECTIONS = 1u << 1, /* Map, Set, WeakMap, WeakSet */
	JS_RT_PROMISE = 1u << 2,     /* Promise, Symbol.asyncIterator */
	JS_RT_ARRAY = 1u << 3,	     /* Array.from/of, find..., includes, flat, at */
	JS_RT_OBJECT = 1u << 4,	     /* Object.entries/values/fromEntries */
	JS_RT_STRING = 1u << 5,	     /* padStart, trimStart, replaceAll, at, ... */
	JS_RT_REGEX = 1u << 6,	     /* RegExp with named capture groups */
	JS_RT_ALL = (1u << 7) - 1,   /* every group above: a new one widens it */
};

struct js_scan {
	const char *feature; /* first construct needing lowering ("arrow function"), or NULL */
	unsigned line;	     /* its 1-based line; 0 if feature is NULL */
	unsigned runtime;    /* JS_RT_* the code seems to use */
};

/* Scans src (need not be NUL-terminated). Never fails: unterminated strings
 * or comments end the scan, and the compiler reports them later. */
void js_scan(const char *src, size_t len, struct js_scan *out);

#endif
