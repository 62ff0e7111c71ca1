/* request_plan — what carries out one API request in a child process
 * (request_plan.h; server.c says why a child).
 *
 * A run or a deployment's execution is a job (runner_job.h): the body goes
 * to the run pipeline as the request it is (run/job.h, request_json_apply's
 * keys and checks), no command line between; a prepare, a deploy (its body
 * as sbx deploy's settings) and a stopped session's execution are jobs
 * too. Every other request, which runs no code, reads or changes
 * something as `sbx COMMAND ...` would: a job that names the command and
 * gives its flags by name ("settings") and its operands, which the
 * runner's fork applies by id and hands to the command's library function
 * (runner_job.h), so it gets exactly the CLI's validation, limits and
 * record with no exec and no command line. Every job is built from the
 * checked route and body only: nothing a client sends becomes a flag or a
 * setting by itself, and no path of the server's machine can be named
 * (code and files travel in the body, never as file operands). */
#include "serve/request_plan.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/request_keys.h"
#include "serve/returned_files.h"
#include "util/util.h"

void request_plan_release(struct request_plan *c)
{
	returned_files_drop(c->files_dir);
	json_decref(c->job);
	free(c->input);
	memset(c, 0, sizeof(*c));
}

/* A number or a string as the flag takes it: 2.5 → "2.5" seconds, 1048576
 * → "1048576" bytes, "256M" as it is. */
static void number_text(json_t *v, char out[64])
{
	if (json_is_string(v))
		snprintf(out, 64, "%s", json_string_value(v));
	else if (json_is_integer(v))
		snprintf(out, 64, "%lld", (long long)json_integer_value(v));
	else
		snprintf(out, 64, "%.17g", json_number_value(v));
}

/* The body the child reads: without "return_files", which is the
 * server's to do; that asks for the results saved into a private directory
 * of the server's (returned_files.h), c->files_dir. */
static int request_input(struct request_plan *c, json_t *body, struct api_error *e)
{
	bool files;
	json_t *o = returned_files_take(body, &files);
	c->input = json_dumps(o, JSON_COMPACT);
	json_decref(o);
	if (!c->input)
		return api_fail(e, ERROR_INTERNAL, "internal", "could not encode the request");
	c->input_len = strlen(c->input);
	if (files && !(c->files_dir = returned_files_dir()))
		return api_fail(e, ERROR_INTERNAL, "internal", "%s", error_first_message());
	return 0;
}

static json_t *job_new(const char *kind, const char *format, const char *state_dir,
		       const char *config)
{
	json_t *j = json_pack("{s:s, s:s}", "job", kind, "format", format);
	if (state_dir)
		json_object_set_new(j, "state_dir", json_string(state_dir));
	if (config)
		json_object_set_new(j, "config", json_string(config));
	return j;
}

/* A session execution that needs a process (its daemon is stopped: the
 * fork starts it): the job names the session (checked by
 * api_check_session_ref), the body is the request on the child's stdin,
 * as `sbx session exec --request - [--out-dir D] REF` reads it. */
static int session_exec_job_build(struct request_plan *c, const struct api_route *r, json_t *body,
				  const char *format, const char *state_dir, const char *config,
				  struct api_error *e)
{
	if (request_input(c, body, e) != 0)
		return -1;
	c->job = job_new("session-exec", format, state_dir, config);
	json_object_set_new(c->job, "session", json_string(r->ref));
	if (c->files_dir)
		json_object_set_new(c->job, "out_dir", json_string(c->files_dir));
	return 0;
}

/* A run (deployment NULL) or a deployment's execution: the job, and the
 * body (with "deployment" naming it) as the request on the child's stdin. */
static int run_job_build(struct request_plan *c, json_t *body, const char *deployment,
			 const char *format, const char *state_dir, const char *config,
			 struct api_error *e)
{
	json_t *o = json_deep_copy(body);
	if (deployment)
		json_object_set_new(o, "deployment", json_string(deployment));
	int rc = request_input(c, o, e);
	json_decref(o);
	if (rc)
		return -1;
	c->job = job_new(deployment ? "exec-deployment" : "run", format, state_dir, config);
	if (c->files_dir)
		json_object_set_new(c->job, "out_dir", json_string(c->files_dir));
	return 0;
}

/* One of a command's settings, as its flag and value ([FLAG] for a
 * switch): what its job applies, in order (a deploy's: run/job.h). */
static void setting(json_t *settings, const char *flag, const char *value)
{
	json_array_append_new(settings,
			      value ? json_pack("[s, s]", flag, value) : json_pack("[s]", flag));
}

/* A deploy takes its run defaults as sbx deploy's flags, so their values
 * and messages are deploy's: the same keys as a run body. The strings and
 * the limits are the flags the request keys' table gives them
 * (core/request_keys.c); code goes on stdin, the objects and switches
 * below. */
static int deploy_settings(json_t *settings, json_t *body, struct api_error *e)
{
	char text[64];
	json_t *v;
	for (const struct request_key *k = request_keys; k->key; k++) {
		if (!(k->routes & RK_DEPLOY) || !k->flag || !strcmp(k->key, "code") ||
		    !(v = json_object_get(body, k->key)))
			continue;
		if (k->types == RK_STR) {
			setting(settings, k->flag, json_string_value(v));
		} else if (k->types == (RK_NUM | RK_STR)) {
			if (json_is_string(v) && strlen(json_string_value(v)) > 60)
				return api_fail(e, ERROR_INVALID, "bad_field",
						"key '%s' is too long", k->key);
			number_text(v, text);
			setting(settings, k->flag, text);
		}
	}
	if ((v = json_object_get(body, "inputs"))) {
		char *s = json_dumps(v, JSON_COMPACT);
		setting(settings, "--inputs", s ? s : "{}");
		free(s);
	}
	static const char *const maps[][2] = {{"labels", "--label"}, {"env", "--env"}};
	for (size_t m = 0; m < 2; m++) {
		const char *k;
		json_t *x;
		json_object_foreach(json_object_get(body, maps[m][0]), k, x)
		{
			if (!json_is_string(x))
				return api_fail(e, ERROR_INVALID, "bad_field",
						"'%s' values must be strings", maps[m][0]);
			char *kv = xmalloc(strlen(k) + json_string_length(x) + 2);
			sprintf(kv, "%s=%s", k, json_string_value(x));
			setting(settings, maps[m][1], kv);
			free(kv);
		}
	}
	if (json_is_true(json_object_get(body, "merge_output")))
		setting(settings, "--merge-output", NULL);
	if ((v = json_object_get(body, "print_result")))
		setting(settings, "--print-result", json_is_true(v) ? "always" : "never");
	return 0;
}

static void take_code(struct request_plan *c, json_t *body)
{
	json_t *code = json_object_get(body, "code");
	c->input_len = json_string_length(code);
	c->input = xmalloc(c->input_len + 1);
	memcpy(c->input, json_string_value(code), c->input_len + 1);
}

/* POST /v1/deployments: the code on the child's stdin (as `sbx deploy
 * ... -`), the settings in the job. */
static int deploy_job_build(struct request_plan *c, json_t *body, const char *format,
			    const char *state_dir, const char *config, struct api_error *e)
{
	c->job = job_new("deploy", format, state_dir, config);
	json_t *settings = json_array();
	json_object_set_new(c->job, "settings", settings);
	if (deploy_settings(settings, body, e) != 0)
		return -1;
	take_code(c, body);
	return 0;
}

/* POST /v1/prepare: the code on the child's stdin (as `sbx prepare -`),
 * its "language" and "engine" in the job. */
static int prepare_job_build(struct request_plan *c, json_t *body, const char *format,
			     const char *state_dir, const char *config)
{
	c->job = job_new("prepare", format, state_dir, config);
	static const char *const keys[] = {"language", "engine"};
	for (size_t i = 0; i < 2; i++) {
		const char *v = json_string_value(json_object_get(body, keys[i]));
		if (v)
			json_object_set_new(c->job, keys[i], json_string(v));
	}
	take_code(c, body);
	return 0;
}

/* The query parameters as the flags of the same names (api_check_query
 * let through only the route's own). */
static void query_settings(json_t *settings, const struct api_query *q)
{
	for (size_t i = 0; i < q->n; i++) {
		char flag[40];
		snprintf(flag, sizeof(flag), "--%s", q->key[i]);
		for (char *p = flag; *p; p++)
			if (*p == '_')
				*p = '-';
		setting(settings, flag, q->value[i]);
	}
}

/* The session commands that run no code: `sbx session SUB [flags] REF`
 * as a job (session/session_admin.h: "sub", its flags as "settings", the
 * session as "operands"), which the runner's fork runs in-process. */
static int session_job_build(const struct api_route *r, json_t *body, const struct api_query *q,
			     const char *format, const char *state_dir, const char *config,
			     struct request_plan *c, struct api_error *e)
{
	static const char *const subs[] = {
	    [API_SESSION_CREATE] = "create", [API_SESSION_LIST] = "list",
	    [API_SESSION_GET] = "get",	     [API_SESSION_DELETE] = "delete",
	    [API_SESSION_STOP] = "stop",     [API_SESSION_TTL] = "ttl"};
	json_t *v, *settings = json_array();
	char text[64];
	c->job = job_new("session", format, state_dir, config);
	json_object_set_new(c->job, "sub", json_string(subs[r->op]));
	json_object_set_new(c->job, "settings", settings);
	switch (r->op) {
	case API_SESSION_CREATE: {
		static const char *const flags[][2] = {
		    {"language", "--language"}, {"name", "--name"},	{"ttl", "--ttl"},
		    {"idle", "--idle"},		{"memory", "--memory"}, {"disk", "--disk"}};
		for (size_t i = 0; i < sizeof(flags) / sizeof(flags[0]); i++)
			if ((v = json_object_get(body, flags[i][0]))) {
				if (json_is_string(v) && strlen(json_string_value(v)) > 100)
					return api_fail(e, ERROR_INVALID, "bad_field",
							"key '%s' is too long", flags[i][0]);
				number_text(v, text);
				setting(settings, flags[i][1],
					json_is_string(v) ? json_string_value(v) : text);
			}
		return 0;
	}
	case API_SESSION_LIST: query_settings(settings, q); return 0;
	case API_SESSION_TTL:
		v = json_object_get(body, "ttl");
		if (!json_is_string(v) || strlen(json_string_value(v)) > 100)
			return api_fail(e, ERROR_INVALID, "bad_field",
					"key 'ttl' must be a duration such as \"2h\"");
		setting(settings, "--ttl", json_string_value(v));
		break;
	default: break;
	}
	/* checked by api_check_session_ref: a name or an id */
	json_object_set_new(c->job, "operands", json_pack("[s]", r->ref));
	return 0;
}

/* The other commands that run no code, each a job of its own: doctor,
 * stats, list, get, delete and batch, which the runner's fork runs with
 * the command's library function (runner_job.h). */
static int command_job_build(const struct api_route *r, const struct api_query *q,
			     const char *format, const char *state_dir, const char *config,
			     struct request_plan *c, struct api_error *e)
{
	static const char *const names[] = {[API_DOCTOR] = "doctor",
					    [API_STATS] = "stats",
					    [API_LIST] = "list",
					    [API_GET] = "get",
					    [API_DELETE] = "delete"};
	if (r->op == API_BATCH) {
		/* `sbx batch --state-dir S --config C --format F --quiet [QUERY
		 * FLAGS] [--jobs N] -` (batch/batch_args.h), its flags in that
		 * order (--state-dir and --config are defaults of every run too):
		 * the records only, the summary is the client's to draw. The
		 * input is the body as it came (api_check_batch checked it); the
		 * caller puts it in c->input and adds --jobs. */
		c->job = job_new("batch", format, NULL, NULL);
		json_t *settings = json_array();
		json_object_set_new(c->job, "settings", settings);
		if (state_dir)
			setting(settings, "--state-dir", state_dir);
		if (config)
			setting(settings, "--config", config);
		setting(settings, "--format", format);
		setting(settings, "--quiet", NULL);
		query_settings(settings, q);
		return 0;
	}
	if (r->op == API_STATS) {
		/* `sbx stats --format F [--KEY VALUE]...` (state/history_stats_cmd.h) */
		c->job = job_new("stats", format, state_dir, config);
		json_t *settings = json_array();
		json_object_set_new(c->job, "settings", settings);
		query_settings(settings, q);
		return 0;
	}
	if (r->op == API_LIST || r->op == API_GET || r->op == API_DELETE) {
		/* `sbx list --format F [--language L] [--status S]`, `sbx get
		 * --format F -- REF`, `sbx delete -- REF` (state/deployments.h) */
		c->job = job_new(names[r->op], format, state_dir, config);
		json_t *settings = json_array();
		json_object_set_new(c->job, "settings", settings);
		query_settings(settings, q);
		if (r->op != API_LIST) /* checked by the route: NAME[@VERSION] */
			json_object_set_new(c->job, "operands", json_pack("[s]", r->ref));
		return 0;
	}
	if (r->op == API_DOCTOR) {
		/* `sbx doctor --config C --format F` (run/doctor.h) */
		c->job = job_new("doctor", format, state_dir, config);
		return 0;
	}
	return api_fail(e, ERROR_INTERNAL, "internal", "route has no command");
}

void request_plan_front_cli(struct request_plan *c)
{
	json_object_set_new(c->job, "front", json_string("cli"));
}

int request_plan_build(const struct api_route *r, json_t *body, const struct api_query *q,
		       const char *format, const char *state_dir, const char *config,
		       struct request_plan *c, struct api_error *e)
{
	memset(c, 0, sizeof(*c));
	if (r->op == API_RUN || r->op == API_EXEC)
		return run_job_build(c, body, r->op == API_EXEC ? r->ref : NULL, format, state_dir,
				     config, e);
	if (r->op == API_PREPARE)
		return prepare_job_build(c, body, format, state_dir, config);
	if (r->op == API_DEPLOY)
		return deploy_job_build(c, body, format, state_dir, config, e);
	if (r->op == API_SESSION_EXEC)
		return session_exec_job_build(c, r, body, format, state_dir, config, e);
	if (r->op >= API_SESSION_CREATE && r->op < API_SESSION_EXEC)
		return session_job_build(r, body, q, format, state_dir, config, c, e);
	return command_job_build(r, q, format, state_dir, config, c, e);
}
