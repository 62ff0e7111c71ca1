/* fuzz_mcp — one line from an MCP client through jsonrpc_parse, and what
 * sbx mcp does next without I/O: initialize's negotiation and a tools/call's
 * command line (mcp_tool_command).
 *
 * Checks: every invalid line gets a JSON-RPC error with a standard code and
 * "jsonrpc": "2.0" (except notifications, never answered); a request has a
 * non-empty method and a string or integer id; initialize answers a version
 * sbx speaks or -32602; a tool's command line starts with the binary, stays
 * within its bound and never passes an empty word. */
#include <jansson.h>

#include "fuzz.h"
#include "mcp/jsonrpc.h"
#include "mcp/mcp.h"
#include "mcp/tools.h"

static void check_error(json_t *reply)
{
	FUZZ_CHECK(json_is_object(reply));
	FUZZ_CHECK(!strcmp(json_string_value(json_object_get(reply, "jsonrpc")), "2.0"));
	json_t *id = json_object_get(reply, "id");
	FUZZ_CHECK(json_is_null(id) || json_is_string(id) || json_is_integer(id));
	json_int_t code =
	    json_integer_value(json_object_get(json_object_get(reply, "error"), "code"));
	FUZZ_CHECK(code == JSONRPC_PARSE_ERROR || code == JSONRPC_INVALID_REQUEST ||
		   code == JSONRPC_INVALID_PARAMS);
	char *text = json_dumps(reply, JSON_COMPACT);
	FUZZ_CHECK(text && !strchr(text, '\n'));
	free(text);
}

static void check_initialize(json_t *params)
{
	int code = 0;
	char msg[256];
	json_t *res = mcp_initialize_result(params, &code, msg, sizeof(msg));
	if (!res) {
		FUZZ_CHECK(code == JSONRPC_INVALID_PARAMS && msg[0]);
		return;
	}
	const char *v = json_string_value(json_object_get(res, "protocolVersion"));
	int known = 0;
	for (size_t i = 0; mcp_protocol_versions[i]; i++)
		known |= v && !strcmp(v, mcp_protocol_versions[i]);
	FUZZ_CHECK(known);
	json_decref(res);
}

static void check_call(json_t *params)
{
	const struct mcp_tool *t =
	    mcp_tool_find(json_string_value(json_object_get(params, "name")) ?: "");
	if (!t)
		return;
	struct mcp_context ctx = {"/state", NULL, true};
	struct mcp_cmd cmd;
	char err[1024];
	json_t *args = json_object_get(params, "arguments");
	err[0] = '\0';
	if (mcp_tool_command(t, args, &ctx, &cmd, err, sizeof(err)) != 0) {
		FUZZ_CHECK(err[0]);
	} else {
		/* Every tool is a job for the forked child, no argv: a run's
		 * request (run/job.h), or a command's flags and operands, which
		 * the child applies by id. */
		FUZZ_CHECK(cmd.job != MCP_JOB_NONE);
		FUZZ_CHECK(!strcmp(cmd.state_dir, "/state"));
		if (cmd.job == MCP_JOB_RUN || cmd.job == MCP_JOB_DEPLOYMENT ||
		    cmd.job == MCP_JOB_SESSION_EXEC)
			FUZZ_CHECK(cmd.input && cmd.input_len);
		FUZZ_CHECK(cmd.job != MCP_JOB_SESSION_ADMIN || cmd.sub);
		FUZZ_CHECK(cmd.nflags >= 0 && cmd.nflags <= MCP_CMD_MAX_ARGS);
		FUZZ_CHECK(cmd.nops >= 0 && cmd.nops <= MCP_CMD_MAX_ARGS && !cmd.ops[cmd.nops]);
		/* A flag's value and an operand are never empty; an operand is
		 * never an option ("-" alone is standard input or output). */
		for (int i = 0; i < cmd.nflags; i++)
			FUZZ_CHECK(cmd.flags[i][0][0] == '-' && cmd.flags[i][1][0]);
		for (int i = 0; i < cmd.nops; i++)
			FUZZ_CHECK(cmd.ops[i][0] && (cmd.ops[i][0] != '-' || !cmd.ops[i][1]));
	}
	mcp_cmd_release(&cmd);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct jsonrpc_msg m;
	json_t *reply = NULL;
	jsonrpc_parse((const char *)data, size, &m, &reply);
	switch (m.kind) {
	case JSONRPC_INVALID:
		if (reply)
			check_error(reply);
		break;
	case JSONRPC_REQUEST:
		FUZZ_CHECK(!reply && m.method && m.method[0]);
		FUZZ_CHECK(json_is_string(m.id) || json_is_integer(m.id));
		FUZZ_CHECK(!m.params || json_is_object(m.params));
		if (!strcmp(m.method, "initialize"))
			check_initialize(m.params);
		if (!strcmp(m.method, "tools/call"))
			check_call(m.params);
		break;
	case JSONRPC_NOTIFICATION: FUZZ_CHECK(!reply && !m.id && m.method); break;
	case JSONRPC_RESPONSE: FUZZ_CHECK(!reply && m.id); break;
	}
	json_decref(reply);
	jsonrpc_msg_release(&m);
	return 0;
}
