/* Unit tests for src/engine/js/tokenize.c: which code takes the ES5 fast path. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "engine/js/tokenize.h"

static const char *feature(const char *src)
{
	struct js_scan sc;
	js_scan(src, strlen(src), &sc);
	return sc.feature;
}

static unsigned runtime(const char *src)
{
	struct js_scan sc;
	js_scan(src, strlen(src), &sc);
	return sc.runtime;
}

static unsigned corejs(const char *src)
{
	struct js_scan sc;
	js_scan(src, strlen(src), &sc);
	return sc.corejs;
}

static void test_es5_is_fast(void **state)
{
	(void)state;
	static const char *const es5[] = {
	    "var x = 1 + 2; x",
	    "function f(a, b) { return a / b / 2; } f(4, 2)",
	    "var s = 'a => b ... ?. ?? `x` const class';",
	    "var t = \"let x = 1\"; // const y = 2\n/* class A {} => */ t",
	    "var re = /=>|`|\\.\\.\\./g; re.test('x')",
	    "var o = { a: 1, b: function () { return this.a; } }; o.b()",
	    "var let = 3; let + 1",
	    "for (var k in o) { console.log(k); }",
	    "var x = a ? .5 : 1;",
	    "var y = a ?.5:1;",
	    "if (a == b && c === d || !e) { x |= 1; y &= 2; }",
	    "var n = 0x1F + 1e-3 + 2.5e+10;",
	    "return inputs.a + inputs.b",
	    "#!/usr/bin/env node\nvar a = 1",
	    "var a = b / c; var d = /re/.test(a);",
	    "x = { 'of': 1 }; for (var i = 0; i < n; i++) {}",
	    "var a = b * c; function f() { return a * 2; }",
	};
	for (size_t i = 0; i < sizeof es5 / sizeof es5[0]; i++) {
		const char *f = feature(es5[i]);
		if (f)
			fail_msg("'%s' flagged as needing lowering: %s", es5[i], f);
	}
}

static void test_modern_is_lowered(void **state)
{
	(void)state;
	static const struct {
		const char *src, *feature;
	} cases[] = {
	    {"const x = 1;", "const"},
	    {"let x = 1;", "let"},
	    {"var f = x => x * 2;", "arrow function"},
	    {"var s = `hi ${name}`;", "template literal"},
	    {"class A {}", "class"},
	    {"f(...args)", "spread or rest (...)"},
	    {"var v = a?.b;", "optional chaining (?.)"},
	    {"var v = a ?? b;", "nullish coalescing (?\?)"},
	    {"for (var x of xs) {}", "for...of"},
	    {"async function f() {}", "async function"},
	    {"function* g() { yield 1; }", "generator (function*)"},
	    {"var g = function *() {};", "generator (function*)"},
	    {"function f(a, b = 2) {}", "default parameter"},
	    {"function f({ a, b }) {}", "destructuring parameter"},
	    {"function f(a, [b, c]) {}", "destructuring parameter"},
	    {"var { a, b } = o;", "destructuring declaration"},
	    {"var [a, b] = o;", "destructuring declaration"},
	    {"var n = 1_000;", "numeric separator"},
	    {"var n = 10n;", "BigInt literal"},
	    {"var n = 0b101;", "binary or octal literal"},
	    {"try { f(); } catch { }", "optional catch binding"},
	    {"a ||= b;", "logical assignment"},
	    {"var m = /(?<year>\\d+)/.exec(s);", "regular expression named group or lookbehind"},
	    {"var r = /x/u;", "regular expression flag"},
	    {"import fs from 'fs';", "import/export"},
	    {"f(a, b,)", "trailing comma in a call or parameter list"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *f = feature(cases[i].src);
		if (!f || strcmp(f, cases[i].feature) != 0)
			fail_msg("'%s': got %s, expected %s", cases[i].src, f ? f : "(none)",
				 cases[i].feature);
	}
}

static void test_feature_line(void **state)
{
	(void)state;
	struct js_scan sc;
	const char *src = "var a = 1;\n/* `x`\n */\nvar s = '=>';\nvar f = () => 1;\n";
	js_scan(src, strlen(src), &sc);
	assert_string_equal(sc.feature, "arrow function");
	assert_int_equal(sc.line, 5);
}

static void test_runtime_hints(void **state)
{
	(void)state;
	assert_int_equal(runtime("var x = 1 + 2"), 0);
	assert_true(runtime("var m = new Map();") & JS_RT_COLLECTIONS);
	assert_true(runtime("Promise.resolve(1)") & JS_RT_PROMISE);
	assert_true(runtime("xs.find(function (x) { return x; })") & JS_RT_ARRAY);
	assert_true(runtime("Object.entries(o)") & JS_RT_OBJECT);
	assert_true(runtime("'a'.padStart(3)") & JS_RT_STRING);
	assert_true(runtime("var s = `${new Set()}`;") & JS_RT_COLLECTIONS);
	/* words inside strings and comments are not uses */
	assert_int_equal(runtime("var s = 'Map Set Promise'; // find"), 0);
}

/* The core-js modules: the methods a program names, not their groups. */
static void test_corejs_modules(void **state)
{
	(void)state;
	assert_int_equal(corejs("var m = new Map(); Object.entries(o)"), 0);
	assert_int_equal(corejs("xs.find(f)"), JS_CJ_ARRAY_FIND);
	assert_int_equal(corejs("xs.includes(1) && s.padEnd(3)"),
			 JS_CJ_ARRAY_INCLUDES | JS_CJ_STRING_PAD_END);
	/* `at` is both Array's and String's; trimLeft is trimStart's module */
	assert_int_equal(corejs("x.at(-1)"), JS_CJ_ARRAY_AT | JS_CJ_STRING_AT);
	assert_int_equal(corejs("s.trimLeft()"), JS_CJ_STRING_TRIM_START);
	assert_int_equal(corejs("'s.padStart(2)' // flat"), 0);
	/* every module has a word that asks for it */
	assert_int_equal(
	    corejs(
		"from of find findIndex findLast findLastIndex includes fill flat flatMap at "
		"copyWithin toSorted toReversed toSpliced with padStart padEnd trimStart trimEnd "
		"replaceAll codePointAt fromCodePoint raw matchAll"),
	    JS_CJ_ALL);
}

/* What Duktape lacks and node runs (node_only): engine_choice.c runs it
 * under node. Literals are syntax; a global Duktape lacks is not. */
static void test_node_only(void **state)
{
	(void)state;
	static const struct {
		const char *src, *what;
		unsigned line;
		bool syntax;
	} cases[] = {
	    {"var f = 1n;", "a BigInt literal", 1, true},
	    {"let h = 0xcbf29ce484222325n", "a BigInt literal", 1, true},
	    {"var s = `${2n ** 64n}`;", "a BigInt literal", 1, true},
	    {"x;\n/(?<=a)b/.test(s)", "a regular expression lookbehind", 2, true},
	    {"s.match(/(?<!\\$)\\d+/g)", "a regular expression lookbehind", 1, true},
	    {"new RegExp('(?<=@)\\w+')", "a regular expression lookbehind", 1, false},
	    {"/\\p{L}+/u.test(s)", "a regular expression Unicode property escape", 1, true},
	    {"/a.b/s.test(s)", "the regular expression flag 's'", 1, true},
	    {"var r = /x/y;", "the regular expression flag 'y'", 1, true},
	    {"var r = /x/gd;", "the regular expression flag 'd'", 1, true},
	    {"var a = 1;\nBigInt(a) * 2", "BigInt", 2, false},
	    {"typeof WeakRef", "WeakRef", 1, false},
	    /* a literal wins over an earlier global: it is the certain one */
	    {"BigInt(1)\n+ 2n", "a BigInt literal", 2, true},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct js_scan sc;
		js_scan(cases[i].src, strlen(cases[i].src), &sc);
		if (!sc.node_only || strcmp(sc.node_only, cases[i].what) ||
		    sc.node_only_line != cases[i].line || sc.node_only_syntax != cases[i].syntax)
			fail_msg("'%s': got %s (line %u, syntax %d), expected %s", cases[i].src,
				 sc.node_only ? sc.node_only : "(none)", sc.node_only_line,
				 sc.node_only_syntax, cases[i].what);
	}
	static const char *const duktape[] = {
	    "var s = '10n BigInt /(?:a)/'; // 5n WeakRef /(?<=a)/",
	    "var o = {BigInt: 1, n: 2}; o.BigInt + x.WeakRef",
	    "var m = /(?<y>\\d+)/.exec(s); var r = /x/gim;",
	    "var x = 10; var y = x / 2 / n;",
	    "var a = 0x1F + 1e5; var BigIntish = 1;",
	};
	for (size_t i = 0; i < sizeof duktape / sizeof duktape[0]; i++) {
		struct js_scan sc;
		js_scan(duktape[i], strlen(duktape[i]), &sc);
		if (sc.node_only)
			fail_msg("'%s' flagged as needing node: %s", duktape[i], sc.node_only);
	}
}

static void test_unterminated_is_safe(void **state)
{
	(void)state;
	static const char *const bad[] = {"'abc",	   "/* x", "`abc ${", "/abc",
					  "var a = \"x\\", "0x",   "."};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		feature(bad[i]);
	js_scan("", 0, &(struct js_scan){0});
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_es5_is_fast),	   cmocka_unit_test(test_modern_is_lowered),
	    cmocka_unit_test(test_feature_line),   cmocka_unit_test(test_runtime_hints),
	    cmocka_unit_test(test_corejs_modules), cmocka_unit_test(test_unterminated_is_safe),
	    cmocka_unit_test(test_node_only),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
