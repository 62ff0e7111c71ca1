/* Unit tests for jsonfmt.c: the shortest text that reads back as the same
 * double, laid out as JavaScript prints numbers, and whole values. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "jsonfmt.h"

static void expect_double(double d, const char *want)
{
	char out[32];
	size_t n = jsonfmt_double(out, d);
	assert_string_equal(out, want);
	assert_int_equal(n, strlen(want));
	if (strcmp(want, "null") != 0)
		assert_true(strtod(out, NULL) == d);
}

static void test_shortest(void **state)
{
	(void)state;
	expect_double(0.1, "0.1");
	expect_double(1.0 / 3, "0.3333333333333333");
	expect_double(0.1 + 0.2, "0.30000000000000004");
	expect_double(3.141592653589793, "3.141592653589793");
	expect_double(100.0, "100.0");
	expect_double(-2.5, "-2.5");
	expect_double(0.0, "0.0");
	expect_double(-0.0, "-0.0");
	expect_double(1e21, "1e+21");
	expect_double(1.5e300, "1.5e+300");
	expect_double(1e-7, "1e-7");
	expect_double(1.25e-7, "1.25e-7");
	expect_double(0.000001, "0.000001");
	expect_double(123456.789, "123456.789");
	expect_double(5e-324, "5e-324");
	expect_double(1.7976931348623157e308, "1.7976931348623157e+308");
	expect_double(1.0 / 0.0, "null");
}

static void test_values(void **state)
{
	(void)state;
	json_t *v = json_pack("{s:[f,i,s,b,n],s:{}}", "a", 0.1, 42, "\"x\"\n", 1, "b");
	char *s = jsonfmt_dumps(v, JSON_COMPACT);
	assert_string_equal(s, "{\"a\":[0.1,42,\"\\\"x\\\"\\n\",true,null],\"b\":{}}");
	free(s);
	s = jsonfmt_dumps(v, JSON_INDENT(2));
	assert_string_equal(s,
			    "{\n  \"a\": [\n    0.1,\n    42,\n    \"\\\"x\\\"\\n\",\n    true,\n"
			    "    null\n  ],\n  \"b\": {}\n}");
	free(s);
	json_decref(v);
	v = json_real(0.7);
	assert_null(jsonfmt_dumps(v, JSON_COMPACT));
	s = jsonfmt_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
	assert_string_equal(s, "0.7");
	free(s);
	json_decref(v);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_shortest),
	    cmocka_unit_test(test_values),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
