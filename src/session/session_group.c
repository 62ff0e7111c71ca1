/* session_group — the limits of a workspace as a whole, kept by its
 * daemon: one cgroup for the session (cgroup_create_group) in which every
 * kernel's own cgroup is made, so that the memory and the tasks of all
 * its kernels together stay within the session's memory limit and
 * SESSION_PIDS_MAX; made when the daemon starts (create, a restore),
 * removed when it ends (stop, delete, idle, TTL; after a kill -9 by the
 * next sbx that makes a cgroup beside it). Where no cgroup can be made
 * (unprivileged without a delegated hierarchy) the manifest says so and
 * `session create --require cgroup` refuses to start.
 *
 * Before each execution the executing kernel becomes the OOM killer's
 * first choice (oom_score_adj), so that the execution that passes the
 * workspace's memory is the one stopped, not an idle kernel's state; and
 * the disk quota is checked (session_quota.c): an execution is refused
 * while the files are over it, the kernel's RLIMIT_FSIZE is what is left
 * of it, and the files are counted again every DISK_WATCH_MS while the
 * execution runs: past the quota its kernel is killed.
 * May call: session_quota, sandbox (cgroup), core, util, libc.
 */
#include "session/session_daemon_int.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "util/util.h"

#define OOM_FIRST "1000" /* the executing kernel: the OOM killer's choice */
#define OOM_IDLE  "0"

int session_group_start(struct daemon *d, char *why, size_t n)
{
	char tag[48], reason[256] = "";
	snprintf(tag, sizeof tag, "sbx-%d", (int)getpid());
	uint64_t mem = (uint64_t)json_integer_value(json_object_get(d->m, "memory_bytes"));
	unsigned require = (unsigned)json_integer_value(json_object_get(d->m, "require"));
	if (cgroup_create_group(&d->group, tag, mem, SESSION_PIDS_MAX, reason, sizeof reason) ==
	    0) {
		d->group_note[0] = 0;
		return 0;
	}
	snprintf(d->group_note, sizeof d->group_note,
		 "no cgroup for the workspace (%s): each kernel's own limits apply, and idle "
		 "kernels are stopped while their memory adds up to more than the session's",
		 reason);
	if (require & LAYER_CGROUP) {
		snprintf(why, n, "--require cgroup: the workspace's cgroup: %s", reason);
		return -1;
	}
	return 0;
}

json_t *session_group_json(const struct daemon *d)
{
	const struct cgroup_run *g = &d->group;
	return json_pack("{s:s?, s:s?, s:s?, s:I, s:s?}", "cgroup", g->kind, "memory_path",
			 g->kind ? g->mem : NULL, "pids_path",
			 g->kind && g->pids[0] ? g->pids : NULL, "pids_max",
			 (json_int_t)SESSION_PIDS_MAX, "note",
			 d->group_note[0] ? d->group_note : NULL);
}

void session_group_end(struct daemon *d)
{
	if (d->group.kind)
		cgroup_destroy(&d->group);
}

void session_group_prefer(int code_pid, bool executing)
{
	char path[64];
	if (code_pid <= 0)
		return;
	snprintf(path, sizeof path, "/proc/%d/oom_score_adj", code_pid);
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	/* Lowering it back needs CAP_SYS_RESOURCE: as root only, which is
	 * where a workspace's cgroup is (unprivileged, it stays raised). */
	const char *v = executing ? OOM_FIRST : OOM_IDLE;
	(void)!write(fd, v, strlen(v));
	close(fd);
}

int session_group_disk(struct daemon *d, int code_pid, char *why, size_t n)
{
	uint64_t quota = session_disk_quota(d->m);
	uint64_t used = session_disk_usage(d->wd.cwd_fd, quota);
	if (used >= quota) {
		session_quota_error(d->id, "the execution was not started", used, quota);
		snprintf(why, n, "%s", error_first_message());
		return -1;
	}
	/* No file of this execution's grows past what is left (the kernel's
	 * children started from now on inherit it; SIGXFSZ or EFBIG): the
	 * soft limit only. The hard one, the quota itself (set when the
	 * kernel started: session_kernel_link.c), stays, because raising it again
	 * once files are removed needs CAP_SYS_RESOURCE; the code may raise
	 * its soft limit up to it (README "Known limits"). */
	uint64_t left = quota - used;
	struct rlimit rl;
	if (code_pid <= 0 || prlimit(code_pid, RLIMIT_FSIZE, NULL, &rl) < 0)
		return 0;
	rl.rlim_cur = left < rl.rlim_max ? left : rl.rlim_max;
	if (prlimit(code_pid, RLIMIT_FSIZE, &rl, NULL) < 0 && errno != ESRCH)
		warning("session %s: cannot bound the kernel's file size: %s", d->id,
			strerror(errno));
	return 0;
}

void session_group_disk_watch(struct daemon *d)
{
	double t0 = now_monotonic_ms();
	uint64_t quota = session_disk_quota(d->m);
	uint64_t used = session_disk_usage(d->wd.cwd_fd, quota);
	double now = now_monotonic_ms();
	/* A large workspace takes longer to count: the checks are spaced so
	 * that counting stays a tenth of the daemon's time at most. */
	d->disk_check_at = now + fmax(DISK_WATCH_MS, 10 * (now - t0));
	int pid = d->cur ? d->cur->k.code_pid : 0;
	if (used <= quota || pid <= 0)
		return;
	/* As the output's hard cap: the kernel and everything it started
	 * (its sandbox's end kills its cgroup), restored at the next
	 * execution from the state saved after the previous one. */
	kill(pid, SIGKILL);
	d->phase = 2;
	d->killed_for = "disk";
	d->deadline_ms = now + START_MS;
}
