/* runner_job — a runner's fork runs its job in-process (runner_job.h). */
#include "serve/runner_job.h"

#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error_kinds.h"
#include "core/outcome.h"
#include "run/job.h"
#include "run/request_json.h"
#include "util/front.h"
#include "util/util.h"

static const char *command = "run";
static enum output_format record_format = FORMAT_JSON;

/* sbx's own failure, as `sbx run --json` gives it: under text too, for
 * the server (SBX_FAILURE_RECORD), which reads its kind and shows the
 * message. Also die()'s hook. */
static void failure_record(void)
{
	run_job_failure_record(command, record_format);
}

static int parse_format(const char *s, enum output_format *f)
{
	if (s && !strcmp(s, "json"))
		*f = FORMAT_JSON;
	else if (s && !strcmp(s, "ndjson"))
		*f = FORMAT_NDJSON;
	else if (s && !strcmp(s, "text"))
		*f = FORMAT_TEXT;
	else
		return error("internal: a runner job without a valid \"format\"");
	return 0;
}

static int run_it(json_t *m)
{
	const char *kind = json_string_value(json_object_get(m, "job"));
	struct run_job job = {
	    .state_dir = json_string_value(json_object_get(m, "state_dir")),
	    .config = json_string_value(json_object_get(m, "config")),
	    .out_dir = json_string_value(json_object_get(m, "out_dir")),
	};
	if (!kind || parse_format(json_string_value(json_object_get(m, "format")), &job.format))
		return error("internal: a runner job without a \"job\" or a \"format\"");
	/* A text answer's failure too, when the server asks (serve_main sets
	 * SBX_FAILURE_RECORD): it reads the kind and does not show it. */
	record_format = job.format != FORMAT_TEXT	  ? job.format
			: getenv("SBX_FAILURE_RECORD") ? FORMAT_JSON
							  : FORMAT_TEXT;
	if (!strcmp(kind, "warm")) {
		const char *lang = json_string_value(json_object_get(m, "language"));
		return lang ? run_job_warm(&job, lang) : error("internal: a warm job without a language");
	}
	job.deployment = !strcmp(kind, "exec-deployment");
	if (!job.deployment && strcmp(kind, "run"))
		return error("internal: unknown runner job \"%s\"", kind);
	command = job.deployment ? "exec-deployment" : "run";
	if (!(job.request = request_json_read("-")))
		return EXIT_SBX_FAILURE;
	int rc = run_job(&job);
	json_decref(job.request);
	return rc;
}

int runner_job_main(const char *msg, size_t len)
{
	/* The messages are worded for the server's clients (SBX_FRONT), or
	 * for the command line when sbx --remote made the request. */
	front_from_env();
	die_hook = failure_record;
	json_t *m = json_loadb(msg, len, 0, NULL);
	const char *front = json_string_value(json_object_get(m, "front"));
	if (front && !strcmp(front, "cli"))
		front_flags_only();
	int rc = json_is_object(m) ? run_it(m) : error("internal: a runner job that is not JSON");
	json_decref(m);
	if (rc < 0)
		rc = EXIT_SBX_FAILURE;
	if ((fflush(stdout) != 0 || ferror(stdout)) && rc == 0) {
		error("writing to standard output failed: %s", strerror(errno ? errno : EIO));
		rc = EXIT_SBX_FAILURE;
	}
	if (rc == EXIT_SBX_FAILURE) {
		failure_record();
		/* The exit code of an sbx failure is its kind's (cmd_main's). */
		rc = error_kind_row(error_first_kind())->exit_code;
	}
	return rc;
}
