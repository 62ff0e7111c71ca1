/* jsonrpc — one line of JSON-RPC 2.0 from an MCP client, checked.
 *
 * Pure: bytes in, a classified message or a ready error response out. No
 * I/O, so the fuzzer (tests/fuzz/fuzz_mcp.c) drives it directly. */
#ifndef SBX_MCP_JSONRPC_H
#define SBX_MCP_JSONRPC_H

#include <jansson.h>
#include <stddef.h>

/* JSON-RPC 2.0's error codes, and MCP's use of them. */
#define JSONRPC_PARSE_ERROR	 (-32700)
#define JSONRPC_INVALID_REQUEST	 (-32600)
#define JSONRPC_METHOD_NOT_FOUND (-32601)
#define JSONRPC_INVALID_PARAMS	 (-32602)
#define JSONRPC_INTERNAL_ERROR	 (-32603)
#define JSONRPC_SERVER_BUSY	 (-32000) /* implementation-defined range */

/* Deepest nesting of arrays and objects accepted in one message: tool
 * arguments are a few levels deep; anything near jansson's own limit is
 * hostile and is refused before it is parsed. */
#define JSONRPC_MAX_DEPTH 64

enum jsonrpc_kind {
	JSONRPC_REQUEST,      /* method + id: must be answered */
	JSONRPC_NOTIFICATION, /* method, no id: never answered */
	JSONRPC_RESPONSE,     /* result or error + id: a reply to us (we ask nothing) */
	JSONRPC_INVALID,      /* *reply holds the error response to send */
};

struct jsonrpc_msg {
	enum jsonrpc_kind kind;
	json_t *msg;	    /* the whole message (owned) */
	json_t *id;	    /* borrowed from msg; NULL for notifications */
	const char *method; /* borrowed from msg */
	json_t *params;	    /* borrowed; an object, or NULL when absent */
};

/* Classifies one line (without its newline). On JSONRPC_INVALID, *reply is
 * the error response to write (id null when the id could not be read).
 * Always fills m; release it with jsonrpc_msg_release. */
void jsonrpc_parse(const char *line, size_t len, struct jsonrpc_msg *m, json_t **reply);
void jsonrpc_msg_release(struct jsonrpc_msg *m);

/* Deepest nesting of [ and { in text, outside strings; stops counting
 * (and returns the limit + 1) as soon as max is passed. */
int jsonrpc_depth(const char *text, size_t len, int max);

/* {"jsonrpc":"2.0","id":id,"result":result}; result is stolen. */
json_t *jsonrpc_result(json_t *id, json_t *result);
/* {"jsonrpc":"2.0","id":id|null,"error":{"code","message"[,"data"]}}; data
 * is stolen (may be NULL). */
json_t *jsonrpc_error(json_t *id, int code, const char *message, json_t *data);
/* A notification: {"jsonrpc":"2.0","method":..,"params":params}, stolen. */
json_t *jsonrpc_notification(const char *method, json_t *params);

#endif
