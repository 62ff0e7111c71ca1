/* job — the pipeline as one call, for every front: a request given as a
 * JSON object (the keys of SPEC "Batch", applied by request_json_apply, the
 * code `sbx run --request` uses), run or, naming a deployment, run as that
 * deployment (deployment_run.h); rendered to standard output in the
 * format asked for and recorded in the history.
 *
 * sbx serve's runner children (serve/job_child.c), sbx batch's workers and
 * sbx mcp's tool calls call it in-process, in a fork of their own: nothing
 * re-executes sbx or goes through a command line to run code. The CLI's
 * `sbx run`/`sbx exec-deployment` parse their flags into the same request
 * and call the same pipeline (execute_and_render, deployment_run).
 */
#ifndef SBX_JOB_H
#define SBX_JOB_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "core/request.h"

/* A setting given before the request's own keys, by its option id
 * (runopt.h's RO_*; sbx batch's defaults): the request's keys win. */
struct run_job_default {
	int id;
	const char *arg; /* NULL for a switch */
};

/* What a job does with its request. */
enum run_job_kind {
	RUN_JOB_RUN,	    /* `sbx run --request -` */
	RUN_JOB_DEPLOYMENT, /* `sbx exec-deployment --request -`: the request names it */
	/* `sbx prepare [--language L] [--engine E] -`: the request holds only
	 * "language" and "engine"; the code is read from standard input */
	RUN_JOB_PREPARE,
	/* `sbx deploy [FLAGS] -` (run/deploy_run.h): the settings are the
	 * defaults, sbx deploy's flags by id (deploy_run_flag_id: -n is
	 * RO_DEPLOY_NAME), applied in order as its command line applies them,
	 * so a value and its message are deploy's; the code is read from
	 * standard input as its operand -; job->request unused */
	RUN_JOB_DEPLOY,
};

struct run_job {
	json_t *request; /* the request object (borrowed) */
	enum run_job_kind kind;
	enum output_format format; /* what the record is rendered as */
	const char *state_dir;	   /* NULL: the config's, else the default */
	const char *config;	   /* NULL: the default config file */
	const char *out_dir;	   /* the rich results saved there; NULL: not */
	const struct run_job_default *defaults;
	size_t ndefaults;
};

/* The request loaded into *req (after request_init), checked and finished
 * (limits, config, state directory), ready for execute_and_render; a
 * deployment's manifest is not loaded (a RUN_JOB_RUN only). The
 * request's inline contents live in *tmp until request_json_cleanup.
 * -1 after an error message that names the request key and the fix. */
struct request_json_tmp;
int run_job_load(const struct run_job *job, struct request *req, struct request_json_tmp *tmp);

/* Runs the job: returns sbx's exit code (SPEC's table; EXIT_SBX_FAILURE
 * after an error message, with nothing rendered), -1 when a batch
 * worker's turn never came (sandbox_turn_lost). A prepare's is its
 * verdict (run/prepare_run.h). */
int run_job(const struct run_job *job);

/* A warm sandbox (run/warm_run.h) of sbx serve's pool: made for a plain
 * run of lang under job's settings (job->request unused) before its
 * request comes; the request is then read from standard input and runs in
 * it, or cold when it asks for more. Returns sbx's exit code. */
int run_job_warm(const struct run_job *job, const char *lang);

/* The record of a job that failed before it had one (status "sbx_error",
 * the first error's message and kind), on standard output, unless a
 * record was written already; under ndjson inside an "execution_failed"
 * event. command: "run", "exec-deployment"... as the record says. */
void run_job_failure_record(const char *command, enum output_format format);

/* A front's own child process around one job (serve's runner, MCP's
 * calls): run_job_begin names its failure record (command: "run",
 * "exec-deployment"; format: the record's, FORMAT_TEXT for none) and makes
 * die() print it; run_job_end turns what the job returned into the exit
 * code: a failed write of standard output is a failure, and sbx's own
 * failure gets its record and its kind's exit code (core/error_kinds.h),
 * as `sbx run` from a shell. */
void run_job_begin(const char *command, enum output_format format);
int run_job_end(int rc);
/* The request read from standard input (as `--request -` reads it, its
 * messages too), then run_job; a RUN_JOB_PREPARE's or RUN_JOB_DEPLOY's
 * code is what stdin holds, a prepare's request job->request. */
int run_job_stdin(struct run_job *job);

#endif
