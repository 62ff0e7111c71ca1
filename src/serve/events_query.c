/* events_query — GET /v1/events's query parameters (events_query.h). */
#include "serve/events_query.h"

#include <stdlib.h>
#include <string.h>

#include "core/lang.h"
#include "state/history.h"
#include "util/util.h"

static char *keep(struct events_query *eq, const char *v)
{
	char *c = xstrdup(v);
	eq->strings[eq->nstrings++] = c; /* at most one per parameter */
	return c;
}

static int add_label(struct events_query *eq, const char *v, struct api_error *e)
{
	const char *eqs = strchr(v, '=');
	if (!eqs || eqs == v)
		return api_fail(e, ERROR_INVALID, "bad_query",
				"label '%.60s' is not KEY=VALUE: e.g. label=team=search", v);
	if (eq->f.nlabels == EVENTS_QUERY_MAX_LABELS)
		return api_fail(e, ERROR_INVALID, "bad_query", "at most %d label filters",
				EVENTS_QUERY_MAX_LABELS);
	struct label *l = &eq->labels[eq->f.nlabels++];
	l->key = keep(eq, v);
	l->key[eqs - v] = '\0';
	l->value = l->key + (eqs - v) + 1;
	eq->f.labels = eq->labels;
	return 0;
}

static int one(struct events_query *eq, const char *k, const char *v, struct api_error *e)
{
	if (!strcmp(k, "label"))
		return add_label(eq, v, e);
	if (!strcmp(k, "deployment")) {
		eq->f.deployment = keep(eq, v);
	} else if (!strcmp(k, "session")) {
		eq->f.session = keep(eq, v);
	} else if (!strcmp(k, "language")) {
		const struct lang *l = lang_by_name(v);
		if (!l)
			return api_fail(e, ERROR_INVALID, "bad_query",
					"unknown language '%.60s': use one of %s", v,
					lang_all_names());
		eq->f.language = l->name;
	} else if (!strcmp(k, "since")) {
		int64_t ms;
		/* history_time_value, not history_parse_time: this runs in a
		 * request's thread, and error() would write the process's
		 * first-message buffer (util.c) unlocked, racing other requests. */
		if (!history_time_value(v, (int64_t)now_wall_ms(), false, &ms))
			return api_fail(e, ERROR_INVALID, "bad_query",
					"invalid since '%.60s': use a duration back from now (10m, "
					"2h, 1d) or a date (2026-11-01[T12:00:00Z])",
					v);
		history_format_time(ms, eq->f.since);
		eq->past = true;
	} else if (!strcmp(k, "follow")) {
		bool yes = !strcmp(v, "true") || !strcmp(v, "1");
		if (!yes && strcmp(v, "false") && strcmp(v, "0"))
			return api_fail(e, ERROR_INVALID, "bad_query",
					"invalid follow '%.60s': use true or false", v);
		eq->follow = yes;
	}
	return 0;
}

int events_query_parse(struct events_query *eq, const struct api_query *q, struct api_error *e)
{
	memset(eq, 0, sizeof(*eq));
	eq->follow = true;
	for (size_t i = 0; i < q->n && i < API_QUERY_MAX; i++)
		if (one(eq, q->key[i] ? q->key[i] : "", q->value[i] ? q->value[i] : "", e) != 0)
			return -1;
	if (!eq->follow)
		eq->past = true;
	return 0;
}

void events_query_release(struct events_query *eq)
{
	for (size_t i = 0; i < eq->nstrings; i++)
		free(eq->strings[i]);
	eq->nstrings = 0;
}
