/* session_direct — a session's execution answered in the connection's
 * thread, straight from the session's daemon (session_direct.c). */
#ifndef SBX_SERVE_SESSION_DIRECT_H
#define SBX_SERVE_SESSION_DIRECT_H

#include <jansson.h>
#include <stdbool.h>

#include "serve/handler.h"

/* Answers POST /v1/sessions/REF/executions (body checked by
 * api_parse_body) as JSON, or NDJSON streamed when ndjson. Sets *fallback
 * (and answers nothing) when the session's daemon is not running: the
 * caller then runs the session-exec child (a fork of the runner,
 * serve/runner_job.h), which starts it. */
enum MHD_Result session_direct_answer(struct server *s, struct MHD_Connection *conn,
				      const struct api_route *route, json_t *body, bool ndjson,
				      bool *fallback);

struct session_run;

/* Waits for the daemon's next frame of run; false when the client (the
 * connection's socket) hung up first (POLLRDHUP: a waiting HTTP/1.1 client
 * sends nothing, so nothing else wakes this). The caller then drops its
 * answer and frees its place at once; the execution finishes in the
 * session all the same. */
bool session_direct_client_waits(struct session_run *run, int client);

#endif
