/* runcpu — the CPU time of a whole run: every process the code started,
 * not only the first (RLIMIT_CPU is per process: children that respawn
 * would each get the full limit).
 *
 * With a cgroup, its counter (cgroup.c): exact. Without one, sampled from
 * /proc: the processes of the run's session (the filter denies setsid and
 * setpgid, so none leaves it), each counted as its own CPU time plus that
 * of the children it reaped (cutime/cstime). A child that disappears
 * without its parent's counter growing by as much (the parent ignores
 * SIGCHLD, so the kernel reaped it and dropped its times) is added as last
 * seen. What a sample cannot see: a process that starts and is dropped
 * that way between two samples (RUNCPU_SAMPLE_MS) — a documented limit.
 */
#ifndef SBX_RUNCPU_H
#define SBX_RUNCPU_H

#include <stddef.h>
#include <sys/types.h>

#include "sandbox/cgroup.h"

#define RUNCPU_SAMPLE_MS 50.0 /* at most this long between samples (no cgroup) */

struct runcpu_proc; /* one process seen in the last sample (private) */

struct runcpu {
	const struct cgroup_run *cg; /* with a CPU counter, or NULL: sample */
	pid_t sid;		     /* the run's session (its first pid) */
	struct runcpu_proc *procs;   /* last sample */
	size_t n, alloc;
	double lost_ms; /* dropped processes, as last seen */
};

/* cg may be NULL or lack a CPU counter: then /proc is sampled. */
void runcpu_init(struct runcpu *rc, const struct cgroup_run *cg, pid_t sid);
/* The run's CPU time so far in ms. A sample is not atomic: a child reaped
 * while /proc is read may count twice in it, so confirm a value over a
 * limit with a second call before acting on it. */
double runcpu_ms(struct runcpu *rc);
/* Whether runcpu_ms samples (and should be called every RUNCPU_SAMPLE_MS). */
int runcpu_sampling(const struct runcpu *rc);
void runcpu_free(struct runcpu *rc);

#endif
