/* isolate — the layers beyond seccomp and rlimits for interpreter runs:
 * user/mount/pid/net/ipc/uts namespaces with a minimal read-only root,
 * an unprivileged uid, Landlock, cgroups. Each layer degrades on its own and
 * the report says what was really applied (fail closed with --require).
 *
 * The supervisor (sandbox_supervise.c) calls, in order; one file a step:
 *   parent: isolate_prepare()  — isolate_plan.c: decide layers, create the
 *                                cgroup, plan the root (globs, symlinks:
 *                                nothing allocates after the clone)
 *   parent: isolate_spawn()    — isolate_ns.c: clone into the namespaces (or
 *                                fork), write the uid/gid maps, put the child
 *                                in the cgroup; the child drops to the sandbox
 *                                uid and builds the root (isolate_root.c)
 *                                before spawn returns, so a failure there is
 *                                retried without namespaces (and said so in
 *                                the note)
 *   child:  isolate_enter()    — isolate_enter.c, after stdio is wired:
 *                                session, uid drop without namespaces,
 *                                no_new_privs, Landlock, capabilities
 *                                dropped. Seccomp comes after.
 *   parent: isolate_attach()   — isolate_ns.c, gated runs only: the cgroup
 *                                joined while the interpreter starts
 *   parent: isolate_kill()     — isolate_kill.c: how to reach every process
 *                                of the run, whenever the supervisor decides
 *   parent: isolate_finish()   — isolate_kill.c: memory peak / OOM from the
 *                                cgroup, kill what is left, remove the cgroup
 *
 * Identity. The code never runs as host root. As root, each run gets its own
 * host uid/gid ISOLATE_UID_BASE + sbx's pid (unique among live runs: a
 * RLIMIT_NPROC of its own, signals and files of its own); the user namespace
 * maps only "65534 inside -> that uid outside", so no host id with power is
 * mapped at all. The child switches to it (setresuid inside the namespace)
 * before building the root: its capabilities then exist only inside its own
 * user namespace and vanish at execve. As an ordinary user the only id that
 * can be mapped is the user's own: "65534 inside -> the user".
 *
 * SBX_NO_NAMESPACES=1 in the environment forces the no-namespace path
 * (Landlock, seccomp, rlimits, cgroup where possible) — for tests and CI.
 */
#ifndef SBX_ISOLATE_H
#define SBX_ISOLATE_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "sandbox/cgroup.h"
#include "core/outcome.h"
#include "sandbox/procview.h"
#include "core/request.h"
#include "sandbox/sandbox.h"

#define ISOLATE_UID_BASE   0x50000000u /* + pid of sbx: per-run host uid as root */
#define ISOLATE_INSIDE_ID  65534u      /* uid and gid inside the user namespace */
#define ISOLATE_MAX_MOUNTS 40
#define ISOLATE_TMP_SIZE   "64m" /* the sandbox's private /tmp */
/* Inodes of the private tmpfs mounts: empty files cost no bytes, so size=
 * alone lets a run pin hundreds of MiB of kernel memory in inodes. */
#define ISOLATE_TMP_INODES  "16384"
#define ISOLATE_SHM_INODES  "1024"
#define ISOLATE_ROOT_INODES "1024" /* the root: mount points and links only */
#define ISOLATE_MAX_EXTRA   12	   /* plan.ro_dirs */

enum isolate_entry_kind { ISO_BIND_RO, ISO_BIND_DEV, ISO_SYMLINK };

/* One thing to put into the new root (or to grant in Landlock). */
struct isolate_entry {
	char path[160];	  /* absolute, same path inside and outside */
	char target[160]; /* ISO_SYMLINK: the link's contents */
	unsigned char kind;
	bool is_dir;
};

struct isolate_state {
	unsigned want;	       /* LAYER_* to try */
	unsigned require;      /* LAYER_* the user insists on (--require) */
	unsigned namespaces;   /* NS_* in force */
	int landlock_abi;      /* ABI applied (0: none) */
	const char *cgroup;    /* "v1", "v2" or NULL */
	char cgroup_path[256]; /* the run's memory cgroup, for messages */
	char note[256];	       /* why a layer is missing, "" if none */
	bool oom_killed;       /* set by isolate_finish */
	uint64_t memory_peak_kb;
	int sync_fd; /* internal: parent→child go-ahead */

	/* internal */
	struct cgroup_run cg;
	bool is_root;	/* sbx runs as host root */
	uid_t host_uid; /* the code's uid on the host */
	gid_t host_gid;
	bool drop_ids;	     /* without namespaces: setresuid in isolate_enter */
	bool uid_shared;     /* plan.uid_of: other runs have this uid too */
	bool subreaper;	     /* orphans come back to sbx (no pid ns, no cgroup) */
	pid_t pgid;	     /* the run's process group (its first pid), 0: none */
	bool gated;	     /* plan.gated: the cgroup is joined by isolate_attach */
	bool born_in_cgroup; /* the child started in the run's cgroup (v1: isolate_ns.c) */
	const char *workdir; /* the run directory bound/granted writable */
	/* plan.rw_dirs: only these (relative to workdir) writable; NULL: all */
	const char *const *rw_dirs;
	char run_dir[256];
	struct isolate_entry entries[ISOLATE_MAX_MOUNTS];
	unsigned nentries;
	char passwd[256], group[128];	    /* generated /etc/passwd and /etc/group */
	bool proc_pinned;		    /* proc_pins hold the run's /proc entries */
	int proc_pins[PROCVIEW_MAX];	    /* see procview.h */
	char extra[ISOLATE_MAX_EXTRA][256]; /* plan.ro_dirs, bound after /tmp */
	unsigned nextra;
};

/* Returns 0; -2 when a layer named by --require cannot be had (note says
 * why: status blocked); -1 when setup failed (note says why). */
int isolate_prepare(const struct request *req, const struct sandbox_plan *plan,
		    struct isolate_state *st);
/* Like fork(): returns the child's pid in the parent, 0 in the child, -1
 * (note says why; st->namespaces etc. say what could be had, so a --require
 * that is now unmet is told apart from an error). The child returns only
 * once its namespaces and root are complete. */
pid_t isolate_spawn(const struct sandbox_plan *plan, struct isolate_state *st);
/* The code goes first when the machine runs out of memory: the kernel's
 * OOM killer picks the highest oom_score_adj, so a run that pushes the host
 * over (memory no cgroup counts, or no cgroup at all) is killed before sbx,
 * its server or the user's other processes. Called in the child only (sbx
 * keeps its own score); anyone may raise their own. isolate_spawn's child
 * calls it first thing, while /proc is the host's and the process still
 * owns its entries. Best effort: without /proc the run goes on as before. */
void isolate_raise_oom_score(void);
/* In the child; returns -1 (errno set) if a layer that was promised cannot
 * be completed. */
int isolate_enter(const struct sandbox_plan *plan, struct isolate_state *st);
/* Kills every process the run started (whatever is left), e.g. as soon as
 * the main process has exited. Safe to call more than once. */
void isolate_kill(struct isolate_state *st, pid_t pid);
/* For a gated plan: puts the started child into the run's cgroup (before
 * the gate lets user code run). On failure the run goes on without the
 * cgroup (st->cgroup NULL, a note says why) and -1 is returned; the
 * supervisor (sandbox_supervise.c) then refuses the run if --require cgroup
 * was given. */
int isolate_attach(struct isolate_state *st, pid_t pid);
void isolate_finish(struct isolate_state *st, pid_t pid, struct sandbox_report *rep);
/* isolate_finish in two: everything but the cgroup's removal (what is left
 * killed, the peak and OOM read, the report filled), then the removal,
 * which waits until no process is left in it. */
void isolate_finish_read(struct isolate_state *st, struct sandbox_report *rep);
void isolate_remove_cgroup(struct isolate_state *st);

/* For `sbx doctor`: can this machine give the run its namespaces and root?
 * Spawns and reaps a trivial sandbox. 0, or -1 with a reason in why. */
int isolate_probe_namespaces(char *why, size_t whylen);

#endif
