/* isolate_kill — how every process of an isolated run is reached, and the
 * run's end for its layers: the pid namespace's init, else the process
 * group, the cgroup, the run's uid and the subreaper's orphans; then the
 * cgroup's memory peak and OOM kill read and the cgroup removed.
 *
 * When to kill is the supervisor's decision (sandbox_supervise.c); this
 * file only carries it out. May call: cgroup, procview, libc.
 */
#include "sandbox/isolate.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sandbox/isolate_int.h"
#include "util/profile.h"

/* Processes whose parent is sbx (orphans handed to the subreaper) and that
 * are not in sbx's own session: SIGKILL and reap them. Returns how many. */
static int kill_orphans(pid_t skip)
{
	DIR *d = opendir("/proc");
	struct dirent *de;
	pid_t me = getpid(), mysid = getsid(0);
	int n = 0;
	if (!d)
		return 0;
	while ((de = readdir(d))) {
		char path[300], buf[512], *p;
		long pid, ppid, sid;
		int fd;
		ssize_t len;
		if (de->d_name[0] < '1' || de->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%s/stat", de->d_name);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			continue;
		len = read(fd, buf, sizeof(buf) - 1);
		close(fd);
		if (len <= 0)
			continue;
		buf[len] = '\0';
		/* "pid (comm) state ppid pgrp session": comm may hold spaces and
		 * parentheses, so parse from the last ')'. */
		p = strrchr(buf, ')');
		if (!p || sscanf(p + 1, " %*c %ld %*d %ld", &ppid, &sid) != 2)
			continue;
		pid = strtol(de->d_name, NULL, 10);
		if (ppid != me || sid == mysid || pid == skip)
			continue; /* skip: the main process, sandbox_supervise.c reaps it */
		kill((pid_t)pid, SIGKILL);
		waitpid((pid_t)pid, NULL, 0);
		n++;
	}
	closedir(d);
	return n;
}

/* In a helper that runs as the run's uid: whether a process of that uid
 * other than itself and `zombies` unreaped ones is left. kill(-1) cannot
 * say: it returns 0 whenever any other process exists, even one it may
 * not signal (the kernel ignores EPERM). The kernel's count of the uid's
 * processes can: with RLIMIT_NPROC at 2 + zombies a fork succeeds only if
 * the helper (and its new child) are all there is. The count drops when a
 * process is reaped, so an unreaped zombie counts: the caller says how
 * many of its own it has not reaped yet. */
static bool uid_has_others(unsigned zombies)
{
	rlim_t max = 2 + zombies;
	struct rlimit rl = {max, max};
	if (setrlimit(RLIMIT_NPROC, &rl) != 0)
		return true;
	pid_t c = fork();
	if (c == 0)
		_exit(0);
	if (c < 0)
		return true; /* EAGAIN: over the count (or no memory: assume so) */
	while (waitpid(c, NULL, 0) < 0 && errno == EINTR)
		;
	return false;
}

/* As root without a pid namespace: every process of the run's own uid.
 * A helper with that uid sends kill(-1), which reaches exactly them, then
 * says whether any is left (after the orphans that came back to sbx are
 * reaped, as they would keep counting); `zombies`: the run's main process
 * when it may have exited unreaped (it is reaped by the supervisor). */
static void kill_uid(uid_t uid, unsigned zombies, bool reap_orphans, pid_t skip)
{
	for (int round = 0; round < 100; round++) {
		int ws = 0;
		pid_t h = fork();
		if (h < 0)
			return;
		if (h == 0) {
			if (setresgid(uid, uid, uid) < 0 || setgroups(0, NULL) < 0 ||
			    setresuid(uid, uid, uid) < 0)
				_exit(2);
			kill(-1, SIGKILL); /* skips the caller */
			_exit(uid_has_others(zombies) ? 1 : 0);
		}
		while (waitpid(h, &ws, 0) < 0 && errno == EINTR)
			;
		if (!WIFEXITED(ws) || WEXITSTATUS(ws) != 1)
			return;
		if (reap_orphans)
			kill_orphans(skip);
	}
}

void isolate_kill(struct isolate_state *st, pid_t pid)
{
	int i;
	if (st->namespaces & NS_PID) {
		/* The pid namespace's init: its death takes every process of
		 * the namespace with it (the kernel SIGKILLs them). */
		if (pid > 0)
			kill(pid, SIGKILL);
		return;
	}
	/* The whole process group at once: the child called setsid() and the
	 * filter denies setsid/setpgid, so every descendant is in it. One
	 * group SIGKILL also catches a fork racing with it (the kernel
	 * restarts such a fork, which then dies), so a fork bomb cannot
	 * outrun this; repeat until the group is gone. */
	pid_t group = pid > 0 ? pid : st->pgid;
	for (i = 0; group > 0 && i < 100 && kill(-group, SIGKILL) == 0; i++)
		;
	if (st->cgroup)
		cgroup_kill_all(&st->cg);
	if (st->drop_ids && !st->uid_shared) /* not the siblings' processes */
		kill_uid(st->host_uid, pid > 0, st->subreaper, pid);
	if (st->subreaper)
		for (i = 0; i < 1000 && kill_orphans(pid) > 0; i++)
			;
}

void sandbox_kill_shared_uid(pid_t owner)
{
	if (owner > 0 && geteuid() == 0)
		kill_uid((uid_t)(ISOLATE_UID_BASE + (unsigned)owner), 0, false, -1);
}

void isolate_finish(struct isolate_state *st, pid_t pid, struct sandbox_report *rep)
{
	(void)pid; /* reaped by now: only the run's group and cgroup are used */
	isolate_finish_read(st, rep);
	isolate_remove_cgroup(st);
}

void isolate_remove_cgroup(struct isolate_state *st)
{
	if (st->cgroup) {
		cgroup_destroy(&st->cg);
		profile_mark("cgroup removed");
	}
}

void isolate_finish_read(struct isolate_state *st, struct sandbox_report *rep)
{
	isolate_kill(st, -1);
	if (st->proc_pinned) {
		procview_unpin(st->proc_pins);
		st->proc_pinned = false;
	}
	if (st->cgroup) {
		st->memory_peak_kb = cgroup_memory_peak_kb(&st->cg);
		st->oom_killed = cgroup_oom_killed(&st->cg);
		profile_mark("cgroup read");
	}
	rep->namespaces = st->namespaces;
	rep->landlock_abi = st->landlock_abi;
	rep->cgroup = st->cgroup;
	snprintf(rep->note, sizeof(rep->note), "%s", st->note);
}
