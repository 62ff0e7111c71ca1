/* sandbox — run a child under limits and supervise it to the end.
 *
 * sandbox_run (sandbox.c) builds the plan, prepares the layers and hands
 * the child to one supervisor (sandbox_supervise.c) from fork to reap; who
 * owns which step is listed in sandbox_int.h. The child wires stdio (stdin,
 * stdout/stderr pipes, the report pipe on fd 3), closes every other fd,
 * applies the layers of the plan and calls the engine's child_main. The
 * parent hands output to the caller's sink (output_sink.h), enforces the
 * wall and CPU deadlines and the output cap, reaps the child and fills the
 * outcome from the exit status and the child's report.
 *
 * The report is one JSON object the engine writes to fd 3 before exiting;
 * what sbx takes from it, and from whom, is in report.h. Failures of the
 * child's own setup go to a close-on-exec pipe the code never holds.
 */
#ifndef SBX_SANDBOX_H
#define SBX_SANDBOX_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/outcome.h"
#include "core/output_sink.h"
#include "core/request.h"
#include "util/buf.h"

struct cgroup_run;

#define SANDBOX_REPORT_FD 3
/* With plan.gated: the engine's prelude reads one byte here before it runs
 * any user code; EOF instead of the byte means "do not run". */
#define SANDBOX_GATE_FD 4
/* The init's channel to sbx, in the init of a pid namespace only (pid1.h);
 * closed before the code runs. */
#define SANDBOX_INIT_FD 5

enum sandbox_profile {
	PROFILE_EMBEDDED,    /* Duktape in the forked child: strict allow-list */
	PROFILE_INTERPRETER, /* execve of python3/java/Rscript: layered isolation */
	/* A JavaScript session's kernel: PROFILE_EMBEDDED's allow-list plus
	 * read and write on fd 0 (the session's control socket), and SIGINT
	 * caught into sandbox_interrupted (the per-execution timeout). */
	PROFILE_EMBEDDED_KERNEL,
};

/* In a PROFILE_EMBEDDED_KERNEL child: set by SIGINT (the session daemon
 * interrupts an execution); the engine reads and clears it. */
extern volatile sig_atomic_t sandbox_interrupted;

/* Runs in the child with the sandbox in force. Must not return. */
typedef void (*sandbox_child_fn)(void *arg);

struct sandbox_plan {
	enum sandbox_profile profile;
	sandbox_child_fn child_main;
	void *child_arg;
	const char *workdir; /* the child's cwd (interpreters); NULL: none */
	/* The directory the sandbox gets, writable, at its own path: workdir
	 * and everything beside it that the step needs (sbx's private files);
	 * NULL: workdir itself. */
	const char *rundir;
	/* A session's run directory (rundir.h): only these subdirectories of
	 * rundir (NULL-terminated, relative) are the code's; as root the rest
	 * stays sbx's, readable by the run's group. NULL: all of it. */
	const char *const *rw_dirs;
	int stdin_fd;	       /* -1: empty stdin */
	uint64_t rlimit_as;    /* address-space backstop, 0: none */
	uint64_t rlimit_nproc; /* 0: no new processes allowed */
	/* The interpreter may start before every layer is in place, because
	 * its prelude waits on SANDBOX_GATE_FD before running user code. On
	 * cgroup v2 the cgroup attach (an RCU grace period) then overlaps
	 * with the interpreter's own start; on v1 the child is born in the
	 * run's cgroup (isolate_ns.c) and there is no attach to wait for. */
	bool gated;
	/* Directories outside the default root the interpreter needs, shown
	 * read-only at the same path (a virtualenv, a base interpreter's
	 * prefix); NULL-terminated, NULL: none. At most ISOLATE_MAX_EXTRA. */
	char *const *ro_dirs;
	/* A long-lived kernel (sessions): the code's output is only streamed
	 * to the sink, neither kept nor capped (the caller counts it per
	 * execution), and on_start, when set, is called once the gate is open
	 * with the layers in force and the host pid of the code's process. */
	bool stream_only;
	void (*on_start)(void *ctx, const struct sandbox_report *layers, int code_pid);
	void *on_start_ctx;
	/* As root, the code's uid is ISOLATE_UID_BASE + this live process's
	 * pid (0: the caller's own): a session's kernels take their daemon's,
	 * so they share the workspace's files. Such a run's end does not kill
	 * every process of its uid (its siblings'), only its own process
	 * group and cgroup. */
	pid_t uid_of;
	/* A session's kernel: its cgroup is made in the workspace's group
	 * (cgroup_create_group), whose limits hold for all its kernels
	 * together. NULL: in the cgroup sbx runs in. */
	const struct cgroup_run *cgroup_parent;
	/* A held exec (a warm sandbox of a language without a prelude, gated):
	 * the child waits on SANDBOX_GATE_FD for the words it execs instead of
	 * one byte. Once the hold released the sandbox to its request,
	 * held_exec puts the request's files in place and fills msg with
	 * those words (engine/engine_held.c's format), written to the gate;
	 * false (out says why): the sandbox is torn down. NULL: a plain gate. */
	bool (*held_exec)(void *ctx, struct buf *msg);
	void *held_exec_ctx;
};

/* Returns 0 when the run was supervised to the end (whatever its status),
 * -1 when the sandbox could not be set up (out->status = sandbox_error). */
int sandbox_run(const struct request *req, const struct sandbox_plan *plan, struct outcome *out,
		const struct output_sink *sink);

/* From now on SIGTERM to this process cancels its runs instead of killing
 * it: one in progress is killed and ends as "signaled" (error Cancelled),
 * with its record and history line; one not started yet ends so as it
 * starts. sbx serve's client that hangs up sends it, possibly before the
 * sandbox is reached. For processes that run requests (execute). */
void sandbox_cancel_arm(void);
/* As root: SIGKILL whatever still runs as the uid the runs of
 * plan.uid_of == owner shared (a run's end spares its siblings' processes,
 * so their owner sweeps once, after the last of them). */
void sandbox_kill_shared_uid(pid_t owner);

/* A run's turn (sandbox_turn.c). A front end that runs many requests at
 * once in processes of its own (sbx batch's workers) sets one: take is
 * called just before a sandbox's child is forked, give just after it is
 * reaped, so that no more than -j sandboxes run at once while the rest of
 * each run (its checks, working directory, cgroup, record, history)
 * overlaps the others. take returns false when the run must not start
 * (whoever would read its record is gone): the sandbox is then torn down
 * without running anything and sandbox_turn_lost() says so. Without one
 * (sbx run), every sandbox starts at once. One per process. */
struct sandbox_turn {
	bool (*take)(void *ctx);
	void (*give)(void *ctx);
	void *ctx;
};
void sandbox_turn_set(const struct sandbox_turn *turn); /* copied; NULL: none */
bool sandbox_turn_lost(void);
/* For sandbox.c: false when the turn did not come (then lost is set). */
bool sandbox_turn_take(void);
void sandbox_turn_give(void);

/* For sbx serve's warm sandboxes (run/warm_run.c: one run per process,
 * which exits once its record is out): a run whose code ends alone in its
 * pid namespace ends at its init's word, without waiting for the init's
 * own exit, which tears the namespaces down (~0.5 ms). Nothing of the run
 * is left to act by then (the init found no other process); the init is
 * reaped by whoever inherits it when sbx exits, and the run's cgroup is
 * removed by the next run's sweep, as a killed sbx's is (cgroup.c). Off
 * (the default), every run ends whole in sandbox_run. */
void sandbox_leave_ending_init(bool on);

/* A warm sandbox (sandbox_hold.c): a gated run whose every layer is in
 * place and whose interpreter waits on the gate is held there until hold
 * returns, with the code not yet chosen. true: open the gate (the run's
 * wall clock and deadline start now); false: the sandbox is torn down
 * unused and the run ends as "not run" (sandbox_held_unused() says so).
 * The plan gives hold the run's directory. One per process; NULL: none. */
struct sandbox_hold {
	bool (*hold)(void *ctx, const struct sandbox_plan *plan);
	void *ctx;
};
void sandbox_hold_set(const struct sandbox_hold *hold);
/* For sandbox_supervise.c: is a hold set? Then release calls it (once). */
bool sandbox_hold_pending(void);
bool sandbox_hold_release(const struct sandbox_plan *plan);

#endif
