/* events_pub — a run's live events, published to STATE/events.log.
 *
 * Every execution (run, exec-deployment, session exec, and so the API's
 * and batch's children) publishes: execution_started, security_issue,
 * output (the bytes so far, at most one per second per stream),
 * resource_limit_exceeded, execution_timeout, then execution_completed or
 * execution_failed. Each carries the run's id, language, labels,
 * deployment, session and time. Best effort: a log that cannot be written
 * never changes the run (state/events_log.h).
 */
#ifndef SBX_EVENTS_PUB_H
#define SBX_EVENTS_PUB_H

#include "core/outcome.h"
#include "core/request.h"
#include "render/render.h"

struct events_pub;

/* A publisher for req (borrowed until events_pub_free), attached to r as
 * its tap. session: the session's id, or NULL. NULL when req has no state
 * directory. */
struct events_pub *events_pub_attach(const struct request *req, const char *session,
				     struct render *r);
/* The closing events (limits, timeout, completed/failed) for out. */
void events_pub_finish(struct events_pub *p, const struct outcome *out);
void events_pub_free(struct events_pub *p);

#endif
