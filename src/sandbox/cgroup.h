/* cgroup — a per-run control group: a memory limit that works for the JVM
 * (RLIMIT_AS does not), a pids limit against fork bombs, the memory peak, OOM
 * detection and a reliable "kill everything the code started".
 *
 * Needs a writable cgroup: root, or a delegated subtree. cgroup v2 is used
 * when our v2 cgroup offers the memory controller; else the v1 memory and
 * pids hierarchies (hybrid hosts). The run's cgroup is created below the one
 * sbx runs in, never written into a root cgroup's own files. */
#ifndef SBX_CGROUP_H
#define SBX_CGROUP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define CGROUP_PIDS_MAX 128 /* tasks (threads count) per run: JVM needs ~20 */

struct cgroup_run {
	const char *kind; /* "v1", "v2" or NULL: none */
	char mem[256];	  /* v2: the run's cgroup; v1: the memory cgroup */
	char pids[256];	  /* v1 only: the pids cgroup ("" if none) */
	char cpu[256];	  /* v1 only: the cpuacct cgroup ("" if none) */
};

/* Which cgroup version could hold a memory limit here: "v1", "v2", or NULL
 * with a reason in why. Creates nothing. */
const char *cgroup_probe(char *why, size_t whylen);

/* Creates the run's cgroup(s) named after tag with the memory and pids
 * limits, below parent's group (NULL: below the one sbx runs in); on v1
 * also a cpuacct group when count_cpu (joining one more v1
 * hierarchy costs the run an RCU grace period: only for --cpu-time).
 * Returns 0, or -1 with a reason in why (nothing left behind). */
int cgroup_create(struct cgroup_run *cg, const struct cgroup_run *parent, const char *tag,
		  uint64_t memory_bytes, bool count_cpu, char *why, size_t whylen);
/* A workspace's group (a session's): the parent its kernels' groups are
 * made in (cgroup_create's parent), whose memory and pids limits hold for
 * all of them together. Named as a run's ("sbx-PID" of the live process
 * that owns it), so the next run removes it, children first, once that
 * process is gone. On v1, a kernel's host thread comes back out of its
 * kernel's group into this one (cgroup_leave_self): it counts here too.
 * Returns 0, or -1 with a reason in why (nothing left behind). */
int cgroup_create_group(struct cgroup_run *cg, const char *tag, uint64_t memory_bytes,
			uint64_t pids_max, char *why, size_t whylen);
/* The memory in use (bytes) and the tasks of a group and all below it. */
void cgroup_usage(const struct cgroup_run *cg, uint64_t *memory_bytes, uint64_t *pids);
/* Moves pid into the run's cgroup(s). -1 on failure. Moving another
 * process takes the kernel's threadgroup lock for writing, which waits for
 * an RCU grace period: 8-18 ms per run on cgroup v1 (more under load). */
int cgroup_attach(const struct cgroup_run *cg, pid_t pid);
/* cgroup v1 only: the calling thread moves itself into the run's cgroups
 * (writing 0 to each one's tasks file skips that lock: ~0.02 ms), so a
 * child it clones is born in them, then back to the cgroups the run's
 * were made in (their parents: cgroup_create). enter returns 0, -1 when
 * nothing moved (not v1, or a write failed and was undone), -2 when the
 * undoing failed too; leave returns -1 when the thread could not get back
 * out. Still inside, sbx must not go on with the run: killing the run's
 * cgroup would kill it.
 * While inside, the thread's own allocations count against the run (a
 * few pages: the clone). */
int cgroup_enter_self(const struct cgroup_run *cg);
int cgroup_leave_self(const struct cgroup_run *cg);
/* Peak memory in KiB (0 if unknown); whether the OOM killer fired. */
uint64_t cgroup_memory_peak_kb(const struct cgroup_run *cg);
bool cgroup_oom_killed(const struct cgroup_run *cg);
/* For sbx doctor: whether a run's cgroup of this kind ("v1"/"v2") would
 * count its CPU time (v1 needs a writable cpuacct hierarchy). */
bool cgroup_probe_cpu(const char *kind);
/* Whether the run's CPU time can be read (v2: always; v1: with cpuacct),
 * and that time in ms: every process that was in the group, dead or alive. */
bool cgroup_has_cpu(const struct cgroup_run *cg);
double cgroup_cpu_ms(const struct cgroup_run *cg);
/* SIGKILLs every process in the run's cgroup until none is left. */
void cgroup_kill_all(const struct cgroup_run *cg);
/* Kills what is left and removes the cgroup(s). */
void cgroup_destroy(struct cgroup_run *cg);
/* Removes the groups of every sbx that is gone from the directories our
 * runs make theirs in, as the next run's creation does (a server's
 * last warm run leaves its group to that sweep). */
void cgroup_sweep(void);

#endif
