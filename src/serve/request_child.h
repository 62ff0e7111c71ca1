/* request_child — one child process per API request, a fork of the runner
 * that runs its job in-process (a run, or one of the commands that run no
 * code: request_plan.c): its stdin is the request,
 * its stdout the answer, its stderr kept (bounded) for a failure's message.
 * While it runs, the client's connection is watched: a client that hangs
 * up gets its run cancelled (SIGTERM to the child, which stops the code and
 * records the run as cancelled).
 *
 * May call: util, libc.
 */
#ifndef SBX_SERVE_REQUEST_CHILD_H
#define SBX_SERVE_REQUEST_CHILD_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "util/buf.h"

struct request_child {
	pid_t pid;
	int in, out, err; /* our ends; -1 once closed */
	int status;	  /* a runner child's status socket (runner.h); -1: spawned */
	int pidfd;	  /* a runner child's pidfd, for the cancel; -1: none */
	const char *input;
	size_t input_len, input_off;
	struct buf errbuf; /* the child's stderr, capped */
	int client_fd;	   /* watched for a hang-up; -1: not watched */
	bool cancelled;	   /* the client went away and the child was told */
	bool reaped;
	bool warm;     /* a warm sandbox's (warm_pool.h): its end refills the pool */
	int exit_code; /* 0..255; 128+N for a signal */
};

/* Starts a job (runner_job.h; the text, borrowed for the call): a warm
 * sandbox that fits it (warm_pool.h), else a fork of the runner (runner.h)
 * that runs it in-process (its standby's, once the runner is gone). input (len bytes, borrowed
 * until the child is finished) is written to its stdin. Returns 0 or -1 (errno set). */
int request_child_start_job(struct request_child *c, const char *job, const char *input, size_t len,
			    int client_fd);
/* What request_plan_build made: its job and its input. */
struct request_plan;
int request_child_start_plan(struct request_child *c, const struct request_plan *a, int client_fd);
/* A child started already (a warm sandbox, warm_pool.h): our ends of its
 * pipes and its runner status socket and pidfd, now c's. */
struct request_child_fds {
	pid_t pid;
	int pidfd, status, in, out, err;
};
void request_child_adopt(struct request_child *c, const struct request_child_fds *f,
			 const char *input, size_t len, int client_fd);
/* Moves data until some stdout is there: returns the bytes put in dst (at
 * most max), 0 at the end of the child's stdout, or -1 when the client
 * hung up (the child was cancelled; finish it with request_child_finish). */
ssize_t request_child_pump(struct request_child *c, char *dst, size_t max);
/* Reads the child's whole stdout into out (at most cap bytes kept). Returns
 * 0, or -1 when the client hung up. */
int request_child_collect(struct request_child *c, struct buf *out);
/* Closes our ends, reaps the child; returns its exit code. Idempotent. */
int request_child_finish(struct request_child *c);
/* Tells the child to stop (SIGTERM): the client is gone or the server is
 * shutting down. */
void request_child_cancel(struct request_child *c);

#endif
