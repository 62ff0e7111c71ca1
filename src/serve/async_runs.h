/* async_runs — runs answered at once: a body with "wait": false (POST
 * /v1/run[s], a deployment's or a session's execution) gets 202 with the
 * execution id and Location: /v1/runs/ID; the run goes on in a thread of
 * its own, through the same admission, child, limits, history and events as a
 * synchronous one. GET /v1/runs/ID[?wait=S] says its state (queued,
 * running, done, cancelled) and, once ended, the answer the synchronous
 * request would have had; DELETE cancels it (SIGTERM, as a client's
 * hang-up does) and answers the state.
 *
 * Bounded: at most serve_config.max_async not yet ended (more: 503 with
 * Retry-After); an ended run's answer is a file in STATE/async-runs/ (it
 * outlives a restart), kept ASYNC_KEEP_SECONDS and at most ASYNC_KEEP_MAX.
 *
 * May call: serve's own files, util.
 */
#ifndef SBX_SERVE_ASYNC_RUNS_H
#define SBX_SERVE_ASYNC_RUNS_H

#include <jansson.h>
#include <stdbool.h>

#include "serve/api.h"
#include "serve/mhd.h"
#include "serve/server.h"

#define ASYNC_KEEP_SECONDS (24 * 3600)
#define ASYNC_KEEP_MAX	   1024
#define ASYNC_WAIT_MAX_S   60 /* GET ?wait=S: the longest a poll blocks */

/* Does body ask for an answer at once ("wait": false)? */
bool async_wanted(json_t *body);
/* Starts r's request (body: checked, "wait" still in it) in a thread of its
 * own and answers 202, or an error. */
enum MHD_Result async_runs_start(struct server *s, struct MHD_Connection *conn,
				 const struct api_route *r, json_t *body,
				 const struct api_query *q);
/* GET /v1/runs/ID and DELETE /v1/runs/ID. */
enum MHD_Result async_runs_answer(struct server *s, struct MHD_Connection *conn,
				  const struct api_route *r, const struct api_query *q);

#endif
