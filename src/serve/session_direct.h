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
 * caller then runs the `sbx session exec` child, which starts it. */
enum MHD_Result session_direct_answer(struct server *s, struct MHD_Connection *conn,
				      const struct api_route *route, json_t *body, bool ndjson,
				      bool *fallback);

#endif
