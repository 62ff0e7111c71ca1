/* session_kernel_link — the daemon's handle on one kernel (session_kernel_link.c). */
#ifndef SBX_SESSION_KERNEL_LINK_H
#define SBX_SESSION_KERNEL_LINK_H

#include <jansson.h>
#include <stdbool.h>
#include <sys/types.h>

#include "sandbox/cgroup.h"
#include "session/session_int.h"

#define KERNEL_LINE_MAX (16u << 20) /* one control line from the kernel */

struct session_kernel_link_scan {
	char hold[64]; /* a tail that may be the start of the token */
	size_t n;
	bool seen; /* the token went by since session_kernel_link_reset_marks */
};

struct session_kernel_link {
	pid_t host_pid; /* 0: no kernel */
	int ctl;	/* the daemon's end of the kernel's fd 0, -1 */
	int pipe;	/* the host's frames, -1 */
	int code_pid;	/* the interpreter, for SIGINT; 0 until started */
	bool ready;	/* it said ready (restore done) */
	bool ended;
	json_t *layers;	 /* {"ns","landlock","cgroup","note"}: the layers in force */
	json_t *end;	 /* the host's last word: how the kernel ended */
	json_t *unsaved; /* what the restore could not bring back */
	bool restored;
	bool fresh; /* the next start: without the saved state (exec --fresh) */
	char token[40];
	size_t toklen;
	struct buf line; /* a partial control line */
	struct session_kernel_link_scan scan[2];
	/* The workspace's cgroup, its own cgroup's parent (session_group.c;
	 * kind NULL: none). */
	const struct cgroup_run *group;
};

typedef void (*session_kernel_link_output_fn)(void *ctx, int stream, const char *data, size_t len);

void session_kernel_link_init(struct session_kernel_link *k);
void session_kernel_link_release(struct session_kernel_link *k);
/* Forks the host, which starts the kernel in the sandbox; sends the hello
 * (state file, token). 0 or -1 after a message. */
struct workdir;
int session_kernel_link_start(struct session_kernel_link *k, const char *state_dir,
			      json_t *manifest, struct workdir *wd);
int session_kernel_link_send(struct session_kernel_link *k, json_t *j);
/* One control line: 1 with *frame, 0 when none is whole yet, -1 at EOF. */
int session_kernel_link_read_ctl(struct session_kernel_link *k, json_t **frame);
bool session_kernel_link_has_line(const struct session_kernel_link *k);
/* One frame from the host: output goes to fn without the tokens; 0, or -1
 * at EOF (the kernel has ended: see k->end). */
int session_kernel_link_read_host(struct session_kernel_link *k, session_kernel_link_output_fn fn,
				  void *ctx);
/* Waits up to ms for the kernel's "ready" (its restore done) and for the
 * token on both its streams, which ends whatever the restore printed: that
 * goes to fn before this returns, however late the host forwards it, and
 * is never taken for the next execution's output. 0, or -1 with why (the
 * kernel stopped and reaped). */
int session_kernel_link_await_ready(struct session_kernel_link *k, int ms,
				    session_kernel_link_output_fn fn, void *ctx, char *why,
				    size_t n);
void session_kernel_link_reset_marks(struct session_kernel_link *k);
/* Closes the channels and reaps the host. */
void session_kernel_link_reap(struct session_kernel_link *k);
/* Ends the kernel (EOF, then SIGKILL after a grace) and reaps it. */
void session_kernel_link_stop(struct session_kernel_link *k, session_kernel_link_output_fn fn,
			      void *ctx);

#endif
