/* events_sse — GET /v1/events: the live events of every execution on the
 * server's state directory, as server-sent events (text/event-stream:
 * "event: TYPE" and "data: JSON" per event) or, with Accept:
 * application/x-ndjson, one JSON object per line (sbx --remote events).
 *
 * Each subscriber reads STATE/events.log itself (state/events_log.h), in
 * its connection's thread: its memory is one read buffer and one pending
 * event, whatever the client's speed. A subscriber more than
 * EVENTS_SSE_MAX_LAG bytes behind skips to the present and gets a
 * "lagged" event; at most --max-subscribers at once (beyond, 503
 * with Retry-After). A client that hangs up ends its stream and frees
 * everything at once; events_sse_shutdown ends every stream (SIGTERM).
 *
 * May call: serve's own files, state, core, util.
 */
#ifndef SBX_SERVE_EVENTS_SSE_H
#define SBX_SERVE_EVENTS_SSE_H

#include <stdbool.h>

#include "serve/api.h"
#include "serve/mhd.h"
#include "serve/server.h"

#define EVENTS_SSE_MAX	   64 /* subscribers, unless serve --max-subscribers */
#define EVENTS_SSE_MAX_LAG (1u << 20)
#define EVENTS_SSE_KEEP_MS 15000 /* a comment line keeps idle proxies from closing */

/* Once, before the daemon starts: the pipe that ends every stream. */
int events_sse_init(void);
/* Ends every stream (their reads return at once); new ones get 503. */
void events_sse_shutdown(void);
/* The answer to GET /v1/events with the query q. */
enum MHD_Result events_sse_answer(struct server *s, struct MHD_Connection *conn,
				  const struct api_query *q, bool ndjson);

#endif
