/* dispatch — what each MCP message does.
 *
 * Requests are answered with a result or a JSON-RPC error naming the bad
 * field; notifications are never answered. A tool's own failures (bad
 * arguments, a failed run) are results with isError, as MCP asks, so the
 * model sees them and can correct itself; protocol mistakes (unknown tool,
 * params of the wrong shape) are JSON-RPC errors.
 *
 * Two eras share the line: a client of 2025-11-25 and before opens with
 * initialize; a 2026-07-28 client sends no handshake and names its version
 * in every request's _meta, and may ask server/discover first. */
#include <stdio.h>
#include <string.h>

#include "core/error_kinds.h"
#include "mcp/jsonrpc.h"
#include "mcp/mcp.h"
#include "mcp/result.h"
#include "mcp/server_int.h"
#include "mcp/tools_int.h"

static void reply_error(struct mcp_server *s, json_t *id, int code, const char *msg)
{
	mcp_send(s, jsonrpc_error(id, code, msg, NULL));
}

static void tools_call(struct mcp_server *s, json_t *id, json_t *params, bool stateless)
{
	char msg[1024];
	json_t *name = json_object_get(params, "name");
	if (!json_is_string(name)) {
		reply_error(s, id, error_kind_row(ERROR_INVALID)->jsonrpc_code,
			    "params.name must be a string naming a tool (see tools/list)");
		return;
	}
	const struct mcp_tool *t = mcp_tool_find(json_string_value(name));
	if (!t) {
		snprintf(msg, sizeof(msg), "unknown tool '%.200s': see tools/list",
			 json_string_value(name));
		reply_error(s, id, error_kind_row(ERROR_NOT_FOUND)->jsonrpc_code, msg);
		return;
	}
	json_t *args = json_object_get(params, "arguments");
	if (args && !json_is_object(args)) {
		reply_error(s, id, error_kind_row(ERROR_INVALID)->jsonrpc_code,
			    "params.arguments must be an object");
		return;
	}
	json_t *meta = json_object_get(params, "_meta");
	json_t *token = json_object_get(meta, "progressToken");
	if (meta && !json_is_object(meta)) {
		reply_error(s, id, error_kind_row(ERROR_INVALID)->jsonrpc_code,
			    "params._meta must be an object");
		return;
	}
	if (token && !json_is_string(token) && !json_is_integer(token)) {
		reply_error(s, id, error_kind_row(ERROR_INVALID)->jsonrpc_code,
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
		mcp_send(
		    s, mcp_result_for(id, mcp_result_error(ERROR_INVALID, msg, record), stateless));
		return;
	}
	p.stateless = stateless;
	p.id = json_incref(id);
	p.token = json_incref(token);
	mcp_submit(s, &p);
}

/* A request naming its revision in _meta (2026-07-28): 1 when sbx speaks
 * it, 0 when it names none, -1 after answering an unsupported one. */
static int stateless_request(struct mcp_server *s, struct jsonrpc_msg *m)
{
	json_t *meta = json_object_get(m->params, "_meta");
	json_t *v = json_object_get(meta, MCP_META_VERSION);
	if (!v || !strcmp(m->method, "initialize"))
		return 0;
	if (json_is_string(v) && !strcmp(json_string_value(v), MCP_STATELESS_VERSION))
		return 1;
	char msg[256];
	snprintf(msg, sizeof(msg),
		 "unsupported protocol version in params._meta[\"%s\"]: sbx speaks %s per request, "
		 "or older revisions through initialize",
		 MCP_META_VERSION, MCP_STATELESS_VERSION);
	mcp_send(s, jsonrpc_error(m->id, MCP_UNSUPPORTED_VERSION, msg,
				  json_pack("{s:o, s:O}", "supported", mcp_supported_versions(),
					    "requested", v)));
	return -1;
}

static void request(struct mcp_server *s, struct jsonrpc_msg *m)
{
	char msg[256];
	int stateless = stateless_request(s, m);
	if (stateless < 0)
		return;
	if (!strcmp(m->method, "server/discover")) {
		mcp_send(s, mcp_result_for(m->id, mcp_discover_result(), true));
		return;
	}
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
		mcp_send(s, mcp_result_for(m->id, json_object(), stateless));
		return;
	}
	bool known = !strcmp(m->method, "tools/list") || !strcmp(m->method, "tools/call");
	if (!known) {
		snprintf(
		    msg, sizeof(msg),
		    "method not found: '%.100s' (sbx offers initialize, server/discover, ping, "
		    "tools/list, tools/call)",
		    m->method);
		reply_error(s, m->id, JSONRPC_METHOD_NOT_FOUND, msg);
		return;
	}
	if (!s->initialized && !stateless) {
		reply_error(
		    s, m->id, JSONRPC_INVALID_REQUEST,
		    "not initialized: send initialize first (or, in revision " MCP_STATELESS_VERSION
		    ", name it in params._meta[\"" MCP_META_VERSION "\"])");
		return;
	}
	if (!strcmp(m->method, "tools/list")) {
		json_t *cursor = json_object_get(m->params, "cursor");
		if (cursor && !json_is_string(cursor)) {
			reply_error(s, m->id, JSONRPC_INVALID_PARAMS,
				    "params.cursor must be a string");
			return;
		}
		mcp_send(s, mcp_result_for(m->id, mcp_tools_list(), stateless));
		return;
	}
	tools_call(s, m->id, m->params, stateless);
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
