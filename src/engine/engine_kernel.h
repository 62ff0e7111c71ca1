/* engine_kernel — a session's long-lived interpreter, started through the
 * same sandbox as a one-shot run of its language (the same plan of layers,
 * seccomp profile, cgroup, rlimits and environment), which runs a kernel
 * loop instead of one program.
 *
 * The kernel's control channel is ctl_fd (one end of a socket pair, given
 * to the kernel as its fd 0); what it says there is sbx_kernel.py's
 * business and the session daemon's. Its stdout and stderr go to sink as
 * they come, never kept: the session counts them per execution.
 */
#ifndef SBX_ENGINE_KERNEL_H
#define SBX_ENGINE_KERNEL_H

#include <stdbool.h>

#include "core/outcome.h"
#include "core/output_sink.h"
#include "core/request.h"

struct cgroup_run;

struct kernel_start {
	const char *rundir; /* the session's run directory (kept across kernels) */
	int ctl_fd;
	/* Called once the kernel may run code: the layers in force and the
	 * host pid of the interpreter (for the per-execution SIGINT). */
	void (*on_start)(void *ctx, const struct sandbox_report *layers, int code_pid);
	void *ctx;
	/* The live process whose pid makes the code's uid as root (the
	 * session's daemon: the workspace's kernels share one; sandbox.h). */
	pid_t uid_of;
	/* The workspace's cgroup, the parent of the kernel's (sandbox.h);
	 * NULL: none. */
	const struct cgroup_run *cgroup_parent;
};

/* A Duktape heap as a JavaScript or TypeScript session's kernel, in the
 * embedded engine's sandbox (its backends' kernel_run;
 * engine_duktape_kernel.c). */
int engine_duktape_kernel_run(struct request *req, struct outcome *out,
			      const struct output_sink *sink, const struct kernel_start *ks);
/* Is there a kernel for this language? (its backend's kernel_run) */
bool engine_kernel_supported(const struct lang *lang);
/* Runs the kernel until it ends (the control channel closed, killed, a
 * limit); out says how it ended. Returns 0, or -1 when it could not start. */
int engine_kernel_run(struct request *req, struct outcome *out, const struct output_sink *sink,
		      const struct kernel_start *ks);

#endif
