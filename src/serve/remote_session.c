/* remote_session — `sbx --remote URL session SUB ...`: the subcommand
 * parsed by the session's own option table, sent to the session routes,
 * the answer printed as `sbx session SUB` prints it here. exec goes
 * through remote_run (it streams like run). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/outcome.h"
#include "serve/curl.h"
#include "serve/remote.h"
#include "serve/routes.h"
#include "util/util.h"

struct sess_ctx {
	const struct opt_spec *const *tables;
	const char *sub;
	json_t *body;	  /* create's settings */
	struct buf query; /* list's filters */
	const char *accept;
	bool recursive, parents; /* files rm -r, files mkdir -p */
};

static const char *long_name(const struct opt_spec *const *t, int id)
{
	for (size_t i = 0; t[i]; i++)
		for (const struct opt_spec *o = t[i]; o->long_name; o++)
			if (o->id == id)
				return o->long_name;
	return "?";
}

static int sess_option(void *ctx, int id, const char *arg)
{
	struct sess_ctx *c = ctx;
	const char *n = long_name(c->tables, id);
	bool create = !strcmp(c->sub, "create"), list = !strcmp(c->sub, "list");
	if (!strcmp(c->sub, "ttl") && !strcmp(n, "ttl")) {
		json_object_set_new(c->body, "ttl", json_string(arg));
		return 0;
	}
	if (!strcmp(n, "json") || !strcmp(n, "format")) {
		const char *f = arg ? arg : "json";
		if (strcmp(f, "text") && strcmp(f, "json") && strcmp(f, "ndjson"))
			return error("invalid --format '%s': use text, json or ndjson", f);
		c->accept = !strcmp(f, "text")	   ? "text/plain"
			    : !strcmp(f, "ndjson") ? "application/x-ndjson"
						   : "application/json";
		return 0;
	}
	static const char *const create_keys[][2] = {
	    {"language", "language"}, {"name", "name"}, {"ttl", "ttl"}, {"idle", "idle"},
	    {"memory", "memory"},     {"disk", "disk"}, {NULL, NULL}};
	for (size_t i = 0; create && create_keys[i][0]; i++)
		if (!strcmp(n, create_keys[i][0])) {
			json_object_set_new(c->body, create_keys[i][1], json_string(arg));
			return 0;
		}
	if (list && (!strcmp(n, "status") || !strcmp(n, "language"))) {
		char *v = curl.easy_escape(NULL, arg, 0);
		buf_printf(&c->query, "%c%s=%s", c->query.len ? '&' : '?', n, v ? v : "");
		curl.free(v);
		return 0;
	}
	if (!strcmp(c->sub, "files") && !strcmp(n, "recursive"))
		return c->recursive = true, 0;
	if (!strcmp(c->sub, "files") && !strcmp(n, "parents"))
		return c->parents = true, 0;
	if (!strcmp(n, "file") && create)
		return error("session create --remote takes no -f: the server's sessions get "
			     "files through their executions (\"files\" in POST "
			     "/v1/sessions/REF/executions, -f of sbx --remote session exec)");
	if (!strcmp(n, "state-dir") || !strcmp(n, "config") || !strcmp(n, "help"))
		return error("--%s is not available with --remote: the server uses its own", n);
	return error("usage: sbx session %s: --%s is not one of its options (see 'sbx session "
		     "-h')",
		     c->sub, n);
}

/* One answer printed as the local command prints it; its exit code. */
static int print_answer(struct remote_reply *r, bool quiet)
{
	if (r->status != 200)
		return remote_fail(r);
	if (!quiet)
		fwrite(r->body.data ? r->body.data : "", 1, r->body.len, stdout);
	return r->exit_code >= 0 ? r->exit_code : 0;
}

static int call(const char *method, const char *path, const char *body, const char *accept,
		bool quiet)
{
	struct remote_reply r = {0};
	int rc = remote_call(method, path, body, body ? strlen(body) : 0, accept, &r);
	if (rc == 0)
		rc = print_answer(&r, quiet);
	else
		rc = EXIT_SBX_FAILURE;
	buf_release(&r.body);
	return rc;
}

int remote_session(const struct opt_spec *const *tables, int argc, char **argv)
{
	static const char *const subs[] = {"create", "exec",  "list", "get", "stop",
					   "delete", "files", "ttl",  NULL};
	const char *sub = argc > 1 ? argv[1] : NULL;
	size_t k = 0;
	while (sub && subs[k] && strcmp(sub, subs[k]))
		k++;
	if (!sub || !subs[k])
		return error("session needs a subcommand: create, exec, list, get, stop, delete, "
			     "files or ttl (see 'sbx session -h')"),
		       EXIT_SBX_FAILURE;
	if (!strcmp(sub, "exec"))
		return remote_run("session-exec", tables, argc - 1, argv + 1);
	struct sess_ctx c = {tables, sub, json_object(), BUF_INIT, "text/plain"};
	char **ops = NULL;
	int rc = EXIT_SBX_FAILURE;
	int nops = opt_parse(argc - 1, argv + 1, "session", tables, sess_option, &c, &ops);
	if (nops < 0)
		goto out;
	if (!strcmp(sub, "files")) {
		rc = remote_session_files(ops, nops, strcmp(c.accept, "text/plain") != 0,
					  c.recursive, c.parents);
		goto out;
	}
	bool create = !strcmp(sub, "create"), list = !strcmp(sub, "list");
	if (create || list) {
		if (nops) {
			error(create ? "session create takes no operand (code goes to 'sbx session "
				       "exec')"
				     : "usage: sbx session list: see 'sbx session -h'");
			goto out;
		}
		char *body = create ? json_dumps(c.body, JSON_COMPACT) : NULL;
		char path[4096];
		route_path(create ? API_SESSION_CREATE : API_SESSION_LIST, NULL, path, sizeof path);
		snprintf(path + strlen(path), sizeof path - strlen(path), "%s", buf_cstr(&c.query));
		rc = call(create ? "POST" : "GET", path, body, c.accept, false);
		free(body);
		goto out;
	}
	if (nops < 1) {
		error("usage: sbx session %s: see 'sbx session -h'", sub);
		goto out;
	}
	if (!strcmp(sub, "ttl")) {
		if (nops != 1 || !json_object_get(c.body, "ttl")) {
			error(
			    "usage: sbx session ttl ID|NAME --ttl DURATION (see 'sbx session -h')");
			goto out;
		}
		char *ref = curl.easy_escape(NULL, ops[0], 0), path[512];
		route_path(API_SESSION_TTL, ref ? ref : "", path, sizeof path);
		curl.free(ref);
		char *body = json_dumps(c.body, JSON_COMPACT);
		/* as locally: a person gets nothing, a program the description */
		rc = call("POST", path, body, c.accept, !strcmp(c.accept, "text/plain"));
		free(body);
		goto out;
	}
	/* As locally: every session is tried; one failure fails the command. */
	rc = 0;
	bool text = !strcmp(c.accept, "text/plain");
	for (int i = 0; i < nops; i++) {
		char *ref = curl.easy_escape(NULL, ops[i], 0);
		char path[512];
		enum api_op op = !strcmp(sub, "get")	? API_SESSION_GET
				 : !strcmp(sub, "stop") ? API_SESSION_STOP
							: API_SESSION_DELETE;
		route_path(op, ref ? ref : "", path, sizeof path);
		curl.free(ref);
		const char *method = route_of(op)->method;
		/* delete prints what it deleted, as locally; stop prints the
		 * description to a program (--json) only. */
		bool quiet = !strcmp(sub, "stop") && text;
		if (call(method, path, NULL, c.accept, quiet) != 0)
			rc = EXIT_SBX_FAILURE;
	}
out:
	json_decref(c.body);
	buf_release(&c.query);
	free(ops);
	return rc;
}
