/* Unit tests: statuses, exit codes, the result record, JSON of hostile
 * output (outcome.c, render.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "core/outcome.h"
#include "render/render.h"
#include "util/jsonout.h"

static void test_exit_codes(void **state)
{
	(void)state;
	struct request req;
	request_init(&req);
	request_finish(&req);
	struct outcome out;
	outcome_init(&out, &req);
	static const struct {
		enum status s;
		int code;
	} table[] = {
	    {STATUS_OK, 0},
	    {STATUS_TIMEOUT, 124},
	    {STATUS_MEMORY_LIMIT, 137},
	    {STATUS_OUTPUT_LIMIT, 141},
	    {STATUS_SYSCALL_BLOCKED, 159},
	    {STATUS_BLOCKED, 126},
	    {STATUS_UNAVAILABLE, 127},
	    {STATUS_SANDBOX_ERROR, 125},
	};
	for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++) {
		out.status = table[i].s;
		assert_int_equal(outcome_exit_code(&out), table[i].code);
	}
	out.status = STATUS_ERROR;
	out.exited = true;
	out.exit_code = 3;
	assert_int_equal(outcome_exit_code(&out), 3);
	out.exited = false;
	assert_int_equal(outcome_exit_code(&out), 1);
	out.status = STATUS_SIGNALED;
	out.signal = SIGSEGV;
	assert_int_equal(outcome_exit_code(&out), 128 + SIGSEGV);
	outcome_release(&out);
	request_release(&req);
}

static void test_status_names_round_trip(void **state)
{
	(void)state;
	for (int s = 0; s < STATUS_COUNT; s++)
		assert_int_equal(status_from_name(status_name((enum status)s)), s);
	assert_int_equal(status_from_name("nope"), -1);
}

static void test_record_has_every_key(void **state)
{
	(void)state;
	struct request req;
	request_init(&req);
	request_set_code(&req, strdup("1+1"), 3, "-e");
	request_finish(&req);
	struct outcome out;
	outcome_init(&out, &req);
	out.status = STATUS_OK;
	out.exited = true;
	json_t *rec = outcome_to_json(&out, &req);
	static const char *const keys[] = {
	    "id",      "status",    "ok",     "language",    "exit_code",  "signal",
	    "result",  "stdout",    "stderr", "truncated",   "error",	   "files",
	    "time_ms", "memory_kb", "limits", "code_sha256", "deployment", "sandbox"};
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		assert_non_null(json_object_get(rec, keys[i]));
	assert_true(json_is_true(json_object_get(rec, "ok")));
	assert_string_equal(json_string_value(json_object_get(rec, "code_sha256")),
			    "4a1b21d876ae00c8ed5c4d1cde09c61f8a61b50fe370a801b10c339831f370ab");
	json_decref(rec);
	outcome_release(&out);
	request_release(&req);
}

static void test_hostile_output_is_valid_json(void **state)
{
	(void)state;
	/* Invalid UTF-8, a NUL, an overlong encoding, a surrogate, a cut-off
	 * sequence: the record stays valid JSON and keeps the good bytes. */
	static const char bad[] = "ok\xff\xfe\x00mid\xc0\xaf\xed\xa0\x80\"\\\n\xe2\x82";
	json_t *s = json_string_utf8_lossy(bad, sizeof(bad) - 1);
	assert_non_null(s);
	char *text = json_dumps(s, JSON_ENCODE_ANY);
	assert_non_null(text);
	json_error_t err;
	json_t *back = json_loads(text, JSON_DECODE_ANY | JSON_ALLOW_NUL, &err);
	assert_non_null(back);
	assert_true(json_string_length(back) > 0);
	assert_non_null(strstr(text, "\\u0000"));
	assert_non_null(strstr(json_string_value(back), "ok\xef\xbf\xbd"));
	free(text);
	json_decref(back);
	json_decref(s);
	/* Valid multi-byte text passes through unchanged. */
	s = json_string_utf8_lossy("h\xc3\xa9llo \xf0\x9f\x98\x80", 11);
	assert_string_equal(json_string_value(s), "h\xc3\xa9llo \xf0\x9f\x98\x80");
	json_decref(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_exit_codes),
	    cmocka_unit_test(test_status_names_round_trip),
	    cmocka_unit_test(test_record_has_every_key),
	    cmocka_unit_test(test_hostile_output_is_valid_json),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
