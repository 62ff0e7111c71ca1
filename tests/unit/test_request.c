/* Unit tests: inputs, files, labels and defaults of a request (request.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "core/request.h"

static void test_inputs_json_or_string(void **state)
{
	(void)state;
	struct request req;
	request_init(&req);
	assert_int_equal(request_add_input(&req, "n=3"), 0);
	assert_int_equal(request_add_input(&req, "name=Ada"), 0);
	assert_int_equal(request_add_input(&req, "list=[1,2]"), 0);
	assert_int_equal(request_add_input(&req, "empty="), 0);
	assert_int_equal(request_add_input(&req, "eq=a=b"), 0);
	assert_int_equal(request_add_input(&req, "=x"), -1);
	assert_int_equal(request_add_input(&req, "novalue"), -1);
	assert_true(json_integer_value(json_object_get(req.inputs, "n")) == 3);
	assert_string_equal(json_string_value(json_object_get(req.inputs, "name")), "Ada");
	assert_int_equal(json_array_size(json_object_get(req.inputs, "list")), 2);
	assert_string_equal(json_string_value(json_object_get(req.inputs, "empty")), "");
	assert_string_equal(json_string_value(json_object_get(req.inputs, "eq")), "a=b");
	assert_int_equal(request_merge_inputs(&req, "{\"n\": 4, \"z\": null}"), 0);
	assert_true(json_integer_value(json_object_get(req.inputs, "n")) == 4);
	assert_int_equal(request_merge_inputs(&req, "[1]"), -1);
	assert_int_equal(request_merge_inputs(&req, "{bad"), -1);
	assert_int_equal(request_merge_inputs(&req, "@/nonexistent/inputs.json"), -1);
	request_release(&req);
}

static void test_files_and_labels(void **state)
{
	(void)state;
	struct request req;
	request_init(&req);
	assert_int_equal(request_add_file(&req, "/tmp/data.csv"), 0);
	assert_string_equal(req.files[0].name, "data.csv");
	assert_int_equal(request_add_file(&req, "/tmp/a:b.txt:renamed.txt"), 0);
	assert_string_equal(req.files[1].src, "/tmp/a:b.txt");
	assert_string_equal(req.files[1].name, "renamed.txt");
	assert_int_equal(request_add_file(&req, "/tmp/x:.."), -1);
	/* a path below the working directory, never above or absolute */
	assert_int_equal(request_add_file(&req, "/tmp/x:a/b"), 0);
	assert_string_equal(req.files[2].name, "a/b");
	assert_int_equal(request_add_file(&req, "/tmp/x:a/../b"), -1);
	assert_int_equal(request_add_file(&req, "/tmp/x:a//b"), -1);
	assert_int_equal(request_add_file(&req, "/tmp/x:/b"), -1);
	assert_int_equal(request_add_file(&req, "/tmp/x:a/"), -1);
	assert_int_equal(request_add_file(&req, "/tmp/x:1/2/3/4/5/6/7/8/9/10/11/12/13/14/15/16/17"),
			 -1);
	assert_int_equal(request_add_file(&req, "/tmp/x:d/inputs.json"), 0);
	assert_int_equal(request_add_file(&req, "/tmp/"), -1);
	assert_int_equal(request_add_label(&req, "agent=a1"), 0);
	assert_int_equal(request_add_label(&req, "bad"), -1);
	assert_string_equal(req.labels[0].value, "a1");
	request_release(&req);
}

static void test_defaults_and_caps(void **state)
{
	(void)state;
	struct request req;
	request_init(&req);
	assert_int_equal(request_finish(&req), 0);
	assert_true(req.limits.timeout_ms == SBX_DEFAULT_TIMEOUT_MS);
	assert_true(request_cpu_ms(&req) == SBX_DEFAULT_TIMEOUT_MS);
	assert_true(req.limits.memory_bytes == SBX_DEFAULT_MEMORY);
	assert_int_equal(strlen(req.id), 26);
	request_release(&req);

	request_init(&req);
	req.limits.timeout_ms = 301000;
	assert_int_equal(request_finish(&req), -1);
	req.limits.max_timeout_ms = 600000;
	assert_int_equal(request_finish(&req), 0);
	request_release(&req);

	/* A maximum below the built-in default bounds the default too. */
	request_init(&req);
	req.limits.max_timeout_ms = 1000;
	assert_int_equal(request_finish(&req), 0);
	assert_true(req.limits.timeout_ms == 1000);
	request_release(&req);

	/* Memory: the machine's memory is the default ceiling ("4T" asked
	 * for a limit that limits nothing); limits.max_memory sets another,
	 * and one below the default lowers the default. */
	assert_true(request_default_max_memory() >= SBX_DEFAULT_MEMORY);
	request_init(&req);
	req.limits.memory_bytes = request_default_max_memory() + (1ull << 20);
	assert_int_equal(request_finish(&req), -1);
	req.limits.max_memory_bytes = req.limits.memory_bytes;
	assert_int_equal(request_finish(&req), 0);
	request_release(&req);
	request_init(&req);
	req.limits.max_memory_bytes = 64ull << 20;
	assert_int_equal(request_finish(&req), 0);
	assert_true(req.limits.memory_bytes == 64ull << 20);
	request_release(&req);
}

static void test_ids_sort_by_time_and_differ(void **state)
{
	(void)state;
	char a[27], b[27];
	make_execution_id(a);
	make_execution_id(b);
	assert_string_not_equal(a, b);
	/* Same millisecond or later: the 10-char time prefix never decreases. */
	assert_true(strncmp(a, b, 10) <= 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_inputs_json_or_string),
	    cmocka_unit_test(test_files_and_labels),
	    cmocka_unit_test(test_defaults_and_caps),
	    cmocka_unit_test(test_ids_sort_by_time_and_differ),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
