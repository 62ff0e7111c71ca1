/* Unit tests: a session kernel's control frames, checked as outside input
 * (session_frames.c): only each kind's fields, of their types, bounded. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "session/session_int.h"

static json_t *check(const char *text)
{
	return session_frame_check(json_loads(text, 0, NULL));
}

static char *text_of(json_t *j)
{
	return json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS);
}

static void expect_frame(const char *in, const char *want)
{
	json_t *f = check(in);
	assert_non_null(f);
	char *got = text_of(f);
	assert_string_equal(got, want);
	free(got);
	json_decref(f);
}

static void test_kinds_keep_their_fields(void **state)
{
	(void)state;
	expect_frame("{\"start\":3}", "{\"start\":3}");
	expect_frame("{\"done\":3,\"exit_code\":2,\"report\":[\"{}\"],\"interrupted\":false,"
		     "\"cpu_ms\":0.5,\"maxrss_kb\":7,\"extra\":{\"a\":1}}",
		     "{\"cpu_ms\":0.5,\"done\":3,\"exit_code\":2,\"interrupted\":false,"
		     "\"maxrss_kb\":7.0,\"report\":[\"{}\"]}");
	expect_frame(
	    "{\"saved\":3,\"ms\":1.5,\"bytes\":10,\"unsaved\":[\"a (b)\"],\"replay\":\"x\"}",
	    "{\"bytes\":10,\"ms\":1.5,\"replay\":\"x\",\"saved\":3,\"unsaved\":[\"a (b)\"]}");
	expect_frame("{\"ready\":true,\"restored\":true,\"unsaved\":[]}",
		     "{\"ready\":true,\"restored\":true,\"unsaved\":[]}");
	expect_frame("{\"exiting\":4,\"exit_code\":3}", "{\"exit_code\":3,\"exiting\":4}");
	expect_frame("{\"result\":5,\"item\":\"{}\",\"index\":9}",
		     "{\"item\":\"{}\",\"result\":5}");
}

static void test_wrong_types_and_kinds(void **state)
{
	(void)state;
	assert_null(check("[1]"));
	assert_null(check("{\"other\":1}"));
	assert_null(check("{\"start\":\"3\"}"));
	assert_null(check("{\"done\":-1}"));
	assert_null(check("{\"exiting\":4,\"exit_code\":300}"));
	/* A result's item is its JSON text, taken apart by the daemon. */
	assert_null(check("{\"result\":5,\"item\":{\"mime\":\"text/plain\"}}"));
	assert_null(check("{\"result\":-5,\"item\":\"{}\"}"));
	/* An exit code out of range is a failure, not a success. */
	expect_frame("{\"done\":1,\"exit_code\":256}",
		     "{\"cpu_ms\":0.0,\"done\":1,\"exit_code\":1,\"interrupted\":false,"
		     "\"maxrss_kb\":0.0,\"report\":[]}");
	expect_frame("{\"done\":1,\"exit_code\":\"0\",\"report\":[{\"a\":1}],\"cpu_ms\":[1]}",
		     "{\"cpu_ms\":0.0,\"done\":1,\"exit_code\":1,\"interrupted\":false,"
		     "\"maxrss_kb\":0.0,\"report\":[]}");
	expect_frame("{\"saved\":1,\"ms\":[[[]]],\"bytes\":-5,\"unsaved\":[[[[1]]],2,\"ok\"]}",
		     "{\"bytes\":0,\"ms\":0.0,\"saved\":1,\"unsaved\":[\"ok\"]}");
}

static void test_bounds(void **state)
{
	(void)state;
	/* Nested far beyond what the manifest's reader takes: dropped. */
	char deep[4096 + 64] = "{\"saved\":1,\"unsaved\":";
	size_t n = strlen(deep);
	for (int i = 0; i < 2000; i++)
		deep[n++] = '[';
	for (int i = 0; i < 2000; i++)
		deep[n++] = ']';
	strcpy(deep + n, "}");
	json_t *f = check(deep);
	if (f) { /* jansson may refuse it itself; either way nothing deep */
		assert_int_equal(json_array_size(json_object_get(f, "unsaved")), 0);
		json_decref(f);
	}
	/* 100 names, each 1000 bytes: 64 kept, cut, and a count of the rest. */
	json_t *in = json_pack("{s:i, s:[]}", "saved", 1, "unsaved");
	char *big = malloc(1001);
	memset(big, 'x', 1000);
	big[1000] = 0;
	for (int i = 0; i < 100; i++)
		json_array_append_new(json_object_get(in, "unsaved"), json_string(big));
	free(big);
	f = session_frame_check(in);
	json_t *u = json_object_get(f, "unsaved");
	assert_int_equal(json_array_size(u), 65);
	assert_true(json_string_length(json_array_get(u, 0)) <= 303);
	assert_string_equal(json_string_value(json_array_get(u, 64)), "and 36 more");
	json_decref(f);
	/* A cut at a UTF-8 character's start. */
	in = json_pack("{s:b, s:[s]}", "ready", 1, "unsaved", "");
	struct buf b = BUF_INIT;
	buf_puts(&b, "a");
	for (int i = 0; i < 400; i++)
		buf_puts(&b, "\xc3\xa9");
	json_array_set_new(json_object_get(in, "unsaved"), 0, json_stringn(b.data, b.len));
	buf_release(&b);
	f = session_frame_check(in);
	assert_non_null(json_string_value(json_array_get(json_object_get(f, "unsaved"), 0)));
	json_decref(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_kinds_keep_their_fields),
	    cmocka_unit_test(test_wrong_types_and_kinds),
	    cmocka_unit_test(test_bounds),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
