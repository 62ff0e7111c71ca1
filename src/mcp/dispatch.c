/* dispatch — what each MCP message does.
 *
 * Requests are answered with a result or a JSON-RPC error naming the bad
 * field; notifications are never answered. A tool's own failures (bad
 * arguments, a failed run) are results with isError, as MCP asks, so the
 * model sees them and can correct itself; protocol mistakes (unknown tool,
 * params of the wrong shape) are JSON-RPC errors. */
#include <stdio.h>
#include <string.h>

#include "mcp/jsonrpc.h"
#include "mcp/result.h"
#include "mcp/server_int.h"
#include "mcp/tools_int.h"

static void reply_error(struct mcp_server *s, json_t *id, int code, const char *msg)
{
	mcp_send(s, jsonrpc_error(id, code, msg, NULL));
}

static void tools_call(struct mcp_server *s, json_t *id, json_t *params)
{
	char msg[1024];
	json_t *name = json_object_get(params, "name");
	if (!json_is_string(name)) {
		reply_error(s, id, JSONRPC_INVALID_PARAMS,
			    "params.name must be a string naming a tool (see tools/list)");
		return;
	}
	const struct mcp_tool *t = mcp_tool_find(json_string_value(name));
	if (!t) {
		snprintf(msg, sizeof(msg), "unknown tool '%.200s': see tools/list",
			 json_string_value(name));
		reply_error(s, id, JSONRPC_INVALID_PARAMS, msg);
		return;
	}
	json_t *args = json_object_get(params, "arguments");
	if (args && !json_is_object(args)) {
		reply_error(s, id, JSONRPC_INVALID_PARAMS, "params.arguments must be an object");
		return;
	}
	json_t *meta = json_object_get(params, "_meta");
	json_t *token = json_object_get(meta, "progressToken");
	if (meta && !json_is_object(meta)) {
		reply_error(s, id, JSONRPC_INVALID_PARAMS, "params._meta must be an object");
		return;
	}
	if (token && !json_is_string(token) && !json_is_integer(token)) {
		reply_error(s, id, JSONRPC_INVALID_PARAMS,
			    "params._meta.progressToken must be a string or an integer");
		return;
	}
	json_t *empty = args ? NULL : json_object();
	struct mcp_pending p = {0};
	int rc = mcp_tool_command(t, args ? args : empty, &s->opt.ctx, &p.cmd, msg, sizeof(msg));
	json_decref(empty);
	bool record = t->kind == TOOL_RUN || t->kind == TOOL_EXEC_DEPLOYMENT ||
		      t->kind == TOOL_EXEC_IN_SESSION;
	if (rc) {
		mcp_cmd_release(&p.cmd);
		mcp_send(s, jsonrpc_result(id, mcp_result_error(msg, record)));
		return;
	}
	p.id = json_incref(id);
	p.token = json_incref(token);
	mcp_submit(s, &p);
}

static void request(struct mcp_server *s, struct jsonrpc_msg *m)
{
	char msg[256];
	if (!strcmp(m->method, "initialize")) {
		int code = 0;
		json_t *res = mcp_initialize_result(m->params, &code, msg, sizeof(msg));
		if (!res) {
			reply_error(s, m->id, code, msg);
			return;
		}
		s->initialized = true;
		mcp_send(s, jsonrpc_result(m->id, res));
		return;
	}
	if (!strcmp(m->method, "ping")) {
		mcp_send(s, jsonrpc_result(m->id, json_object()));
		return;
	}
	bool known = !strcmp(m->method, "tools/list") || !strcmp(m->method, "tools/call");
	if (!known) {
		snprintf(msg, sizeof(msg),
			 "method not found: '%.100s' (sbx offers initialize, ping, tools/list, "
			 "tools/call)",
			 m->method);
		reply_error(s, m->id, JSONRPC_METHOD_NOT_FOUND, msg);
		return;
	}
	if (!s->initialized) {
		reply_error(s, m->id, JSONRPC_INVALID_REQUEST,
			    "not initialized: send initialize first");
		return;
	}
	if (!strcmp(m->method, "tools/list")) {
		json_t *cursor = json_object_get(m->params, "cursor");
		if (cursor && !json_is_string(cursor)) {
			reply_error(s, m->id, JSONRPC_INVALID_PARAMS,
				    "params.cursor must be a string");
			return;
		}
		mcp_send(s, jsonrpc_result(m->id, mcp_tools_list()));
		return;
	}
	tools_call(s, m->id, m->params);
}

static void notification(struct mcp_server *s, struct jsonrpc_msg *m)
{
	if (!strcmp(m->method, "notifications/cancelled")) {
		json_t *rid = json_object_get(m->params, "requestId");
		if (json_is_string(rid) || json_is_integer(rid))
			mcp_cancel(s, rid);
	}
	/* notifications/initialized and anything else: nothing to do. */
}

void mcp_handle_line(struct mcp_server *s, const char *line, size_t len)
{
	/* Blank lines between messages are harmless. */
	size_t i = 0;
	while (i < len && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r'))
		i++;
	if (i == len)
		return;
	struct jsonrpc_msg m;
	json_t *reply = NULL;
	jsonrpc_parse(line, len, &m, &reply);
	switch (m.kind) {
	case JSONRPC_INVALID:
		if (reply)
			mcp_send(s, reply);
		break;
	case JSONRPC_REQUEST: request(s, &m); break;
	case JSONRPC_NOTIFICATION: notification(s, &m); break;
	case JSONRPC_RESPONSE: break; /* we send no requests */
	}
	jsonrpc_msg_release(&m);
}
