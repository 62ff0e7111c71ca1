/* sandbox_int — what the sandbox_*.c files share among themselves; no other
 * file includes it (tests/unit/test_sandbox_plan.c aside). The run's steps,
 * one owner each:
 *
 *   sandbox.c            the sequence: plan, prepare, supervise, finish,
 *                        status — and nothing else
 *   sandbox_plan.c       the plan as pure data: rlimits, merged output,
 *                        layers refused or applied (no side effects)
 *   sandbox_supervise.c  the one supervisor of the child, from fork to
 *                        reap: pipes, spawn, cgroup attach of a gated run,
 *                        --require check, gate, output, deadlines, kill, reap
 *   sandbox_child.c      the child between fork and the engine: stdio,
 *                        isolate_enter, rlimits, seccomp
 *   sandbox_status.c     the outcome from what the supervisor observed
 *
 * The isolation layers themselves are isolate_*.c (see isolate.h).
 */
#ifndef SBX_SANDBOX_INT_H
#define SBX_SANDBOX_INT_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <time.h>

#include "util/buf.h"
#include "sandbox/isolate.h"
#include "core/outcome.h"
#include "core/output_sink.h"
#include "sandbox/report_frames.h"
#include "sandbox/pid1.h"
#include "core/request.h"
#include "sandbox/runcpu.h"
#include "sandbox/sandbox.h"
#include "sandbox/seccomp.h"

/* KILL_CANCEL: sbx itself got SIGTERM (an API client went away, the
 * service stops): the code is stopped and the run still recorded. */
enum kill_reason { KILL_NONE, KILL_WALL, KILL_CPU, KILL_OUTPUT, KILL_CANCEL };

/* The child's own setup failures (before the engine starts) go to a pipe of
 * their own, close-on-exec: an interpreter never inherits it, so only sbx's
 * code can say "sandbox_error" (fd 3, which the code can write, cannot). */
#define SANDBOX_SETUP_FD 6 /* after SANDBOX_INIT_FD */
#define SETUP_MSG_MAX	 256

/* ---- sandbox_plan.c: the plan, pure data ---- */

#define SANDBOX_MAX_RLIMITS 8

/* One setrlimit the child makes; name is what a failure says. */
struct sandbox_rlimit {
	int resource;
	rlim_t soft, hard;
	const char *name;
};

/* The rlimits, in the order the child sets them. */
struct sandbox_limits {
	struct sandbox_rlimit rl[SANDBOX_MAX_RLIMITS];
	unsigned n;
};

/* The rlimits of a run of plan (the CPU backstop, the profile's file, process
 * and descriptor caps, the address-space backstop). */
void sandbox_plan_limits(const struct request *req, const struct sandbox_plan *plan,
			 struct sandbox_limits *lim);
/* Whether the code's stderr shares its stdout pipe (see sandbox_plan.c). */
bool sandbox_plan_merged(const struct request *req);
/* The layers --require asks for that the plan's profile can never give
 * (the embedded engine has seccomp and rlimits only); 0: none. */
unsigned sandbox_plan_unmet(const struct request *req, const struct sandbox_plan *plan);
/* The layers in force: seccomp and rlimits always, the rest as iso (NULL:
 * not isolated) says. */
unsigned sandbox_plan_applied(const struct isolate_state *iso);

/* ---- sandbox_supervise.c: one supervisor from fork to reap ---- */

struct supervisor {
	const struct request *req;
	const struct sandbox_plan *plan;
	struct outcome *out;
	const struct output_sink *sink;
	struct sandbox_limits limits;
	struct isolate_state iso;
	bool isolated;
	pid_t pid;
	int pidfd;
	/* stdout, stderr, report, setup failures: [i][0] read, [i][1] write */
	int pipes[4][2];
	int gate[2];  /* plan.gated: SANDBOX_GATE_FD's pipe */
	int initc[2]; /* the init's channel (pid1.h) */
	int fds[3];   /* stdout, stderr, report read ends; -1 when closed */
	int setup_fd; /* read end of the setup-failure pipe, -1 */
	bool merged;  /* the code's stderr is its stdout pipe (sandbox_plan_merged) */
	int init_fd;  /* sbx's end of the init's channel (pid1.h), -1: none */
	struct pid1_state init;
	struct buf report;
	struct report_frames frames; /* the results sent ahead of the report */
	enum kill_reason killed;
	double start_ms, deadline_ms;
	clockid_t cpu_clock;
	bool have_cpu_clock;
	struct runcpu cpu;  /* isolated runs: every process's CPU time */
	double cpu_seen_ms; /* the run's CPU time as last measured */
	double cpu_at_kill; /* the code's CPU clock when sbx killed it */
	int wait_status;
	struct rusage ru;
	bool reaped;
	/* Reaped in all but name: the init said the code ended and nothing
	 * else is left (pid1.h), and is ending on its own; its exit (the
	 * namespaces' teardown) is not waited for (sandbox_leave_ending_init). */
	bool init_ending;
};

/* How sandbox_supervise ended. */
enum supervise_result {
	SUPERVISE_DONE,	   /* the code ran and was reaped: decide the status */
	SUPERVISE_REFUSED, /* a --require unmet: the child was killed before the
			      code ran; out says so */
	SUPERVISE_FAILED,  /* the sandbox could not start; out says why */
};

void sandbox_supervisor_init(struct supervisor *sv, const struct request *req,
			     const struct sandbox_plan *plan, struct outcome *out,
			     const struct output_sink *sink);
/* Starts the child with prog and supervises it until it is reaped. */
enum supervise_result sandbox_supervise(struct supervisor *sv, const struct seccomp_prog *prog);
/* Closes every descriptor the supervisor still holds and frees its buffers. */
void sandbox_supervisor_release(struct supervisor *sv);

/* ---- sandbox_child.c ---- */

/* In the forked child: wires stdio and the private fds, applies the layers
 * and runs the engine's child_main. Never returns. */
_Noreturn void sandbox_child_start(struct supervisor *sv, pid_t parent,
				   const struct seccomp_prog *prog);

/* ---- sandbox_status.c ---- */

/* Fills sv->out's status, error and measures from what sbx observed and
 * what the report may say (report.h). After the reap and isolate_finish. */
void sandbox_status_decide(struct supervisor *sv);

#endif
