/* Unit tests: the error kinds' table (core/error_kinds.c) and the kind an
 * error carries (util.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "core/error_kinds.h"
#include "util/util.h"

/* Every kind has its own row, its name round-trips, and each front's
 * answer is what the API and the exit codes promise. */
static void test_every_kind_has_a_row(void **state)
{
	(void)state;
	for (int k = 0; k < ERROR_KINDS; k++) {
		const struct error_kind_row *r = error_kind_row((enum error_kind)k);
		assert_int_equal(r->kind, k);
		assert_string_equal(r->name, error_kind_name((enum error_kind)k));
		assert_ptr_equal(error_kind_by_name(r->name), r);
		assert_int_equal(r->exit_code, 125);
		assert_true(r->http_status >= 400 && r->http_status < 600);
		assert_true(r->jsonrpc_code <= -32600 && r->jsonrpc_code >= -32603);
		for (int j = 0; j < k; j++)
			assert_string_not_equal(error_kind_row((enum error_kind)j)->name, r->name);
	}
	assert_int_equal(error_kind_row(ERROR_NOT_FOUND)->http_status, 404);
	assert_int_equal(error_kind_row(ERROR_CONFLICT)->http_status, 409);
	assert_int_equal(error_kind_row(ERROR_INVALID)->http_status, 400);
	assert_int_equal(error_kind_row(ERROR_INTERNAL)->http_status, 500);
	assert_int_equal(error_kind_row(ERROR_UNAVAILABLE)->http_status, 503);
	assert_int_equal(error_kind_row(ERROR_UNAUTHORIZED)->http_status, 401);
	assert_int_equal(error_kind_row(ERROR_NOT_ALLOWED)->http_status, 405);
	assert_int_equal(error_kind_row(ERROR_TOO_LARGE)->http_status, 413);
	assert_int_equal(error_kind_row(ERROR_UNSUPPORTED)->http_status, 501);
	/* A kind out of range is sbx's own trouble, not the caller's. */
	assert_int_equal(error_kind_row(ERROR_KINDS)->kind, ERROR_INTERNAL);
	assert_null(error_kind_by_name("no such kind"));
	assert_null(error_kind_by_name(NULL));
}

/* The first error is the cause: its kind is the one kept. */
static void test_first_kind_is_kept(void **state)
{
	(void)state;
	error_quiet(true);
	error_state_reset();
	assert_int_equal(error_first_kind(), ERROR_INVALID);
	error_of(ERROR_NOT_FOUND, "no deployment named '%s'", "x");
	error_of(ERROR_INTERNAL, "an echo of it");
	(void)error("and another");
	assert_int_equal(error_first_kind(), ERROR_NOT_FOUND);
	assert_string_equal(error_first_message(), "no deployment named 'x'");
	error_state_reset();
	(void)error("plain");
	assert_int_equal(error_first_kind(), ERROR_INVALID);
	error_state_reset();
	error_quiet(false);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_every_kind_has_a_row),
	    cmocka_unit_test(test_first_kind_is_kept),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
