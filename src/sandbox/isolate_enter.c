/* isolate_enter — the child's own steps once stdio is wired: a session
 * of its own, the uid switch without namespaces (as root), no_new_privs,
 * Landlock over the planned paths, capabilities dropped. Seccomp comes
 * after, in sandbox_child.c.
 *
 * Runs in the child only. May call: landlock, procview, libc.
 */
#include "sandbox/isolate.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <linux/capability.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "sandbox/isolate_int.h"
#include "sandbox/landlock.h"
#include "sandbox/rundir.h"

#define RW_MAX 4 /* a session's writable subdirectories (RUNDIR_WRITABLE) */

/* Becomes the sandbox user. Inside a fresh user namespace the capabilities
 * survive (the namespace's root uid is not mapped, so the kernel's "leaving
 * uid 0" rule does not fire): enough to build the root, and gone at execve
 * since the process is not root in its namespace. */
int isolate_become_user(uid_t uid, gid_t gid, bool drop_groups)
{
	if (drop_groups && setgroups(0, NULL) < 0)
		return -1;
	if (setresgid(gid, gid, gid) < 0 || setresuid(uid, uid, uid) < 0)
		return -1;
	return 0;
}

static int drop_capabilities(void)
{
	struct __user_cap_header_struct h = {_LINUX_CAPABILITY_VERSION_3, 0};
	struct __user_cap_data_struct d[2];
	int c;
	/* The bounding set first (needs CAP_SETPCAP, which we may have only
	 * inside our user namespace), then ambient, then the sets. */
	for (c = 0; c <= 63; c++)
		if (prctl(PR_CAPBSET_DROP, c, 0, 0, 0) < 0 && errno != EINVAL && errno != EPERM)
			return -1;
	prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
	memset(d, 0, sizeof(d));
	return (int)syscall(SYS_capset, &h, d);
}

int isolate_enter(const struct sandbox_plan *plan, struct isolate_state *st)
{
	struct landlock_path
	    paths[ISOLATE_MAX_MOUNTS + PROCVIEW_MAX + 8 + ISOLATE_MAX_EXTRA + RW_MAX];
	size_t n = 0;
	unsigned i;

	char wpath[32] = "", epath[ISOLATE_MAX_EXTRA][32];
	int wfd = -1, efd[ISOLATE_MAX_EXTRA];
	(void)plan;

	/* A session of its own: no controlling terminal, one group to kill. */
	setsid();
	if (st->drop_ids && st->workdir) {
		/* Opened before the uid switch, which may lose the way there; the
		 * Landlock rule reaches it through /proc/self/fd. */
		wfd = open(st->workdir, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (wfd < 0)
			return -1;
		snprintf(wpath, sizeof(wpath), "/proc/self/fd/%d", wfd);
	}
	/* A session's writable subdirectories (rundir.h), likewise: opened
	 * one component at a time, never through a link. */
	char rwpath[RW_MAX][32];
	int rwfd[RW_MAX];
	unsigned nrw = 0;
	for (; st->workdir && st->rw_dirs && st->rw_dirs[nrw] && nrw < RW_MAX; nrw++) {
		int base = open(st->workdir, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		rwfd[nrw] = base >= 0 ? rundir_open_beneath(base, st->rw_dirs[nrw]) : -1;
		if (base >= 0)
			close(base);
		if (rwfd[nrw] < 0)
			return -1;
		snprintf(rwpath[nrw], sizeof(rwpath[nrw]), "/proc/self/fd/%d", rwfd[nrw]);
	}
	/* The interpreter's own directories, likewise (Landlock only: without
	 * a new root they are where they are on the host). */
	for (i = 0; i < st->nextra; i++) {
		efd[i] = st->drop_ids ? open(st->extra[i], O_PATH | O_CLOEXEC) : -1;
		snprintf(epath[i], sizeof(epath[i]), "/proc/self/fd/%d", efd[i]);
	}
	if (st->drop_ids && isolate_become_user(st->host_uid, st->host_gid, true) < 0)
		return -1;
	/* Landlock needs it; execve never gains privileges afterwards. */
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		return -1;

	if (st->landlock_abi > 0) {
		/* The same paths as the namespace root: system files read-only,
		 * the work directory (and the private /tmp) writable. With a
		 * new root this is defense in depth; without, it is the wall. */
		for (i = 0; i < st->nentries && n < ISOLATE_MAX_MOUNTS; i++) {
			const struct isolate_entry *e = &st->entries[i];
			paths[n].path = e->path;
			paths[n++].access = e->kind == ISO_BIND_DEV ? LANDLOCK_DEV : LANDLOCK_RO;
		}
		/* /proc read-only: the JVM reads /proc/self. With a pid
		 * namespace it is a fresh /proc of the run's own processes; the
		 * host's /proc only in part (see procview.h). */
		if (st->namespaces) {
			paths[n].path = "/proc";
			paths[n++].access = LANDLOCK_RO;
		} else {
			procview_grants(paths, &n, sizeof(paths) / sizeof(paths[0]) - 4);
		}
		if (st->namespaces) {
			paths[n].path = "/etc"; /* only the pieces bound above */
			paths[n++].access = LANDLOCK_RO;
			paths[n].path = "/tmp"; /* the private tmpfs */
			paths[n++].access = LANDLOCK_RW;
			paths[n].path = "/dev/shm";
			paths[n++].access = LANDLOCK_RW;
		}
		if (st->workdir) {
			paths[n].path = wfd >= 0 ? wpath : st->workdir;
			paths[n++].access = nrw ? LANDLOCK_RO : LANDLOCK_RW;
		}
		for (i = 0; i < nrw; i++) {
			paths[n].path = rwpath[i];
			paths[n++].access = LANDLOCK_RW;
		}
		for (i = 0; i < st->nextra; i++) {
			paths[n].path = efd[i] >= 0 ? epath[i] : st->extra[i];
			paths[n++].access = LANDLOCK_RO;
		}
		if (landlock_restrict(st->landlock_abi, paths, n) < 0)
			return -1;
	}
	if (wfd >= 0)
		close(wfd);
	for (i = 0; i < nrw; i++)
		close(rwfd[i]);
	for (i = 0; i < st->nextra; i++)
		if (efd[i] >= 0)
			close(efd[i]);
	if (drop_capabilities() < 0)
		return -1;
	/* Credential changes clear the parent-death signal: set it again. */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	return 0;
}
