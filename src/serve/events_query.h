/* events_query — the query parameters of GET /v1/events (label=K=V,
 * deployment, session, language, since, follow) into a filter for the
 * events log. No HTTP library here: tests/fuzz/fuzz_events.c drives it.
 *
 * May call: serve's api, state, core, util.
 */
#ifndef SBX_SERVE_EVENTS_QUERY_H
#define SBX_SERVE_EVENTS_QUERY_H

#include <stdbool.h>

#include "serve/api.h"
#include "state/events_log.h"

#define EVENTS_QUERY_MAX_LABELS 16

struct events_query {
	struct events_filter f; /* points into the fields below */
	struct label labels[EVENTS_QUERY_MAX_LABELS];
	char *strings[API_QUERY_MAX]; /* owned copies f points to */
	size_t nstrings;
	bool follow; /* follow=false ends after the events kept */
	bool past;   /* start with the events kept (since, or not following) */
};

/* Fills eq from q. Returns 0, or -1 with e (400 bad_query). Release eq
 * either way. */
int events_query_parse(struct events_query *eq, const struct api_query *q, struct api_error *e);
void events_query_release(struct events_query *eq);

#endif
