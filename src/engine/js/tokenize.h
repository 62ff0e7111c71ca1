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

#include <stdbool.h>
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

/* The core-js modules of JS_RT_ARRAY and JS_RT_STRING, one bit each, in the
 * order of src/engine/js/runtime/corejs.js: each costs its feature tests
 * when it runs, so a program gets the methods it names, not the groups. */
enum js_corejs_module {
	JS_CJ_ARRAY_FROM = 1u << 0,
	JS_CJ_ARRAY_OF = 1u << 1,
	JS_CJ_ARRAY_FIND = 1u << 2,
	JS_CJ_ARRAY_FIND_INDEX = 1u << 3,
	JS_CJ_ARRAY_FIND_LAST = 1u << 4,
	JS_CJ_ARRAY_FIND_LAST_INDEX = 1u << 5,
	JS_CJ_ARRAY_INCLUDES = 1u << 6,
	JS_CJ_ARRAY_FILL = 1u << 7,
	JS_CJ_ARRAY_FLAT = 1u << 8,
	JS_CJ_ARRAY_FLAT_MAP = 1u << 9,
	JS_CJ_ARRAY_AT = 1u << 10,
	JS_CJ_ARRAY_COPY_WITHIN = 1u << 11,
	JS_CJ_ARRAY_TO_SORTED = 1u << 12,
	JS_CJ_ARRAY_TO_REVERSED = 1u << 13,
	JS_CJ_ARRAY_TO_SPLICED = 1u << 14,
	JS_CJ_ARRAY_WITH = 1u << 15,
	JS_CJ_STRING_PAD_START = 1u << 16,
	JS_CJ_STRING_PAD_END = 1u << 17,
	JS_CJ_STRING_TRIM_START = 1u << 18,
	JS_CJ_STRING_TRIM_END = 1u << 19,
	JS_CJ_STRING_REPLACE_ALL = 1u << 20,
	JS_CJ_STRING_AT = 1u << 21,
	JS_CJ_STRING_CODE_POINT_AT = 1u << 22,
	JS_CJ_STRING_FROM_CODE_POINT = 1u << 23,
	JS_CJ_STRING_RAW = 1u << 24,
	JS_CJ_STRING_MATCH_ALL = 1u << 25,
	JS_CJ_ALL = (1u << 26) - 1, /* every module above: a new one widens it */
};

struct js_scan {
	const char *feature; /* first construct needing lowering ("arrow function"), or NULL */
	unsigned line;	     /* its 1-based line; 0 if feature is NULL */
	unsigned runtime;    /* JS_RT_* the code seems to use */
	unsigned corejs;     /* JS_CJ_* the code seems to use */
	/* The first construct Duktape lacks and node runs ("a BigInt
	 * literal"), or NULL: run/engine_choice.c runs such code under node.
	 * node_only_syntax: Duktape's lowering refuses it (a literal), where
	 * a global it lacks (BigInt, WeakRef) fails only if it is reached. */
	const char *node_only;
	unsigned node_only_line;
	bool node_only_syntax;
};

/* Scans src (need not be NUL-terminated). Never fails: unterminated strings
 * or comments end the scan, and the compiler reports them later. */
void js_scan(const char *src, size_t len, struct js_scan *out);
/* The same scan without the runtime hints (runtime, corejs stay 0), for
 * node_only alone: the word table is most of a scan's cost, and the
 * engine's choice runs on every JavaScript request (run/engine_choice.c). */
void js_scan_node_only(const char *src, size_t len, struct js_scan *out);

#endif
