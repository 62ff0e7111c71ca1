/* runner_job — a runner's fork runs its job in-process (runner_job.h). */
#include "serve/runner_job.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>

#include "batch/batch_args.h"
#include "core/outcome.h"
#include "run/deploy_run.h"
#include "run/doctor.h"
#include "run/job.h"
#include "session/session_admin.h"
#include "session/session_exec_job.h"
#include "state/deployments.h"
#include "state/history_stats_cmd.h"
#include "util/front.h"
#include "util/util.h"

static int parse_format(const char *s, enum output_format *f)
{
	if (s && !strcmp(s, "json"))
		*f = FORMAT_JSON;
	else if (s && !strcmp(s, "ndjson"))
		*f = FORMAT_NDJSON;
	else if (s && !strcmp(s, "text"))
		*f = FORMAT_TEXT;
	else
		return -1;
	return 0;
}

static const struct {
	const char *name;
	enum run_job_kind kind;
} kinds[] = {{"run", RUN_JOB_RUN},
	     {"exec-deployment", RUN_JOB_DEPLOYMENT},
	     {"prepare", RUN_JOB_PREPARE},
	     {"deploy", RUN_JOB_DEPLOY},
	     {"warm", RUN_JOB_RUN}};

/* A deploy's "settings", [[FLAG, VALUE] or [FLAG], ...] as request_plan.c
 * made them from the body, become its defaults (sbx deploy's options by
 * id), in order; *out is freed by the caller, the strings stay m's. */
static int deploy_settings(json_t *m, struct run_job_default **out, size_t *n)
{
	json_t *settings = json_object_get(m, "settings"), *pair;
	size_t i;
	*out = xcalloc(json_array_size(settings) + 1, sizeof(**out));
	*n = 0;
	json_array_foreach(settings, i, pair)
	{
		const char *flag = json_string_value(json_array_get(pair, 0));
		int id = deploy_run_flag_id(flag);
		if (!id)
			return error("internal: a deploy job's setting %s is not an option of "
				     "sbx deploy",
				     flag ? flag : "(none)");
		(*out)[(*n)++] = (struct run_job_default){
		    .id = id, .arg = json_string_value(json_array_get(pair, 1))};
	}
	return 0;
}

/* The format a failure record is written in: the job's, and JSON for a
 * text answer when the server asks (serve_main sets SBX_FAILURE_RECORD):
 * it reads the kind from it. */
static enum output_format failure_format(enum output_format format)
{
	return format != FORMAT_TEXT	      ? format
	       : getenv("SBX_FAILURE_RECORD") ? FORMAT_JSON
					      : FORMAT_TEXT;
}

/* A session's execution whose daemon was stopped: `sbx session exec
 * --request - REF` in-process (session/session_exec_job.h). */
static int session_exec_it(json_t *m, enum output_format format)
{
	struct session_exec_job job = {
	    .state_dir = json_string_value(json_object_get(m, "state_dir")),
	    .config = json_string_value(json_object_get(m, "config")),
	    .format = format,
	    .out_dir = json_string_value(json_object_get(m, "out_dir")),
	    .ref = json_string_value(json_object_get(m, "session")),
	};
	run_job_begin("session", failure_format(format));
	return job.ref ? session_exec_job_run(&job)
		       : error("internal: a session-exec job without a \"session\"");
}

/* A session command that runs no code: `sbx session SUB --format F
 * FLAGS... REF` in-process (session/session_admin.h). The strings stay
 * m's. */
static int session_admin_it(json_t *m, enum output_format format)
{
	json_t *settings = json_object_get(m, "settings"), *ops = json_object_get(m, "operands");
	size_t n = json_array_size(settings), nops = json_array_size(ops);
	const char *(*pairs)[2] = xcalloc(n + 1, sizeof *pairs);
	char **operands = xcalloc(nops + 1, sizeof *operands);
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < 2; k++)
			pairs[i][k] =
			    json_string_value(json_array_get(json_array_get(settings, i), k));
	for (size_t i = 0; i < nops; i++)
		operands[i] = (char *)json_string_value(json_array_get(ops, i));
	struct session_admin_job job = {
	    .sub = json_string_value(json_object_get(m, "sub")),
	    .state_dir = json_string_value(json_object_get(m, "state_dir")),
	    .config = json_string_value(json_object_get(m, "config")),
	    .format = json_string_value(json_object_get(m, "format")),
	    .settings = (const char *const(*)[2])pairs,
	    .nsettings = n,
	    .operands = operands,
	    .nops = (int)nops,
	};
	run_job_begin("session", failure_format(format));
	int rc = job.sub ? session_admin_job_run(&job)
			 : error("internal: a session job without a \"sub\"");
	free(pairs);
	free(operands);
	return rc;
}

/* sbx list, get and delete in-process (state/deployments.h): list's
 * filters from "settings" (the query's), get's and delete's deployment the
 * one operand. */
static int deployments_it(json_t *m, const char *kind, enum output_format format)
{
	const char *state_dir = json_string_value(json_object_get(m, "state_dir"));
	const char *config = json_string_value(json_object_get(m, "config"));
	const char *ref = json_string_value(json_array_get(json_object_get(m, "operands"), 0));
	int json = format == FORMAT_NDJSON ? 2 : format == FORMAT_JSON ? 1 : 0;
	/* delete prints a line a deployment and takes no format. kind is
	 * static: m goes before the failure record is written. */
	run_job_begin(kind, failure_format(strcmp(kind, "delete") ? format : FORMAT_TEXT));
	if (!strcmp(kind, "list")) {
		struct deployments_filter f = {NULL, NULL};
		json_t *pair;
		size_t i;
		json_array_foreach(json_object_get(m, "settings"), i, pair)
		{
			const char *flag = json_string_value(json_array_get(pair, 0));
			const char *value = json_string_value(json_array_get(pair, 1));
			if (!flag || !value)
				return error(
				    "internal: a list job's setting is not a flag and a value");
			int rc = !strcmp(flag, "--language")
				     ? deployments_filter_language(&f, value)
				 : !strcmp(flag, "--status")
				     ? deployments_filter_status(&f, value)
				     : error("internal: %s is not an option of sbx list", flag);
			if (rc)
				return rc;
		}
		return deployments_list(state_dir, config, &f, json);
	}
	if (!ref)
		return error("internal: a %s job without its deployment", kind);
	char *refs[] = {(char *)ref, NULL};
	return !strcmp(kind, "get") ? deployments_get(state_dir, config, ref, json)
				    : deployments_delete(state_dir, config, refs, 1);
}

/* sbx batch in-process (batch/batch_args.h): its flags from "settings",
 * in order, the requests on stdin (operand -). */
static int batch_it(json_t *m, enum output_format format)
{
	run_job_begin("batch", failure_format(format));
	struct batch_args *b = xcalloc(1, sizeof(*b));
	batch_args_init(b);
	json_t *pair;
	size_t i;
	int rc = 0;
	json_array_foreach(json_object_get(m, "settings"), i, pair)
	{
		const char *flag = json_string_value(json_array_get(pair, 0));
		int id = batch_args_flag_id(flag);
		if (!id) {
			rc = error("internal: %s is not an option of sbx batch",
				   flag ? flag : "(none)");
			break;
		}
		if ((rc = batch_args_option(b, id, json_string_value(json_array_get(pair, 1)))))
			break;
	}
	char *operands[] = {"-", NULL};
	if (rc == 0) {
		/* Its name says how many sandboxes it runs at once (ps, and
		 * tests/escape/test_serve_hostile.sh): no command line shows it. */
		char name[16];
		snprintf(name, sizeof name, "sbx batch -j%u", b->o.jobs);
		prctl(PR_SET_NAME, name, 0, 0, 0);
		rc = batch_args_run(b, operands, 1);
	}
	batch_args_release(b);
	free(b);
	return rc;
}

/* sbx stats in-process (state/history_stats_cmd.h): the query's
 * parameters as its flags. */
static int stats_it(json_t *m, enum output_format format)
{
	run_job_begin("stats", failure_format(format));
	struct stats_query q;
	stats_query_init(&q);
	q.state_dir_flag = json_string_value(json_object_get(m, "state_dir"));
	q.config_flag = json_string_value(json_object_get(m, "config"));
	int rc = stats_query_set(&q, "format", json_string_value(json_object_get(m, "format")));
	json_t *pair;
	size_t i;
	json_array_foreach(json_object_get(m, "settings"), i, pair)
	{
		const char *flag = json_string_value(json_array_get(pair, 0));
		const char *value = json_string_value(json_array_get(pair, 1));
		if (rc == 0 && (!flag || strncmp(flag, "--", 2) || !value))
			rc = error("internal: a stats job's setting is not a flag and a value");
		if (rc == 0)
			rc = stats_query_set(&q, flag + 2, value);
	}
	if (rc == 0)
		rc = stats_query_run(&q);
	stats_query_release(&q);
	return rc;
}

/* `sbx doctor --config C --format F` in-process (run/doctor.h). */
static int doctor_it(json_t *m, enum output_format format)
{
	run_job_begin("doctor", failure_format(format));
	return doctor_report(json_string_value(json_object_get(m, "config")),
			     format != FORMAT_TEXT);
}

/* The jobs that are not the run pipeline's: a session's execution and the
 * commands that run no code, each the command's library function. */
static int list_it(json_t *m, enum output_format f)
{
	return deployments_it(m, "list", f);
}
static int get_it(json_t *m, enum output_format f)
{
	return deployments_it(m, "get", f);
}
static int delete_it(json_t *m, enum output_format f)
{
	return deployments_it(m, "delete", f);
}
static const struct {
	const char *name;
	int (*fn)(json_t *m, enum output_format format);
} commands[] = {{"session-exec", session_exec_it},
		{"session", session_admin_it},
		{"list", list_it},
		{"get", get_it},
		{"delete", delete_it},
		{"stats", stats_it},
		{"doctor", doctor_it},
		{"batch", batch_it}};

static int run_it(json_t *m)
{
	const char *kind = json_string_value(json_object_get(m, "job"));
	enum output_format format;
	for (size_t i = 0; kind && i < sizeof commands / sizeof commands[0]; i++)
		if (!strcmp(kind, commands[i].name))
			return parse_format(json_string_value(json_object_get(m, "format")),
					    &format)
				   ? error("internal: a runner job without a known \"format\"")
				   : commands[i].fn(m, format);
	struct run_job job = {
	    .state_dir = json_string_value(json_object_get(m, "state_dir")),
	    .config = json_string_value(json_object_get(m, "config")),
	    .out_dir = json_string_value(json_object_get(m, "out_dir")),
	};
	size_t k = 0;
	while (kind && k < sizeof(kinds) / sizeof(kinds[0]) && strcmp(kind, kinds[k].name))
		k++;
	if (!kind || k == sizeof(kinds) / sizeof(kinds[0]) ||
	    parse_format(json_string_value(json_object_get(m, "format")), &job.format))
		return error("internal: a runner job without a known \"job\" or a \"format\"");
	job.kind = kinds[k].kind;
	/* A text answer's failure is a record too when the server asks
	 * (serve_main sets SBX_FAILURE_RECORD): it reads the kind from it. */
	run_job_begin(job.kind == RUN_JOB_RUN ? "run" : kinds[k].name, /* static: m goes first */
		      failure_format(job.format));
	if (!strcmp(kind, "warm")) {
		const char *lang = json_string_value(json_object_get(m, "language"));
		return lang ? run_job_warm(&job, lang)
			    : error("internal: a warm job without a \"language\"");
	}
	/* A prepare's "language" and "engine" are the job's: its stdin is the code. */
	if (job.kind == RUN_JOB_PREPARE)
		job.request = m;
	struct run_job_default *defaults = NULL;
	int rc = job.kind == RUN_JOB_DEPLOY ? deploy_settings(m, &defaults, &job.ndefaults) : 0;
	job.defaults = defaults;
	if (rc == 0)
		rc = run_job_stdin(&job);
	free(defaults);
	return rc;
}

int runner_job_main(const char *msg, size_t len)
{
	/* The messages are worded for the server's clients (SBX_FRONT), or
	 * for the command line when sbx --remote made the request. */
	front_from_env();
	run_job_begin("run", FORMAT_JSON);
	json_t *m = json_loadb(msg, len, 0, NULL);
	const char *front = json_string_value(json_object_get(m, "front"));
	if (front && !strcmp(front, "cli"))
		front_flags_only();
	int rc = json_is_object(m) ? run_it(m) : error("internal: a runner job that is not JSON");
	json_decref(m);
	return run_job_end(rc);
}
