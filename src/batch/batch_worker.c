/* batch_worker — one request run in a fork of the batch, as `sbx run
 * --request - --json DEFAULTS…` (or exec-deployment, for a "deployment"
 * line) runs it: the run pipeline's one entry (run/job.h), the same request
 * keys (request_json_apply), the same pipeline (execute_and_render: policy,
 * sandbox, render, history). Only the start is cheaper: no exec, no dynamic
 * loading, no page faults of a fresh 10 MB binary (measured: 3-25 ms a run
 * on a loaded 2-core machine, more than a JavaScript run's own wall time).
 * The sandbox child is still forked by the run, so every run has its own
 * sandbox and limits.
 *
 * Runs after fork in a single-threaded process: the batch's heap is this
 * child's copy, and nothing here returns to the batch's loop. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "batch/batch_int.h"
#include "core/outcome.h"
#include "render/render.h"
#include "run/job.h"
#include "sandbox/sandbox.h"
#include "util/util.h"

/* The record `sbx run --json` (or exec-deployment) prints for its own
 * failure. */
static const char *command = "run";

static void failure_record(void)
{
	run_job_failure_record(command, FORMAT_JSON);
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

#define GO_FD 3 /* the turn's channel, for the life of the worker */

/* The fds of a run started from a shell: stdin /dev/null (the request is
 * in memory, and the batch's own stdin may be its input), stdout the
 * record pipe, stderr the message pipe, nothing else of the batch's but
 * the turn's channel (close-on-exec; the sandbox's child never holds it). */
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
	return n == 1;
}

/* The turn, as the sandbox asks for it (sandbox.h): taken just before
 * the sandbox's child is forked, given back as soon as it is reaped.
 * Everything else of the run (the request's checks, the policy, the
 * working directory, the cgroup, the record, the history line) happens
 * outside the turn, while -j other runs run. On a socket the worker says
 * "w" (wants a turn) and "d" (done with it); the batch answers "g". On a
 * pipe (a caller that gives one turn up front) the turn is read once and
 * kept to the end. */
struct turn {
	bool socket, held;
};

static void say(char c)
{
	while (send(GO_FD, &c, 1, MSG_NOSIGNAL) < 0 && errno == EINTR)
		;
}

static bool take_turn(void *ctx)
{
	struct turn *t = ctx;
	if (t->held)
		return true;
	if (t->socket)
		say('w');
	t->held = batch_worker_wait_turn(GO_FD);
	return t->held;
}

static void give_turn(void *ctx)
{
	struct turn *t = ctx;
	if (!t->socket || !t->held)
		return;
	say('d');
	t->held = false;
}

static int run_request(const struct batch_options *o, const struct batch_item *it)
{
	json_error_t jerr;
	json_t *obj = json_loadb(it->text, it->len, JSON_REJECT_DUPLICATES, &jerr);
	if (!obj) {
		error("invalid JSON in the request at line 1, column %d: %s", jerr.column,
		      jerr.text);
		return EXIT_SBX_FAILURE;
	}
	/* The batch's defaults, then the request's own keys, which win. */
	struct run_job job = {.request = obj,
			      .kind = it->deployment ? RUN_JOB_DEPLOYMENT : RUN_JOB_RUN,
			      .format = FORMAT_JSON,
			      .defaults = o->defaults,
			      .ndefaults = o->ndefaults};
	int rc = run_job(&job);
	json_decref(obj);
	return rc;
}

_Noreturn void batch_worker_run(const struct batch_options *o, const struct batch_item *it,
				int go_fd, int out_fd, int err_fd)
{
	take_fds(go_fd, out_fd, err_fd);
	/* This process's messages and record are its own, not the batch's. */
	error_state_reset();
	die_hook = on_die;
	struct stat st;
	static struct turn turn;
	turn.socket = fstat(GO_FD, &st) == 0 && S_ISSOCK(st.st_mode);
	if (it->deployment)
		command = "exec-deployment";
	sandbox_turn_set(&(struct sandbox_turn){take_turn, give_turn, &turn});
	int rc = run_request(o, it);
	if (rc < 0) /* the batch is gone: nothing ran, nobody reads */
		_exit(EXIT_SBX_FAILURE);
	if (rc == EXIT_SBX_FAILURE)
		failure_record();
	fflush(stdout);
	fflush(stderr);
	_exit(rc);
}
