/* Unit tests: shortest round-trip doubles and the JSON writer (jsonout.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/jsonout.h"

static void expect_double(double d, const char *want)
{
	char buf[64];
	jsonout_double(d, buf, sizeof buf);
	assert_string_equal(buf, want);
}

static void test_shortest_forms(void **state)
{
	(void)state;
	/* Python's repr() of the same doubles. */
	expect_double(0.1, "0.1");
	expect_double(0.1 + 0.2, "0.30000000000000004");
	expect_double(3.141592653589793, "3.141592653589793");
	expect_double(1.0 / 3.0, "0.3333333333333333");
	expect_double(2.0, "2.0");
	expect_double(-0.0, "-0.0");
	expect_double(1e16, "1e+16");
	expect_double(1e15, "1000000000000000.0");
	expect_double(1e-5, "1e-05");
	expect_double(0.0001, "0.0001");
	expect_double(5e-324, "5e-324");
	expect_double(DBL_MAX, "1.7976931348623157e+308");
	expect_double(123456789012345678.0, "1.2345678901234568e+17");
	expect_double(-1.5, "-1.5");
}

static void test_round_trips(void **state)
{
	(void)state;
	/* Random bit patterns: every finite double reads back exactly, in at
	 * most 17 significant digits. */
	uint64_t x = 0x9e3779b97f4a7c15ull;
	for (int i = 0; i < 200000; i++) {
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		double d;
		memcpy(&d, &x, sizeof d);
		if (!isfinite(d))
			continue;
		char buf[64];
		jsonout_double(d, buf, sizeof buf);
		assert_true(strtod(buf, NULL) == d);
		assert_true(strlen(buf) <= 25);
	}
}

static void test_document(void **state)
{
	(void)state;
	json_t *v = json_pack("{s:f, s:[i, f, s, b, n], s:{}}", "pi", 3.141592653589793, "a", 7,
			      0.1, "q\"\n\x01", 1, "o");
	char *text = jsonout_dumps(v);
	assert_string_equal(text,
			    "{\"pi\":3.141592653589793,\"a\":[7,0.1,\"q\\\"\\n\\u0001\",true,null],"
			    "\"o\":{}}");
	free(text);
	json_decref(v);
	json_t *s = json_stringn("a\0b", 3);
	text = jsonout_dumps(s);
	assert_string_equal(text, "\"a\\u0000b\"");
	free(text);
	json_decref(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_shortest_forms),
	    cmocka_unit_test(test_round_trips),
	    cmocka_unit_test(test_document),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
