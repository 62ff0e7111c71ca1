/* Unit tests: sbx serve --compat e2b's mapping (serve/compat/e2b.c) and
 * wire formats (e2b_wire.c): a record's E2B lines, the REPL texts, paths,
 * multipart uploads and Connect envelopes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "serve/compat/e2b.h"
#include "serve/compat/e2b_wire.h"

static void expect_text(const char *json, const char *lang, const char *want)
{
	json_t *v = json_loads(json, JSON_DECODE_ANY, NULL);
	char *t = e2b_result_text(v, lang);
	assert_string_equal(t, want);
	free(t);
	json_decref(v);
}

static void test_result_text(void **state)
{
	(void)state;
	/* Python's repr, as the code interpreter's text is. */
	expect_text("\"done\"", "python", "'done'");
	expect_text("\"it's\"", "python", "\"it's\"");
	expect_text("\"a\\nb\\\\\"", "python", "'a\\nb\\\\'");
	expect_text("true", "python", "True");
	expect_text("null", "python", "None");
	expect_text("2.0", "python", "2.0");
	expect_text("0.1", "python", "0.1");
	expect_text("42", "python", "42");
	expect_text("[1,2]", "python", "[1,2]");
	/* Other languages print their own way. */
	expect_text("\"done\"", "js", "done");
	expect_text("2.0", "js", "2");
	expect_text("true", "r", "true");
}

/* The E2B lines of one sbx event line, as a JSON array. */
static json_t *lines_of(const char *event, bool *ended)
{
	struct buf out;
	buf_init(&out, 1u << 20);
	*ended = e2b_exec_line(event, strlen(event), "python", &out);
	json_t *all = json_array();
	json_error_t je;
	size_t off = 0;
	while (off < out.len) {
		json_t *l = json_loadb(out.data + off, out.len - off, JSON_DISABLE_EOF_CHECK, &je);
		assert_non_null(l);
		json_array_append_new(all, l);
		off += (size_t)je.position + 1; /* the newline */
	}
	buf_release(&out);
	return all;
}

static const char *type_at(json_t *a, size_t i)
{
	return json_string_value(json_object_get(json_array_get(a, i), "type"));
}

static void test_exec_lines(void **state)
{
	(void)state;
	bool ended;
	json_t *a = lines_of("{\"event\":\"stdout\",\"data\":\"hi\\n\",\"ts\":\"T\"}", &ended);
	assert_false(ended);
	assert_int_equal(json_array_size(a), 1);
	assert_string_equal(type_at(a, 0), "stdout");
	assert_string_equal(json_string_value(json_object_get(json_array_get(a, 0), "text")),
			    "hi\n");
	json_decref(a);

	/* Output holding U+0000 is output, not "what is not an event". */
	{
		const char *nul = "{\"event\":\"stdout\",\"data\":\"a\\u0000b\"}";
		struct buf out;
		buf_init(&out, 1u << 20);
		assert_false(e2b_exec_line(nul, strlen(nul), "python", &out));
		assert_non_null(strstr(buf_cstr(&out), "\"stdout\""));
		assert_null(strstr(buf_cstr(&out), "SandboxError"));
		assert_non_null(strstr(buf_cstr(&out), "a\\u0000b"));
		buf_release(&out);
	}

	a = lines_of("{\"event\":\"execution_failed\",\"record\":{\"ok\":false,\"status\":"
		     "\"error\",\"result\":7,\"results\":[{\"mime\":\"image/png\",\"data\":"
		     "\"iVBO\"},{\"mime\":\"x/unknown\",\"data\":\"z\"}],\"error\":{\"name\":"
		     "\"ValueError\",\"message\":\"bad\",\"traceback\":\"TB\"},\"session\":"
		     "{\"execution_count\":3}}}",
		     &ended);
	assert_true(ended);
	assert_int_equal(json_array_size(a), 5);
	assert_string_equal(type_at(a, 0), "result"); /* the figure, not the main one */
	assert_string_equal(json_string_value(json_object_get(json_array_get(a, 0), "png")),
			    "iVBO");
	assert_true(json_is_false(json_object_get(json_array_get(a, 0), "is_main_result")));
	assert_string_equal(json_string_value(json_object_get(json_array_get(a, 1), "text")), "7");
	assert_true(json_is_true(json_object_get(json_array_get(a, 1), "is_main_result")));
	assert_string_equal(type_at(a, 2), "error");
	assert_string_equal(json_string_value(json_object_get(json_array_get(a, 2), "name")),
			    "ValueError");
	assert_string_equal(json_string_value(json_object_get(json_array_get(a, 2), "value")),
			    "bad");
	assert_string_equal(json_string_value(json_object_get(json_array_get(a, 2), "traceback")),
			    "TB");
	assert_int_equal(
	    json_integer_value(json_object_get(json_array_get(a, 3), "execution_count")), 3);
	assert_string_equal(type_at(a, 4), "end_of_execution");
	json_decref(a);

	/* Forms in a row are one Result; text/plain ends it; the value's own
	 * (its text/plain is the string result) is the main one. */
	a = lines_of("{\"event\":\"execution_completed\",\"record\":{\"ok\":true,\"result\":"
		     "\"T()\",\"results\":[{\"mime\":\"image/png\",\"data\":\"P1\"},{\"mime\":"
		     "\"image/png\",\"data\":\"P2\"},{\"mime\":\"text/html\",\"data\":\"<b>\"},"
		     "{\"mime\":\"text/plain\",\"data\":\"T()\"}]}}",
		     &ended);
	assert_int_equal(json_array_size(a), 3); /* P1; P2 + html + text; the end */
	assert_string_equal(json_string_value(json_object_get(json_array_get(a, 0), "png")), "P1");
	assert_true(json_is_false(json_object_get(json_array_get(a, 0), "is_main_result")));
	assert_string_equal(json_string_value(json_object_get(json_array_get(a, 1), "html")),
			    "<b>");
	assert_string_equal(json_string_value(json_object_get(json_array_get(a, 1), "text")),
			    "T()");
	assert_true(json_is_true(json_object_get(json_array_get(a, 1), "is_main_result")));
	assert_string_equal(type_at(a, 2), "end_of_execution");
	json_decref(a);

	/* A timeout has no error of the code's: sbx's verdict names it. */
	a = lines_of("{\"event\":\"execution_failed\",\"record\":{\"ok\":false,\"status\":"
		     "\"timeout\",\"result\":null,\"error\":null}}",
		     &ended);
	assert_true(ended);
	assert_string_equal(json_string_value(json_object_get(json_array_get(a, 0), "name")),
			    "TimeoutError");
	json_decref(a);

	/* sbx's own name for it (WallTimeLimit) is Python's TimeoutError. */
	a = lines_of("{\"event\":\"execution_failed\",\"record\":{\"ok\":false,\"status\":"
		     "\"timeout\",\"error\":{\"name\":\"WallTimeLimit\",\"message\":\"5 s\"}}}",
		     &ended);
	assert_string_equal(json_string_value(json_object_get(json_array_get(a, 0), "name")),
			    "TimeoutError");
	assert_string_equal(json_string_value(json_object_get(json_array_get(a, 0), "value")),
			    "5 s");
	json_decref(a);

	/* sbx's own failure record (not an event) ends the execution too. */
	a = lines_of("{\"status\":\"sbx_error\",\"error\":{\"name\":\"SbxError\",\"message\":"
		     "\"no such session\"}}",
		     &ended);
	assert_true(ended);
	assert_string_equal(type_at(a, 0), "error");
	assert_string_equal(type_at(a, 1), "end_of_execution");
	json_decref(a);
}

static void expect_path(const char *in, const char *want)
{
	char out[256], msg[256] = "";
	const char *p = e2b_workspace_path(in, out, sizeof out, msg, sizeof msg);
	if (!want) {
		assert_null(p);
		assert_true(msg[0] != '\0');
	} else {
		assert_non_null(p);
		assert_string_equal(p, want);
	}
}

static void test_paths(void **state)
{
	(void)state;
	expect_path("/home/user/data.csv", "data.csv");
	expect_path("/home/user", "");
	expect_path("/home/user/", "");
	expect_path("sub/x/", "sub/x");
	expect_path("/home/username/x", NULL); /* not under /home/user */
	expect_path("/etc/passwd", NULL);
}

static void test_multipart(void **state)
{
	(void)state;
	char b[80], msg[256];
	assert_int_equal(e2b_multipart_boundary("multipart/form-data; boundary=\"ab c\"", b,
						sizeof b, msg, sizeof msg),
			 0);
	assert_string_equal(b, "ab c");
	assert_int_equal(e2b_multipart_boundary("application/json", b, sizeof b, msg, sizeof msg),
			 -1);
	static const char body[] = "--zz\r\nContent-Disposition: form-data; name=\"file\"; "
				   "filename=\"a%22b\"\r\n\r\none\r\n--zz\r\n"
				   "Content-Disposition: form-data; name=\"other\"\r\n\r\nskip\r\n"
				   "--zz\r\nContent-Disposition: form-data; name=\"file\"; "
				   "filename=\"/home/user/c\"\r\n\r\nt\r\nw\r\n--zz--\r\n";
	static struct e2b_part parts[4];
	int n = e2b_multipart_files("zz", body, sizeof body - 1, parts, 4, msg, sizeof msg);
	assert_int_equal(n, 2);
	assert_string_equal(parts[0].filename, "a\"b");
	assert_int_equal(parts[0].len, 3);
	assert_memory_equal(parts[0].data, "one", 3);
	assert_string_equal(parts[1].filename, "/home/user/c");
	assert_int_equal(parts[1].len, 4);
	assert_memory_equal(parts[1].data, "t\r\nw", 4);
	/* Cut before the closing delimiter: refused, not half taken. */
	n = e2b_multipart_files("zz", body, sizeof body - 12, parts, 4, msg, sizeof msg);
	assert_int_equal(n, -1);
	assert_non_null(strstr(msg, "closing boundary"));
	n = e2b_multipart_files("zz", body, 60, parts, 4, msg, sizeof msg); /* in a head */
	assert_int_equal(n, -1);
	assert_non_null(strstr(msg, "headers"));
}

static void test_connect_envelope(void **state)
{
	(void)state;
	struct buf b;
	buf_init(&b, 1024);
	e2b_connect_frame(&b, 0, "{\"a\":1}", 7);
	assert_int_equal(b.len, 12);
	const char *m;
	size_t ml;
	char why[128];
	assert_int_equal(e2b_connect_unwrap(b.data, b.len, &m, &ml, why, sizeof why), 0);
	assert_int_equal(ml, 7);
	assert_memory_equal(m, "{\"a\":1}", 7);
	/* A length past the body, and a compressed message, are refused. */
	assert_int_equal(e2b_connect_unwrap(b.data, b.len - 1, &m, &ml, why, sizeof why), -1);
	b.data[0] = 1;
	assert_int_equal(e2b_connect_unwrap(b.data, b.len, &m, &ml, why, sizeof why), -1);
	buf_release(&b);
}

static void test_create_request(void **state)
{
	(void)state;
	char msg[256];
	json_t *b = json_loads("{\"templateID\":\"code-interpreter-v1\",\"timeout\":300}", 0, NULL);
	json_t *r = e2b_create_request(b, msg, sizeof msg);
	assert_string_equal(json_string_value(json_object_get(r, "language")), "python");
	assert_string_equal(json_string_value(json_object_get(r, "ttl")), "300s");
	json_decref(r);
	json_decref(b);
	static const char *const refused[] = {
	    "{\"templateID\":\"mine\"}", "{\"allow_internet_access\":true}",
	    "{\"envVars\":{\"A\":\"1\"}}", "{\"autoPause\":true}"};
	for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
		b = json_loads(refused[i], 0, NULL);
		msg[0] = '\0';
		assert_null(e2b_create_request(b, msg, sizeof msg));
		assert_true(msg[0] != '\0');
		json_decref(b);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_result_text),
	    cmocka_unit_test(test_exec_lines),
	    cmocka_unit_test(test_paths),
	    cmocka_unit_test(test_multipart),
	    cmocka_unit_test(test_connect_envelope),
	    cmocka_unit_test(test_create_request),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
