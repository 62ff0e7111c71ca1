/* server_int — the server's state, shared by server.c (the loop) and
 * dispatch.c (what each message does). */
#ifndef SBX_MCP_SERVER_INT_H
#define SBX_MCP_SERVER_INT_H

#include <stdbool.h>

#include "mcp/call_child.h"
#include "mcp/mcp.h"
#include "util/buf.h"

/* A tool call waiting for a free slot. */
struct mcp_pending {
	json_t *id;	/* owned; NULL once cancelled */
	json_t *token;	/* progress token, owned, or NULL */
	bool stateless; /* a 2026-07-28 request: its result names resultType */
	struct mcp_cmd cmd;
};

/* A tool call in flight. */
struct mcp_call {
	bool active;
	bool cancelled; /* killed on the client's request: never answered */
	json_t *id;
	json_t *token;
	bool stateless;
	double progress;
	struct mcp_call_child child;
};

struct mcp_server {
	struct mcp_options opt;
	bool initialized; /* initialize was answered */
	bool stdin_eof;
	bool client_gone; /* stdout is closed */
	bool skipping;	  /* inside an oversized line, up to its newline */
	struct buf line;
	struct mcp_call calls[MCP_MAX_CONCURRENT_LIMIT];
	struct mcp_pending queue[MCP_QUEUE_MAX];
	int qhead, nqueued;
};

/* A result for a request: stateless (2026-07-28) results say
 * "resultType": "complete". Takes result. */
json_t *mcp_result_for(json_t *id, json_t *result, bool stateless);
/* Writes one message (stolen) as one line. */
void mcp_send(struct mcp_server *s, json_t *msg);
/* Handles one line from the client. */
void mcp_handle_line(struct mcp_server *s, const char *line, size_t len);
/* Runs the call now, queues it, or answers busy. Takes over p's fields. */
void mcp_submit(struct mcp_server *s, struct mcp_pending *p);
/* notifications/cancelled: kills the call with that id, unanswered. */
void mcp_cancel(struct mcp_server *s, json_t *request_id);

#endif
