/* request_plan — what carries out one API request in a child process
 * (request_plan.c): the job a fork of the runner runs in-process
 * (runner_job.h), a run or one of the commands that run no code; and the
 * child's stdin. Built from the checked route and body only.
 *
 * May call: core, util (and jansson).
 */
#ifndef SBX_SERVE_REQUEST_PLAN_H
#define SBX_SERVE_REQUEST_PLAN_H

#include <jansson.h>
#include <stddef.h>

#include "serve/api.h"

/* What the child is given: its job, and its stdin. */
struct request_plan {
	/* The job the runner's child runs in-process (runner_job.h), no
	 * command line; owned. */
	json_t *job;
	char *input; /* owned; NULL for none */
	size_t input_len;
	/* "return_files": the server's private directory the child saves the
	 * files the code made in (returned_files.h); NULL: not asked */
	char *files_dir;
};
/* The child words its messages for the command line (sbx --remote's
 * request): the job's "front". */
void request_plan_front_cli(struct request_plan *c);
/* format: "json", "ndjson" or "text". state_dir and config (may be NULL)
 * are passed on to the child. Returns 0, or -1 with e (a field that does
 * not fit a flag). */
int request_plan_build(const struct api_route *r, json_t *body, const struct api_query *q,
		       const char *format, const char *state_dir, const char *config,
		       struct request_plan *c, struct api_error *e);
void request_plan_release(struct request_plan *c);

#endif
