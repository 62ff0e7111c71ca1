/* jsonrpc — classify and check one JSON-RPC 2.0 message (see jsonrpc.h).
 *
 * Every way a line can be wrong gets the code JSON-RPC assigns to it and a
 * message naming what was wrong: not JSON (-32700), JSON but not a request
 * (-32600: a batch, a missing "jsonrpc", a bad id or method), params that
 * are not an object (-32602). */
#include "mcp/jsonrpc.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

int jsonrpc_depth(const char *text, size_t len, int max)
{
	int depth = 0, deepest = 0;
	bool in_string = false, escaped = false;
	for (size_t i = 0; i < len; i++) {
		char c = text[i];
		if (in_string) {
			if (escaped)
				escaped = false;
			else if (c == '\\')
				escaped = true;
			else if (c == '"')
				in_string = false;
			continue;
		}
		if (c == '"') {
			in_string = true;
		} else if (c == '[' || c == '{') {
			if (++depth > deepest)
				deepest = depth;
			if (deepest > max)
				return max + 1;
		} else if ((c == ']' || c == '}') && depth > 0) {
			depth--;
		}
	}
	return deepest;
}

json_t *jsonrpc_result(json_t *id, json_t *result)
{
	return json_pack("{s:s, s:O, s:o}", "jsonrpc", "2.0", "id", id ? id : json_null(), "result",
			 result ? result : json_object());
}

json_t *jsonrpc_error(json_t *id, int code, const char *message, json_t *data)
{
	json_t *err = json_pack("{s:i, s:s}", "code", code, "message", message);
	if (data)
		json_object_set_new(err, "data", data);
	return json_pack("{s:s, s:O, s:o}", "jsonrpc", "2.0", "id", id ? id : json_null(), "error",
			 err);
}

json_t *jsonrpc_notification(const char *method, json_t *params)
{
	return json_pack("{s:s, s:s, s:o}", "jsonrpc", "2.0", "method", method, "params",
			 params ? params : json_object());
}

/* MCP: an id is a string or an integer, never null (JSON-RPC allows
 * null; MCP does not, and a fraction would not round-trip). */
static bool valid_id(json_t *id)
{
	return json_is_string(id) || json_is_integer(id);
}

static void invalid(struct jsonrpc_msg *m, json_t **reply, json_t *id, int code, const char *msg)
{
	m->kind = JSONRPC_INVALID;
	*reply = jsonrpc_error(id, code, msg, NULL);
}

void jsonrpc_parse(const char *line, size_t len, struct jsonrpc_msg *m, json_t **reply)
{
	memset(m, 0, sizeof(*m));
	*reply = NULL;
	if (jsonrpc_depth(line, len, JSONRPC_MAX_DEPTH) > JSONRPC_MAX_DEPTH) {
		char msg[96];
		snprintf(msg, sizeof(msg), "message nested deeper than %d levels",
			 JSONRPC_MAX_DEPTH);
		invalid(m, reply, NULL, JSONRPC_INVALID_REQUEST, msg);
		return;
	}
	json_error_t jerr;
	m->msg = json_loadb(line, len, JSON_REJECT_DUPLICATES, &jerr);
	if (!m->msg) {
		char msg[256];
		snprintf(msg, sizeof(msg), "parse error: %s (column %d)", jerr.text, jerr.column);
		invalid(m, reply, NULL, JSONRPC_PARSE_ERROR, msg);
		return;
	}
	if (json_is_array(m->msg)) {
		invalid(m, reply, NULL, JSONRPC_INVALID_REQUEST,
			"batches (JSON arrays) are not supported: send one message per line");
		return;
	}
	if (!json_is_object(m->msg)) {
		invalid(m, reply, NULL, JSONRPC_INVALID_REQUEST, "a message must be a JSON object");
		return;
	}
	json_t *id = json_object_get(m->msg, "id");
	json_t *reply_id = valid_id(id) ? id : NULL;
	const char *version = json_string_value(json_object_get(m->msg, "jsonrpc"));
	if (!version || strcmp(version, "2.0")) {
		invalid(m, reply, reply_id, JSONRPC_INVALID_REQUEST, "\"jsonrpc\" must be \"2.0\"");
		return;
	}
	if (id && !valid_id(id)) {
		invalid(m, reply, NULL, JSONRPC_INVALID_REQUEST,
			"\"id\" must be a string or an integer");
		return;
	}
	json_t *method = json_object_get(m->msg, "method");
	if (!method) {
		if (id && (json_object_get(m->msg, "result") || json_object_get(m->msg, "error"))) {
			m->kind = JSONRPC_RESPONSE;
			m->id = id;
			return;
		}
		invalid(m, reply, reply_id, JSONRPC_INVALID_REQUEST,
			"a request needs a \"method\" string");
		return;
	}
	if (!json_is_string(method) || !json_string_length(method)) {
		invalid(m, reply, reply_id, JSONRPC_INVALID_REQUEST,
			"\"method\" must be a non-empty string");
		return;
	}
	json_t *params = json_object_get(m->msg, "params");
	if (params && !json_is_object(params)) {
		/* A notification is never answered, even when wrong. */
		if (!id) {
			m->kind = JSONRPC_INVALID;
			return;
		}
		invalid(m, reply, id, JSONRPC_INVALID_PARAMS, "\"params\" must be an object");
		return;
	}
	m->kind = id ? JSONRPC_REQUEST : JSONRPC_NOTIFICATION;
	m->id = id;
	m->method = json_string_value(method);
	m->params = params;
}

void jsonrpc_msg_release(struct jsonrpc_msg *m)
{
	json_decref(m->msg);
	memset(m, 0, sizeof(*m));
}
