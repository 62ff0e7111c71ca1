/* job — the pipeline as one call, for every front (job.h). */
#include "run/job.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error_kinds.h"
#include "core/outcome.h"
#include "render/render.h"
#include "run/deploy_run.h"
#include "run/deployment_run.h"
#include "run/execute.h"
#include "run/prepare_run.h"
#include "run/request_json.h"
#include "run/runopt.h"
#include "run/warm_run.h"
#include "util/profile.h"
#include "util/util.h"

/* The settings a job gives beside its request, in the order `sbx run
 * --request - --format F ...` would have taken them: the request's own
 * keys come after them and win. */
static int job_settings(const struct run_job *job, struct run_options *ro)
{
	struct request *req = ro->req;
	ro->state_dir_flag = job->state_dir;
	ro->config_flag = job->config;
	/* The request is the one thing read: nothing else may read stdin. */
	ro->stdin_taken = "--request -";
	req->format = job->format;
	if (job->out_dir)
		req->out_dir = xstrdup(job->out_dir);
	for (size_t i = 0; i < job->ndefaults; i++)
		if (runopt_handle(ro, job->defaults[i].id, job->defaults[i].arg) != 0)
			return -1;
	return 0;
}

int run_job_load(const struct run_job *job, struct request *req, struct request_json_tmp *tmp)
{
	struct run_options ro;
	runopt_init(&ro, req);
	if (job->kind != RUN_JOB_RUN)
		return error("internal: run_job_load loads a run, not a deployment or a prepare");
	if (job_settings(job, &ro) != 0 ||
	    request_json_apply(&ro, job->request, false, NULL, tmp) != 0 ||
	    runopt_load_code(&ro, NULL, 0, false) != 0 || runopt_finish(&ro) != 0)
		return -1;
	return 0;
}

/* A prepare: "language" and "engine" as sbx prepare's flags take them,
 * the code on standard input as its operand "-" reads it (its origin,
 * language guess and messages too). */
static int prepare_job(const struct run_job *job, struct run_options *ro)
{
	const char *lang = json_string_value(json_object_get(job->request, "language"));
	const char *engine = json_string_value(json_object_get(job->request, "engine"));
	char *operands[] = {"-", NULL};
	if (job_settings(job, ro) != 0)
		return EXIT_SBX_FAILURE;
	ro->stdin_taken = NULL; /* the code's */
	if ((lang && runopt_handle(ro, RO_LANG, lang) != 0) ||
	    (engine && runopt_handle(ro, RO_ENGINE, engine) != 0) ||
	    runopt_load_code(ro, operands, 1, false) != 0)
		return EXIT_SBX_FAILURE;
	return prepare_run(ro);
}

/* A deploy: its settings as `sbx deploy --state-dir S --config C --format
 * F [FLAGS] -` takes them (no --request: standard input is the code's). */
static int deploy_job(const struct run_job *job, struct run_options *ro)
{
	const char *name = NULL;
	char *operands[] = {"-", NULL};
	ro->state_dir_flag = job->state_dir;
	ro->config_flag = job->config;
	ro->req->format = job->format;
	ro->extra = deploy_run_option;
	ro->extra_ctx = &name;
	for (size_t i = 0; i < job->ndefaults; i++)
		if (runopt_handle(ro, job->defaults[i].id, job->defaults[i].arg) != 0)
			return EXIT_SBX_FAILURE;
	/* Not deployed: 1, as on the command line, and the failure's record
	 * (its kind says why) as for any failure of a front's job, whatever
	 * the format; sbx serve answers it with X-Sbx-Exit-Code 1. */
	int rc = deploy_run(ro, name, operands, 1);
	if (rc == 1)
		run_job_failure_record("deploy", FORMAT_JSON);
	return rc;
}

int run_job(const struct run_job *job)
{
	struct request req;
	struct run_options ro;
	struct request_json_tmp tmp = {NULL, 0};
	const char *ref = NULL;
	int rc = EXIT_SBX_FAILURE;
	request_init(&req);
	switch (job->kind) {
	case RUN_JOB_RUN:
		if (run_job_load(job, &req, &tmp) == 0) {
			profile_mark("options, config, code");
			rc = execute_and_render(&req);
		}
		break;
	case RUN_JOB_DEPLOYMENT:
		runopt_init(&ro, &req);
		if (job_settings(job, &ro) == 0 &&
		    request_json_apply(&ro, job->request, true, &ref, &tmp) == 0)
			rc = deployment_run(&ro, ref);
		break;
	case RUN_JOB_PREPARE:
		runopt_init(&ro, &req);
		rc = prepare_job(job, &ro);
		break;
	case RUN_JOB_DEPLOY:
		runopt_init(&ro, &req);
		rc = deploy_job(job, &ro);
		break;
	}
	request_json_cleanup(&tmp);
	request_release(&req);
	return rc;
}

/* The request of a warm sandbox: read when it comes (run/warm_run.h). */
struct warm_load {
	const struct run_job *job;
	json_t *obj;
	struct request req;
	struct request_json_tmp tmp;
};

static int load_real(void *ctx, struct request **req)
{
	struct warm_load *w = ctx;
	struct run_job job = *w->job;
	if (!(w->obj = request_json_read("-")))
		return -1;
	job.request = w->obj;
	if (run_job_load(&job, &w->req, &w->tmp) != 0)
		return -1;
	*req = &w->req;
	return 0;
}

/* A warm sandbox: made for {"language": L} with a placeholder program,
 * then the request on stdin takes it or runs cold (warm_run.h). */
int run_job_warm(const struct run_job *job, const char *lang)
{
	json_t *t = json_pack("{s:s, s:s}", "language", lang, "code", "pass\n"); /* replaced */
	struct run_job tjob = *job;
	tjob.request = t;
	struct request tmpl;
	struct request_json_tmp ttmp = {NULL, 0};
	struct warm_load real = {.job = job, .tmp = {NULL, 0}};
	request_init(&tmpl);
	request_init(&real.req);
	int rc = EXIT_SBX_FAILURE;
	if (run_job_load(&tjob, &tmpl, &ttmp) == 0)
		rc = warm_run(&tmpl, load_real, &real);
	request_json_cleanup(&ttmp);
	request_json_cleanup(&real.tmp);
	json_decref(real.obj);
	json_decref(t);
	request_release(&tmpl);
	request_release(&real.req);
	return rc;
}

void run_job_failure_record(const char *command, enum output_format format)
{
	if (format == FORMAT_TEXT || record_written())
		return;
	record_written_set();
	char id[27];
	json_t *rec = render_failure_record(command, id);
	if (format == FORMAT_NDJSON) {
		char ts[32];
		render_iso8601_now(ts);
		rec = json_pack("{s:s, s:s, s:s, s:o}", "event", "execution_failed", "id", id, "ts",
				ts, "record", rec);
	}
	char *text = rec ? json_dumps(rec, JSON_COMPACT) : NULL;
	if (text) {
		printf("%s\n", text);
		fflush(stdout);
	}
	free(text);
	json_decref(rec);
}

/* What run_job_begin said: the failure record's command and format. */
static const char *failure_command = "run";
static enum output_format failure_format = FORMAT_JSON;

static void failure_record(void)
{
	run_job_failure_record(failure_command, failure_format);
}

void run_job_begin(const char *command, enum output_format format)
{
	failure_command = command;
	failure_format = format;
	die_hook = failure_record;
}

int run_job_end(int rc)
{
	if (rc < 0)
		rc = EXIT_SBX_FAILURE;
	if ((fflush(stdout) != 0 || ferror(stdout)) && rc == 0) {
		error("writing to standard output failed: %s", strerror(errno ? errno : EIO));
		rc = EXIT_SBX_FAILURE;
	}
	if (rc == EXIT_SBX_FAILURE) {
		failure_record();
		/* The exit code of an sbx failure is its kind's (one table with
		 * the HTTP status and the MCP error), never a message's. */
		rc = error_kind_row(error_first_kind())->exit_code;
	}
	return rc;
}

int run_job_stdin(struct run_job *job)
{
	if (job->kind == RUN_JOB_PREPARE || job->kind == RUN_JOB_DEPLOY)
		return run_job(job);
	if (!(job->request = request_json_read("-")))
		return EXIT_SBX_FAILURE;
	int rc = run_job(job);
	json_decref(job->request);
	job->request = NULL;
	return rc;
}
