/* Unit tests for src/mcp/: the CallToolResult built from a record (text,
 * images from results, isError), tool argument checks and command lines,
 * and JSON-RPC classification. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <poll.h>
#include <signal.h>
#include <errno.h>
#include <sys/pidfd.h>
#include <sys/wait.h>
#include <unistd.h>
#include <stdlib.h>

#include "mcp/call_child.h"
#include "mcp/jsonrpc.h"
#include "mcp/result.h"
#include "mcp/tools.h"

static void test_record_with_image(void **state)
{
	(void)state;
	json_t *rec = json_loads(
	    "{\"status\":\"ok\",\"ok\":true,\"exit_code\":0,\"result\":[1,2],\"stdout\":\"hi\\n\","
	    "\"stderr\":\"\",\"time_ms\":{\"wall\":3.5},\"results\":[{\"mime\":\"image/png\","
	    "\"data\":\"iVBORw0KGgo=\",\"file\":null},{\"mime\":\"text/html\",\"data\":\"<b>\"}]}",
	    0, NULL);
	assert_non_null(rec);
	json_t *res = mcp_result_from_record(rec);
	json_t *content = json_object_get(res, "content");
	assert_int_equal(json_array_size(content), 2); /* text + the PNG, not the HTML */
	const char *text = json_string_value(json_object_get(json_array_get(content, 0), "text"));
	assert_non_null(strstr(text, "status: ok, exit code 0, 3.5 ms"));
	assert_non_null(strstr(text, "result: [1,2]"));
	assert_non_null(strstr(text, "stdout:\nhi\n"));
	json_t *img = json_array_get(content, 1);
	assert_string_equal(json_string_value(json_object_get(img, "type")), "image");
	assert_string_equal(json_string_value(json_object_get(img, "mimeType")), "image/png");
	assert_string_equal(json_string_value(json_object_get(img, "data")), "iVBORw0KGgo=");
	assert_true(json_is_false(json_object_get(res, "isError")));
	assert_true(json_equal(json_object_get(res, "structuredContent"), rec));
	json_decref(res);
	json_decref(rec);
}

static void test_failed_record_is_error(void **state)
{
	(void)state;
	json_t *rec = json_loads("{\"status\":\"error\",\"ok\":false,\"exit_code\":1,\"error\":"
				 "{\"name\":\"Error\",\"message\":\"boom\",\"line\":2}}",
				 0, NULL);
	json_t *res = mcp_result_from_record(rec);
	assert_true(json_is_true(json_object_get(res, "isError")));
	const char *text = json_string_value(
	    json_object_get(json_array_get(json_object_get(res, "content"), 0), "text"));
	assert_non_null(strstr(text, "error: Error: boom (line 2)"));
	json_decref(res);
	json_decref(rec);
}

static void test_long_stdout_is_cut_in_text(void **state)
{
	(void)state;
	size_t n = MCP_TEXT_STREAM_MAX + 100;
	char *big = malloc(n + 1);
	memset(big, 'x', n);
	big[n] = '\0';
	json_t *rec = json_pack("{s:s, s:b, s:s}", "status", "ok", "ok", 1, "stdout", big);
	json_t *res = mcp_result_from_record(rec);
	const char *text = json_string_value(
	    json_object_get(json_array_get(json_object_get(res, "content"), 0), "text"));
	assert_non_null(strstr(text, "[... 100 more bytes: see structuredContent.stdout]"));
	json_decref(res);
	json_decref(rec);
	free(big);
}

static void test_run_command(void **state)
{
	(void)state;
	struct mcp_context ctx = {"/st", NULL, false};
	struct mcp_cmd cmd;
	char err[512];
	json_t *args = json_loads("{\"code\":\"1+1\",\"timeout\":2}", 0, NULL);
	assert_int_equal(
	    mcp_tool_command(mcp_tool_find("run_code"), args, &ctx, &cmd, err, sizeof(err)), 0);
	/* A run is no command line: the forked child calls the run pipeline
	 * (run/job.h) with the request, in NDJSON, under the context's state. */
	assert_int_equal(cmd.job, MCP_JOB_RUN);
	assert_int_equal(cmd.nflags, 0);
	assert_int_equal(cmd.nops, 0);
	assert_true(cmd.ndjson && cmd.is_record);
	assert_string_equal(cmd.state_dir, "/st");
	assert_null(cmd.config);
	assert_string_equal(cmd.input, "{\"code\":\"1+1\",\"timeout\":2}");
	mcp_cmd_release(&cmd);
	json_decref(args);

	/* A deployment name that reads as an option, a session tool without
	 * sessions: clear errors naming the argument. */
	args = json_loads("{\"session\":\"-rf\"}", 0, NULL);
	assert_int_equal(
	    mcp_tool_command(mcp_tool_find("stop_session"), args, &ctx, &cmd, err, sizeof(err)),
	    -1);
	assert_non_null(strstr(err, "no sessions"));
	mcp_cmd_release(&cmd);
	ctx.have_sessions = true;
	assert_int_equal(
	    mcp_tool_command(mcp_tool_find("stop_session"), args, &ctx, &cmd, err, sizeof(err)),
	    -1);
	assert_non_null(strstr(err, "'session' must not be empty or start with '-'"));
	mcp_cmd_release(&cmd);
	json_decref(args);
}

/* The files tools: the bytes of a write go to the child's stdin decoded,
 * a path that reads as an option and a content given twice are refused. */
static void test_files_commands(void **state)
{
	(void)state;
	struct mcp_context ctx = {"/st", NULL, true};
	struct mcp_cmd cmd;
	char err[256];
	json_t *args = json_loads(
	    "{\"session\":\"nb\",\"path\":\"d/x.bin\",\"base64\":\"AAEC/w==\"}", 0, NULL);
	assert_int_equal(mcp_tool_command(mcp_tool_find("session_files_write"), args, &ctx, &cmd,
					  err, sizeof(err)),
			 0);
	assert_int_equal(cmd.input_len, 4);
	assert_memory_equal(cmd.input, "\x00\x01\x02\xff", 4);
	/* `sbx session files nb put - d/x.bin` in the fork, no command line */
	assert_int_equal(cmd.job, MCP_JOB_SESSION_ADMIN);
	assert_string_equal(cmd.sub, "files");
	assert_int_equal(cmd.nops, 4);
	assert_string_equal(cmd.ops[0], "nb");
	assert_string_equal(cmd.ops[1], "put");
	assert_string_equal(cmd.ops[2], "-");
	assert_string_equal(cmd.ops[3], "d/x.bin");
	assert_null(cmd.ops[4]);
	assert_string_equal(cmd.state_dir, "/st");
	mcp_cmd_release(&cmd);
	json_decref(args);
	args = json_loads("{\"session\":\"nb\",\"path\":\"x\",\"text\":\"a\",\"base64\":\"YQ==\"}",
			  0, NULL);
	assert_int_equal(mcp_tool_command(mcp_tool_find("session_files_write"), args, &ctx, &cmd,
					  err, sizeof(err)),
			 -1);
	assert_non_null(strstr(err, "'text' or as 'base64'"));
	mcp_cmd_release(&cmd);
	json_decref(args);
	args = json_loads("{\"session\":\"nb\",\"path\":\"--state-dir=/\"}", 0, NULL);
	assert_int_equal(mcp_tool_command(mcp_tool_find("session_files_read"), args, &ctx, &cmd,
					  err, sizeof(err)),
			 -1);
	assert_non_null(strstr(err, "'path' must not be empty or start with '-'"));
	mcp_cmd_release(&cmd);
	json_decref(args);
}

static void test_jsonrpc_codes(void **state)
{
	(void)state;
	static const struct {
		const char *line;
		int code;
	} cases[] = {
	    {"{", JSONRPC_PARSE_ERROR},
	    {"[]", JSONRPC_INVALID_REQUEST},
	    {"{\"jsonrpc\":\"2.0\",\"id\":true,\"method\":\"ping\"}", JSONRPC_INVALID_REQUEST},
	    {"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":1}",
	     JSONRPC_INVALID_PARAMS},
	    {"{\"jsonrpc\":\"2.0\",\"id\":1,\"id\":2,\"method\":\"ping\"}", JSONRPC_PARSE_ERROR},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct jsonrpc_msg m;
		json_t *reply;
		jsonrpc_parse(cases[i].line, strlen(cases[i].line), &m, &reply);
		assert_int_equal(m.kind, JSONRPC_INVALID);
		assert_int_equal(
		    json_integer_value(json_object_get(json_object_get(reply, "error"), "code")),
		    cases[i].code);
		json_decref(reply);
		jsonrpc_msg_release(&m);
	}
	assert_int_equal(jsonrpc_depth("{\"a\":\"[[[[\",\"b\":[[1]]}", 22, 64), 3);
}

/* Leaves a process that holds its stdout, and says its pid. */
static int leave_a_sleeper(void)
{
	pid_t p = fork();
	if (p == 0) {
		sleep(300);
		_exit(0);
	}
	printf("%d\n", (int)p);
	return p > 0 ? 0 : 1;
}

/* A call whose child leaves a process holding its stdout (as a session's
 * server might) is done when the child exits, not when the pipe closes. */
static void test_child_done_at_exit(void **state)
{
	(void)state;
	/* The child's exit is seen on its pidfd. valgrind does not know
	 * pidfd_open (ENOSYS there): the call would then end only when the
	 * sleeper does, 300 s later, and prove nothing about memory. */
	int self = pidfd_open(getpid(), 0);
	if (self < 0 && errno == ENOSYS)
		skip();
	if (self >= 0)
		close(self);
	struct mcp_cmd cmd = {.job = MCP_JOB_FUNCTION, .function = leave_a_sleeper};
	struct mcp_call_child c;
	assert_int_equal(mcp_call_child_start(&c, &cmd), 0);
	while (!mcp_call_child_drained(&c)) {
		struct pollfd fds[4];
		int n = mcp_call_child_pollfds(&c, fds);
		assert_true(poll(fds, (nfds_t)n, -1) > 0);
		mcp_call_child_service(&c, fds, n);
	}
	mcp_call_child_reap(&c);
	pid_t left = (pid_t)strtol(buf_cstr(&c.out), NULL, 10);
	assert_true(left > 0);
	assert_int_equal(kill(left, 0), 0); /* still alive: we did not wait for it */
	kill(left, SIGKILL);
	assert_true(WIFEXITED(c.status) && WEXITSTATUS(c.status) == 0);
	mcp_call_child_release(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_record_with_image),
	    cmocka_unit_test(test_failed_record_is_error),
	    cmocka_unit_test(test_long_stdout_is_cut_in_text),
	    cmocka_unit_test(test_run_command),
	    cmocka_unit_test(test_files_commands),
	    cmocka_unit_test(test_jsonrpc_codes),
	    cmocka_unit_test(test_child_done_at_exit),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
