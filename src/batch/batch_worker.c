/* batch_worker — one request run in a fork of the batch process, as `sbx
 * run --request - --json DEFAULTS…` runs it: the same option handler, the
 * same request keys (request_json_apply), the same pipeline
 * (execute_and_render: policy, sandbox, render, history). Only the start is
 * cheaper: no exec, no dynamic loading, no page faults of a fresh 10 MB
 * binary (measured: 3-25 ms a run on a loaded 2-core machine, more than
 * a JavaScript run's own wall time). The sandbox child is still forked by
 * the run, so every run has its own sandbox and limits.
 *
 * Runs after fork in a single-threaded process: the batch's heap is this
 * child's copy, and nothing here returns to the batch's loop. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "batch/batch_int.h"
#include "core/outcome.h"
#include "run/execute.h"
#include "run/request_json.h"
#include "run/runopt.h"
#include "util/util.h"

/* The record `sbx run --json` prints for its own failure (main's
 * emit_failure_record): same keys, same values. */
static void failure_record(void)
{
	if (record_written())
		return;
	record_written_set();
	const char *msg = error_first_message();
	char id[27];
	make_execution_id(id);
	json_t *rec = json_pack(
	    "{s:s, s:s, s:b, s:s, s:n, s:n, s:n, s:n, s:s, s:s, s:{s:s, s:s, s:n, s:n, s:s}}", "id",
	    id, "status", "sbx_error", "ok", 0, "command", "run", "language", "exit_code", "signal",
	    "result", "stdout", "", "stderr", "", "error", "name", "SbxError", "message",
	    *msg ? msg : "sbx failed: see its standard error", "line", "column", "traceback", "");
	char *text = rec ? json_dumps(rec, JSON_COMPACT) : NULL;
	if (text)
		printf("%s\n", text);
	free(text);
	json_decref(rec);
}

/* die() in the run: its record, then out without running the batch's
 * exit handlers or flushing the batch's streams. */
static void on_die(void)
{
	failure_record();
	fflush(stdout);
	fflush(stderr);
	_exit(EXIT_SBX_FAILURE);
}

#define GO_FD 3 /* where the go pipe is kept until the turn comes */

/* The fds of a run started from a shell: stdin /dev/null (the request is
 * in memory, and the batch's own stdin may be its input), stdout the
 * record pipe, stderr the message pipe, nothing else of the batch's but
 * the go pipe (close-on-exec, closed when the turn comes). */
static void take_fds(int go_fd, int out_fd, int err_fd)
{
	int nul = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (nul < 0 || dup2(nul, 0) < 0 || dup2(out_fd, 1) < 0 || dup2(err_fd, 2) < 0 ||
	    dup3(go_fd, GO_FD, O_CLOEXEC) < 0)
		_exit(EXIT_SBX_FAILURE);
	close_range(GO_FD + 1, ~0u, 0);
}

bool batch_worker_wait_turn(int go_fd)
{
	char c;
	ssize_t n;
	while ((n = read(go_fd, &c, 1)) < 0 && errno == EINTR)
		;
	close(go_fd);
	return n == 1;
}

static int run_request(const struct batch_options *o, const struct batch_item *it)
{
	struct request req;
	struct run_options ro;
	struct request_json_tmp tmp = {NULL, 0};
	int rc = EXIT_SBX_FAILURE;
	request_init(&req);
	runopt_init(&ro, &req);
	/* The order sbx run's parser sees them in: --request - --json, then
	 * the batch's defaults; the request's own keys come last and win. */
	runopt_handle(&ro, RO_REQUEST, "-");
	runopt_handle(&ro, RO_JSON, NULL);
	for (size_t i = 0; i < o->ndefaults; i++)
		if (runopt_handle(&ro, o->defaults[i].id, o->defaults[i].arg) != 0)
			goto out;
	json_error_t jerr;
	json_t *obj = json_loadb(it->text, it->len, JSON_REJECT_DUPLICATES, &jerr);
	if (!obj) {
		error("invalid JSON in the request at line 1, column %d: %s", jerr.column,
		      jerr.text);
		goto out;
	}
	if (request_json_apply(&ro, obj, false, NULL, &tmp) == 0 &&
	    runopt_load_code(&ro, NULL, 0, false) == 0 && runopt_finish(&ro) == 0) {
		/* Checked: now it waits for a slot, as a queued sbx run would. */
		if (batch_worker_wait_turn(GO_FD))
			rc = execute_and_render(&req);
		else
			rc = -1;
	}
	json_decref(obj);
out:
	request_json_cleanup(&tmp);
	request_release(&req);
	return rc;
}

_Noreturn void batch_worker_run(const struct batch_options *o, const struct batch_item *it,
				int go_fd, int out_fd, int err_fd)
{
	take_fds(go_fd, out_fd, err_fd);
	/* This process's messages and record are its own, not the batch's. */
	error_state_reset();
	die_hook = on_die;
	int rc = run_request(o, it);
	if (rc < 0) /* the batch is gone: nothing ran, nobody reads */
		_exit(EXIT_SBX_FAILURE);
	if (rc == EXIT_SBX_FAILURE)
		failure_record();
	fflush(stdout);
	fflush(stderr);
	_exit(rc);
}
