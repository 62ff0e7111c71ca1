/* Unit tests: the rich results a child sends on the report fd ahead of its
 * report (sandbox/report_frames.c) and their bounds (core/results_stream.c):
 * frames only first, split across reads, an oversized one skipped unkept,
 * only an item's keys, at most RESULTS_MAX_ITEMS, the output limit. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/results.h"
#include "sandbox/report_frames.h"

struct seen {
	json_t *entries;
};

static void on_result(void *ctx, json_t *entry)
{
	struct seen *s = ctx;
	json_array_append(s->entries, entry);
}

static void on_write(void *ctx, int stream, const char *data, size_t len)
{
	(void)ctx, (void)stream, (void)data, (void)len;
}

/* The entries as compact, sorted JSON. */
static char *entries_text(struct seen *s)
{
	return json_dumps(s->entries, JSON_COMPACT | JSON_SORT_KEYS);
}

static void test_frames_then_report(void **state)
{
	(void)state;
	struct seen s = {json_array()};
	struct output_sink sink = {on_write, &s, on_result};
	struct report_frames f;
	report_frames_init(&f, &sink, 100, 1000);
	const char *in =
	    "\x1e{\"mime\":\"text/plain\",\"data\":\"a\",\"file\":\"/x\",\"status\":1}\n"
	    "\x1e{\"mime\":\"text/ht";
	assert_int_equal(report_frames_feed(&f, in, strlen(in)), strlen(in));
	/* The rest of a frame split across two reads, then the report. */
	const char *in2 =
	    "ml\",\"data\":\"<b>\"}\n{\"result\":1}\x1e{\"mime\":\"a/b\",\"data\":\"x\"}\n";
	size_t took = report_frames_feed(&f, in2, strlen(in2));
	assert_int_equal(took, strlen("ml\",\"data\":\"<b>\"}\n"));
	assert_true(f.report);
	/* After the report began, nothing is a frame. */
	assert_int_equal(report_frames_feed(&f, "\x1e{}\n", 4), 0);
	char *got = entries_text(&s);
	assert_string_equal(got, "[{\"bytes\":1,\"data\":\"a\",\"index\":0,\"mime\":\"text/plain\","
				 "\"truncated\":false},{\"bytes\":3,\"data\":\"<b>\",\"index\":1,"
				 "\"mime\":\"text/html\",\"truncated\":false}]");
	free(got);
	report_frames_release(&f);
	json_decref(s.entries);
}

static void test_oversized_and_invalid(void **state)
{
	(void)state;
	struct seen s = {json_array()};
	struct output_sink sink = {on_write, &s, on_result};
	struct report_frames f;
	report_frames_init(&f, &sink, 10, 64);
	/* Over frame_max: skipped to its newline, never kept whole. */
	char big[300];
	memset(big, 'x', sizeof big);
	assert_int_equal(report_frames_feed(&f, "\x1e{\"mime\":\"text/plain\",\"data\":\"", 30),
			 30);
	assert_int_equal(report_frames_feed(&f, big, sizeof big), sizeof big);
	assert_true(f.line.len <= 64);
	const char *rest = "\"}\n\x1enot json\n\x1e[1]\n\x1e{\"mime\":\"bad\",\"data\":\"x\"}\n"
			   "\x1e{\"mime\":\"text/plain\",\"data\":\"0123456789AB\"}\n"
			   "\x1e{\"mime\":\"text/plain\",\"data\":\"ok\",\"truncated\":true}\n";
	assert_int_equal(report_frames_feed(&f, rest, strlen(rest)), strlen(rest));
	assert_false(f.report);
	assert_int_equal(f.refused, 4);
	/* Past the output limit (10): named, data ""; a frame's own
	 * "truncated" beside its data is not its to say (sbx decides). */
	char *got = entries_text(&s);
	assert_string_equal(got, "[{\"bytes\":12,\"data\":\"\",\"index\":0,\"mime\":\"text/plain\","
				 "\"truncated\":true},{\"bytes\":2,\"data\":\"ok\",\"index\":1,"
				 "\"mime\":\"text/plain\",\"truncated\":false}]");
	free(got);
	report_frames_release(&f);
	json_decref(s.entries);
}

static void test_at_most_max_items(void **state)
{
	(void)state;
	struct results_stream rs = results_stream_start(1u << 20);
	json_t *item = json_pack("{s:s, s:s}", "mime", "text/plain", "data", "x");
	for (int i = 0; i < RESULTS_MAX_ITEMS; i++) {
		json_t *e = results_stream_take(&rs, item);
		assert_non_null(e);
		assert_int_equal(json_integer_value(json_object_get(e, "index")), i);
		json_decref(e);
	}
	assert_null(results_stream_take(&rs, item));
	assert_null(results_stream_take(&rs, NULL));
	json_decref(item);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_frames_then_report),
	    cmocka_unit_test(test_oversized_and_invalid),
	    cmocka_unit_test(test_at_most_max_items),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
