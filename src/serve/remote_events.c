/* remote_events — `sbx --remote URL events [--follow] [filters]`: GET
 * /v1/events as NDJSON, each event printed as the local command prints it
 * (a text line, or the JSON object), until the server ends the stream. */
#include <jansson.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "core/outcome.h"
#include "render/render_events.h"
#include "serve/curl.h"
#include "serve/remote.h"
#include "serve/routes.h"
#include "util/jsonout.h"
#include "util/util.h"

struct events_query {
	const struct opt_spec *const *tables;
	struct buf query;
	bool follow, json;
};

static const char *long_name(const struct opt_spec *const *t, int id)
{
	for (size_t i = 0; t[i]; i++)
		for (const struct opt_spec *o = t[i]; o->long_name; o++)
			if (o->id == id)
				return o->long_name;
	return "?";
}

static int events_option(void *ctx, int id, const char *arg)
{
	struct events_query *q = ctx;
	const char *n = long_name(q->tables, id);
	if (!strcmp(n, "follow")) {
		q->follow = true;
		return 0;
	}
	if (!strcmp(n, "json") || !strcmp(n, "format")) {
		if (arg && strcmp(arg, "text") && strcmp(arg, "json") && strcmp(arg, "ndjson"))
			return error("invalid --format '%s': use text, json or ndjson", arg);
		q->json = !arg || strcmp(arg, "text") != 0;
		return 0;
	}
	if (!arg)
		return error("--%s is not available with --remote: the server uses its own", n);
	/* label, deployment, session, language, since: the server checks them. */
	char *v = curl.easy_escape(NULL, arg, 0);
	buf_printf(&q->query, "&%s=%s", n, v ? v : "");
	curl.free(v);
	return 0;
}

static void print_line(void *ctx, const char *line, size_t len)
{
	struct events_query *q = ctx;
	json_t *ev =
	    len ? json_loadb(line, len, JSON_ALLOW_NUL, NULL) : NULL; /* "": a keep-alive */
	if (!json_is_object(ev)) {
		json_decref(ev);
		return;
	}
	struct buf b = BUF_INIT;
	if (q->json) {
		jsonout_append(&b, ev);
		buf_append(&b, "\n", 1);
	} else {
		render_event_line(&b, ev);
	}
	write_all(STDOUT_FILENO, b.data, b.len);
	buf_release(&b);
	json_decref(ev);
}

int remote_events(const struct opt_spec *const *tables, int argc, char **argv)
{
	struct events_query q = {tables, BUF_INIT, false, false};
	char **ops = NULL;
	int rc = EXIT_SBX_FAILURE;
	int nops = opt_parse(argc, argv, "events", tables, events_option, &q, &ops);
	if (nops < 0)
		goto out;
	if (nops > 0) {
		error("sbx events takes no operands ('%s'): filter with --label, --deployment, "
		      "--session, --language or --since",
		      ops[0]);
		goto out;
	}
	char path[4096];
	route_path(API_EVENTS, NULL, path, sizeof path);
	snprintf(path + strlen(path), sizeof path - strlen(path), "?follow=%s%s",
		 q.follow ? "true" : "false", buf_cstr(&q.query));
	struct remote_reply r = {0};
	r.on_line = print_line;
	r.ctx = &q;
	if (remote_call("GET", path, NULL, 0, "application/x-ndjson", &r) == 0)
		rc = r.status == 200 ? 0 : remote_fail(&r);
	buf_release(&r.body);
out:
	buf_release(&q.query);
	free(ops);
	return rc;
}
