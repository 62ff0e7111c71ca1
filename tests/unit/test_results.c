/* Unit tests: the rich results' checks and bounds (core/results.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "core/results.h"

static void test_mime(void **state)
{
	(void)state;
	assert_true(results_mime_valid("image/png"));
	assert_true(results_mime_valid("image/svg+xml"));
	assert_true(results_mime_valid("application/vnd.plotly.v1+json"));
	assert_false(results_mime_valid("png"));
	assert_false(results_mime_valid("../x"));
	assert_false(results_mime_valid("text/"));
	assert_false(results_mime_valid("/plain"));
	assert_false(results_mime_valid("text/plain/x"));
	assert_false(results_mime_valid("text/\x1b[31m"));
	assert_false(results_mime_valid("text/plain; charset=utf-8"));
	assert_true(results_mime_is_base64("image/png"));
	assert_true(results_mime_is_base64("application/pdf"));
	assert_false(results_mime_is_base64("image/svg+xml"));
	assert_false(results_mime_is_base64("text/html"));
	assert_false(results_mime_is_base64("application/json"));
}

static void test_base64(void **state)
{
	(void)state;
	unsigned char out[16];
	assert_int_equal(results_base64_decode("aGVsbG8=", 8, out, sizeof out), 5);
	assert_memory_equal(out, "hello", 5);
	assert_int_equal(results_base64_decode("aGVsbG8", 7, out, sizeof out), 5);
	assert_int_equal(results_base64_decode("aGV!bG8=", 8, out, sizeof out), -1);
	assert_int_equal(results_base64_decode("a", 1, out, sizeof out), -1);
	assert_int_equal(results_base64_decode("aGVsbG8=", 8, out, 2), 2); /* the head only */
	assert_int_equal(results_data_bytes("image/png", "aGVsbG8=", 8), 5);
	assert_int_equal(results_data_bytes("text/plain", "aGVsbG8=", 8), 8);
}

static void test_image_size(void **state)
{
	(void)state;
	/* A 1×1 PNG, a 3×2 GIF header. */
	json_t *png = json_pack("{s:s, s:s}", "mime", "image/png", "data",
				"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+"
				"M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==");
	json_t *gif = json_pack("{s:s, s:s}", "mime", "image/gif", "data", "R0lGODlhAwACAAAAACw=");
	json_t *txt = json_pack("{s:s, s:s}", "mime", "text/plain", "data", "iVBORw0KGgo=");
	unsigned w = 0, h = 0;
	assert_true(results_image_size(png, &w, &h));
	assert_int_equal(w, 1);
	assert_int_equal(h, 1);
	assert_true(results_image_size(gif, &w, &h));
	assert_int_equal(w, 3);
	assert_int_equal(h, 2);
	assert_false(results_image_size(txt, &w, &h));
	json_decref(png);
	json_decref(gif);
	json_decref(txt);
}

static void test_bound(void **state)
{
	(void)state;
	json_t *in =
	    json_loads("[{\"mime\":\"text/plain\",\"data\":\"12345\",\"file\":\"/etc/x\"},"
		       "{\"mime\":\"bad\",\"data\":\"x\"},"
		       "{\"mime\":\"text/plain\",\"data\":\"678\"},"
		       "{\"mime\":\"text/plain\",\"data\":\"9\"},"
		       "{\"mime\":\"text/plain\",\"data\":\"\",\"truncated\":true,\"bytes\":77},"
		       "{\"mime\":\"text/plain\",\"data\":\"ab\",\"truncated\":true,\"bytes\":1}]",
		       0, NULL);
	json_t *out = results_bound(in, 6);
	char *text = json_dumps(out, JSON_COMPACT);
	/* 5 + 1 bytes fit in 6; "678" does not; a claimed truncation with data
	 * is not one; the file is never the code's, nor the size of data sbx
	 * never saw (77). */
	assert_string_equal(
	    text,
	    "[{\"mime\":\"text/plain\",\"data\":\"12345\",\"file\":null,\"bytes\":5,\"truncated\":"
	    "false},{\"mime\":\"text/plain\",\"data\":\"\",\"file\":null,\"bytes\":3,"
	    "\"truncated\":true},{\"mime\":\"text/plain\",\"data\":\"9\",\"file\":null,"
	    "\"bytes\":1,\"truncated\":false},{\"mime\":\"text/plain\",\"data\":\"\","
	    "\"file\":null,\"bytes\":null,\"truncated\":true},{\"mime\":\"text/plain\","
	    "\"data\":\"\",\"file\":null,\"bytes\":2,\"truncated\":true}]");
	free(text);
	json_decref(out);
	json_t *many = json_array();
	for (int i = 0; i < 150; i++)
		json_array_append_new(many,
				      json_pack("{s:s, s:s}", "mime", "text/plain", "data", "x"));
	out = results_bound(many, 1 << 20);
	assert_int_equal(json_array_size(out), RESULTS_MAX_ITEMS);
	json_decref(out);
	json_decref(many);
	json_decref(in);
}

/* A result whose JSON passes the budget is left out and named; one within
 * it, or none, is left alone. */
static void test_bound_value(void **state)
{
	(void)state;
	json_t *result = json_pack("[i, i, i]", 1, 2, 3), *results = NULL;
	assert_int_equal(results_value_bytes(result), 7); /* [1,2,3] */
	results_bound_value(&result, &results, 7);
	assert_non_null(result);
	assert_null(results);
	results_bound_value(&result, &results, 6);
	assert_null(result);
	assert_int_equal(json_array_size(results), 1);
	json_t *e = json_array_get(results, 0);
	assert_string_equal(json_string_value(json_object_get(e, "mime")), "application/json");
	assert_true(json_is_true(json_object_get(e, "truncated")));
	assert_int_equal(json_integer_value(json_object_get(e, "bytes")), 7);
	assert_string_equal(json_string_value(json_object_get(e, "data")), "");
	assert_true(results_value_left_out(results));
	results_bound_value(&result, &results, 0); /* no result: nothing */
	assert_int_equal(json_array_size(results), 1);
	json_decref(results);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_mime),	cmocka_unit_test(test_base64),
	    cmocka_unit_test(test_image_size),	cmocka_unit_test(test_bound),
	    cmocka_unit_test(test_bound_value),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
