/* Unit tests: strict size and duration parsing (opt.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "util/opt.h"

static void test_sizes_accepted(void **state)
{
	(void)state;
	static const struct {
		const char *in;
		uint64_t want;
	} cases[] = {
	    {"0", 0},
	    {"4096", 4096},
	    {"1k", 1024},
	    {"64K", 65536},
	    {"256M", 256ull << 20},
	    {"256MB", 256ull << 20},
	    {"256MiB", 256ull << 20},
	    {"1G", 1ull << 30},
	    {"1.5G", 3ull << 29},
	    {"100B", 100},
	    {"2T", 2ull << 40},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		uint64_t v = 12345;
		assert_int_equal(parse_size(cases[i].in, &v), 0);
		assert_true(v == cases[i].want);
	}
}

static void test_sizes_rejected(void **state)
{
	(void)state;
	static const char *const bad[] = {
	    "",	   "12XB", "-1", "+5", " 5",   "5 ",  "M",
	    "1e6", "0x10", "1.", ".",  "1..2", "5MM", "99999999999999999999T",
	    "1iB", "256Mi"};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		uint64_t v;
		assert_int_equal(parse_size(bad[i], &v), -1);
	}
	uint64_t v;
	assert_int_equal(parse_size(NULL, &v), -1);
}

static void test_durations(void **state)
{
	(void)state;
	static const struct {
		const char *in;
		uint64_t want;
	} ok[] = {
	    {"5", 5000},   {"2.5", 2500},   {"500ms", 500},	     {"2s", 2000},
	    {"1m", 60000}, {"1h", 3600000}, {"7d", 7ull * 86400000}, {".5", 500},
	};
	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		uint64_t v = 0;
		assert_int_equal(parse_duration_ms(ok[i].in, &v), 0);
		assert_true(v == ok[i].want);
	}
	static const char *const bad[] = {
	    "-1", "", "1x", "1 s", "s", "1e3", "inf", "nan", "1000000000000000d"};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		uint64_t v;
		assert_int_equal(parse_duration_ms(bad[i], &v), -1);
	}
}

static void test_opt_wrappers_reject_zero(void **state)
{
	(void)state;
	uint64_t v;
	assert_int_equal(opt_size("--memory", "0", &v), -1);
	assert_int_equal(opt_duration_ms("--timeout", "0", &v), -1);
	assert_int_equal(opt_duration_ms("--timeout", "0.0001", &v), -1);
	assert_int_equal(opt_uint("--block", "0", 1, 10, &v), -1);
	assert_int_equal(opt_uint("--block", "11", 1, 10, &v), -1);
	assert_int_equal(opt_uint("--block", "3x", 1, 10, &v), -1);
	assert_int_equal(opt_uint("--block", "-3", 1, 10, &v), -1);
	assert_int_equal(opt_uint("--block", "3", 1, 10, &v), 0);
	assert_true(v == 3);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_sizes_accepted),
	    cmocka_unit_test(test_sizes_rejected),
	    cmocka_unit_test(test_durations),
	    cmocka_unit_test(test_opt_wrappers_reject_zero),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
