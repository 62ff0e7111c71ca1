/* mcp — sbx as a Model Context Protocol server on stdin/stdout.
 *
 * Newline-delimited JSON-RPC 2.0 (the stdio transport): initialize with
 * version negotiation, ping, tools/list, tools/call, progress and
 * cancellation notifications. Each tool call runs an sbx command as a child
 * process; several run at once, and their responses go out as they finish. */
#ifndef SBX_MCP_H
#define SBX_MCP_H

#include <stddef.h>

#include "mcp/tools.h"

#define MCP_MAX_CONCURRENT_LIMIT 32
#define MCP_DEFAULT_CONCURRENT	 4
/* Tool calls waiting for a free slot; past this a call is refused (busy). */
#define MCP_QUEUE_MAX 64
/* Default longest message: a run with files inline (base64) fits. */
#define MCP_DEFAULT_MAX_MESSAGE (16u << 20)
#define MCP_MAX_MESSAGE_LIMIT	(256u << 20)

/* The newest revision first: initialize answers the client's version when
 * it is one of these, else the first. */
extern const char *const mcp_protocol_versions[];
/* The stateless revision: no initialize; each request names it in
 * params._meta["io.modelcontextprotocol/protocolVersion"], and
 * server/discover tells what the server speaks. */
#define MCP_STATELESS_VERSION "2026-07-28"
#define MCP_META_VERSION      "io.modelcontextprotocol/protocolVersion"
/* The error a request naming a revision sbx does not speak gets. */
#define MCP_UNSUPPORTED_VERSION (-32022)

struct mcp_options {
	struct mcp_context ctx;
	int max_concurrent;
	size_t max_message;
};

/* Serves until stdin closes and every call has been answered, or until
 * SIGTERM/SIGINT (which kill the calls in flight). Returns the exit code. */
int mcp_serve(const struct mcp_options *o);

/* The answer to one initialize request's params: a result, or NULL with
 * *code and msg set (invalid params). Pure, for the fuzzer and tests. */
json_t *mcp_initialize_result(json_t *params, int *code, char *msg, size_t msglen);
/* server/discover's result: every version sbx speaks, capabilities, who it is. */
json_t *mcp_discover_result(void);
/* The supported versions, stateless first, as a JSON array. */
json_t *mcp_supported_versions(void);

#endif
