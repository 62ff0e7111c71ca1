/* isolate_ns — starts the sandbox child: a clone into new user, mount,
 * pid, net, ipc and uts namespaces (the uid/gid maps written, the root built
 * before the child is handed over), else a plain fork; the run's cgroup is
 * joined here, before the child may run or fork (or, for a gated run, by
 * isolate_attach before its gate opens).
 *
 * A child that cannot be completed is killed and reaped here: only a child
 * handed over (its pid returned) is the supervisor's (sandbox_supervise.c).
 * May call: isolate_root, cgroup, procview, util, libc.
 */
#include "sandbox/isolate.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sandbox/isolate_int.h"

#define NS_CLONE_FLAGS                                                                             \
	(CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS)

static int write_proc(pid_t pid, const char *file, const char *text)
{
	char path[64];
	snprintf(path, sizeof(path), "/proc/%d/%s", (int)pid, file);
	return isolate_write_file(path, text);
}

/* Waits for the parent's go-ahead: 'g'. EOF means sbx died or gave up. */
static void child_wait_go(int go_fd)
{
	char c = 0;
	ssize_t n;
	do
		n = read(go_fd, &c, 1);
	while (n < 0 && errno == EINTR);
	if (n != 1 || c != 'g')
		_exit(125);
	close(go_fd);
}

/* An ungated child joins the run's cgroup here, before the go-ahead: before
 * it can run or fork. A gated one joins later (isolate_attach), while its
 * interpreter starts. Both spawn paths go through this one check. */
static int attach_before_go(struct isolate_state *st, pid_t pid)
{
	if (!st->cgroup || st->gated || st->born_in_cgroup || cgroup_attach(&st->cg, pid) == 0)
		return 0;
	isolate_note(st, "cannot join the cgroup: %s", strerror(errno));
	return -1;
}

/* cgroup v1: sbx's thread steps into the run's cgroups for the fork or
 * clone, so the child is born there and no attach (an RCU grace period,
 * 8-18 ms) is needed; see cgroup_enter_self. Returns true when sbx is
 * inside: then birth_leave must follow the fork, in the parent. Elsewhere
 * (v2, no cgroup, a failed step) the child is attached as before. */
static bool birth_enter(struct isolate_state *st)
{
	st->born_in_cgroup = false; /* an earlier attempt's child is gone */
	if (!st->cgroup)
		return false;
	int rc = cgroup_enter_self(&st->cg);
	if (rc == -2) {
		/* Still partly inside: the run's cgroup must not be killed or
		 * removed with sbx in it; it is left to the next run's sweep. */
		isolate_note(st, "no cgroup (sbx could not leave it: %s)", strerror(errno));
		st->cgroup = NULL;
	}
	return rc == 0;
}

/* After the fork or clone (pid: the child's, or -1): sbx steps back out.
 * Returns -1 when it could not (see birth_enter); the caller kills the
 * child and gives up. */
static int birth_leave(struct isolate_state *st, pid_t pid)
{
	if (cgroup_leave_self(&st->cg) < 0) {
		isolate_note(st, "no cgroup (sbx could not leave it: %s)", strerror(errno));
		st->cgroup = NULL;
		return -1;
	}
	st->born_in_cgroup = pid > 0;
	return 0;
}

static pid_t reap_now(pid_t pid)
{
	int ws;
	kill(pid, SIGKILL);
	while (waitpid(pid, &ws, 0) < 0 && errno == EINTR)
		;
	return -1;
}

void isolate_raise_oom_score(void)
{
	int fd = open("/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	(void)!write(fd, "1000", 4);
	close(fd);
}

/* One attempt with namespaces. Returns the pid, or -1 with the reason in
 * the note (the child, if any, is reaped). */
static pid_t spawn_ns(struct isolate_state *st)
{
	int go[2] = {-1, -1}, status[2] = {-1, -1};
	char map[64], buf[200];
	pid_t pid;
	ssize_t n;
	int wfd = -1;
	int efd[ISOLATE_MAX_EXTRA];

	if (pipe2(go, O_CLOEXEC) < 0 || pipe2(status, O_CLOEXEC) < 0) {
		isolate_note(st, "pipe: %s", strerror(errno));
		goto fail_pipes;
	}
	/* Raw clone: fork semantics (same stack, copy of memory) plus the new
	 * namespaces in one step, so the child is pid 1 of its own pid
	 * namespace and everything it starts dies with it. */
	bool inside = birth_enter(st);
	pid = (pid_t)syscall(SYS_clone, (unsigned long)NS_CLONE_FLAGS | SIGCHLD, 0, 0, 0, 0);
	if (pid != 0 && inside && birth_leave(st, pid) < 0) {
		if (pid > 0)
			goto fail_child;
		goto fail_pipes;
	}
	if (pid < 0) {
		isolate_note(st, "no namespaces (clone: %s)", strerror(errno));
		goto fail_pipes;
	}
	if (pid == 0) {
		close(go[1]);
		close(status[0]);
		/* Die with sbx from the first instant. */
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		isolate_raise_oom_score();
		child_wait_go(go[0]);
		/* The work directory, opened in the new mount namespace (a bind
		 * source must be in it) and before the uid switch: the sandbox
		 * uid may not be able to walk there (a state directory under a
		 * 0700 home). The new /tmp covers it too: bound by fd. */
		if (st->workdir) {
			wfd = open(st->workdir, O_PATH | O_DIRECTORY | O_CLOEXEC);
			if (wfd < 0)
				isolate_child_abort(status[1], "opening the working directory");
		}
		for (unsigned k = 0; k < st->nextra; k++)
			if ((efd[k] = open(st->extra[k], O_PATH | O_CLOEXEC)) < 0)
				isolate_child_abort(status[1], st->extra[k]);
		if (isolate_become_user(ISOLATE_INSIDE_ID, ISOLATE_INSIDE_ID, st->is_root) < 0)
			isolate_child_abort(status[1], "switching to the sandbox uid");
		isolate_build_root(st, status[1], wfd, efd);
		if (write(status[1], "K", 1) != 1)
			_exit(125);
		close(status[1]);
		return 0;
	}
	close(go[0]);
	close(status[1]);
	go[0] = status[1] = -1;

	/* Only the sandbox's own id is mapped: nothing else on the host, and
	 * never root, exists inside. An unprivileged writer must give up
	 * setgroups first (else it could drop groups that deny access). */
	snprintf(map, sizeof(map), "%u %u 1\n", ISOLATE_INSIDE_ID, (unsigned)st->host_uid);
	if (write_proc(pid, "uid_map", map) < 0) {
		isolate_note(st, "no namespaces (uid_map: %s)", strerror(errno));
		goto fail_child;
	}
	if (!st->is_root && write_proc(pid, "setgroups", "deny") < 0) {
		isolate_note(st, "no namespaces (setgroups: %s)", strerror(errno));
		goto fail_child;
	}
	snprintf(map, sizeof(map), "%u %u 1\n", ISOLATE_INSIDE_ID, (unsigned)st->host_gid);
	if (write_proc(pid, "gid_map", map) < 0) {
		isolate_note(st, "no namespaces (gid_map: %s)", strerror(errno));
		goto fail_child;
	}
	if (attach_before_go(st, pid) < 0)
		goto fail_child;
	if (write(go[1], "g", 1) != 1)
		goto fail_child;
	close(go[1]);
	go[1] = -1;
	do
		n = read(status[0], buf, sizeof(buf) - 1);
	while (n < 0 && errno == EINTR);
	if (n == 1 && buf[0] == 'K') {
		close(status[0]);
		return pid;
	}
	buf[n > 0 ? n : 0] = '\0';
	if (n > 1 && buf[0] == 'E') {
		char *colon = strrchr(buf, ':');
		int e = colon ? (int)strtol(colon + 1, NULL, 10) : 0;
		if (colon)
			*colon = '\0';
		isolate_note(st, "no namespaces (%s: %s)", buf + 1, strerror(e));
	} else {
		isolate_note(st, "no namespaces (the sandbox root could not be built)");
	}
fail_child:
	reap_now(pid);
fail_pipes:
	if (go[0] >= 0)
		close(go[0]);
	if (go[1] >= 0)
		close(go[1]);
	if (status[0] >= 0)
		close(status[0]);
	if (status[1] >= 0)
		close(status[1]);
	return -1;
}

pid_t isolate_spawn(const struct sandbox_plan *plan, struct isolate_state *st)
{
	int go[2];
	pid_t pid;
	(void)plan;

	if (st->want & LAYER_NAMESPACES) {
		pid = spawn_ns(st);
		if (pid >= 0) {
			/* both sides: the child's isolate_enter reads it too */
			st->namespaces = NS_USER | NS_MOUNT | NS_PID | NS_NET | NS_IPC | NS_UTS;
			return pid;
		}
		st->want &= ~LAYER_NAMESPACES;
	}
	if (st->require & LAYER_NAMESPACES) {
		/* Fail closed: nothing was let run. */
		errno = EPERM;
		return -1;
	}

	/* Without namespaces: the run is one process group, and the uid drop
	 * (as root) happens in isolate_enter. Without a cgroup either, sbx
	 * becomes a subreaper so that a daemon that escaped the process group
	 * comes back to it and can be killed. */
	st->drop_ids = st->is_root;
	if (!st->cgroup && !st->subreaper) {
		if (prctl(PR_SET_CHILD_SUBREAPER, 1) == 0)
			st->subreaper = true;
	}
	if (pipe2(go, O_CLOEXEC) < 0) {
		isolate_note(st, "pipe: %s", strerror(errno));
		return -1;
	}
	bool inside = birth_enter(st);
	pid = fork();
	if (pid != 0 && inside && birth_leave(st, pid) < 0) {
		close(go[0]);
		close(go[1]);
		if (pid > 0)
			reap_now(pid);
		return -1;
	}
	if (pid < 0) {
		isolate_note(st, "fork: %s", strerror(errno));
		close(go[0]);
		close(go[1]);
		return -1;
	}
	if (pid == 0) {
		close(go[1]);
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		child_wait_go(go[0]);
		return 0;
	}
	close(go[0]);
	st->pgid = pid; /* the child's setsid() makes it the group's leader */
	/* The child's own /proc entries, pinned before it grants them in
	 * Landlock (after the go-ahead): see procview.h. */
	if (st->landlock_abi > 0) {
		procview_pin(pid, st->proc_pins);
		st->proc_pinned = true;
	}
	/* Into the cgroup before it can run or fork (a gated run joins it in
	 * isolate_attach, before its gate opens). */
	if (attach_before_go(st, pid) < 0) {
		close(go[1]);
		reap_now(pid);
		return -1;
	}
	if (write(go[1], "g", 1) != 1) {
		close(go[1]);
		reap_now(pid);
		return -1;
	}
	close(go[1]);
	return pid;
}

int isolate_attach(struct isolate_state *st, pid_t pid)
{
	if (!st->cgroup || st->born_in_cgroup)
		return 0;
	if (cgroup_attach(&st->cg, pid) == 0)
		return 0;
	isolate_note(st, "no cgroup (cannot join it: %s)", strerror(errno));
	cgroup_destroy(&st->cg);
	st->cgroup = NULL;
	return -1;
}

int isolate_probe_namespaces(char *why, size_t whylen)
{
	struct isolate_state st;
	struct request req;
	struct sandbox_plan plan;
	pid_t pid;
	int ws = 0;

	memset(&req, 0, sizeof(req));
	memset(&plan, 0, sizeof(plan));
	memset(&st, 0, sizeof(st));
	st.want = LAYER_NAMESPACES;
	st.is_root = geteuid() == 0;
	st.host_uid = st.is_root ? (uid_t)(ISOLATE_UID_BASE + (unsigned)getpid()) : geteuid();
	st.host_gid = st.is_root ? (gid_t)st.host_uid : getegid();
	(void)req;
	isolate_plan_root(&st);
	snprintf(st.passwd, sizeof(st.passwd), "sandbox:x:65534:65534::/:/usr/sbin/nologin\n");
	snprintf(st.group, sizeof(st.group), "sandbox:x:65534:\n");
	fflush(NULL);
	pid = spawn_ns(&st);
	if (pid == 0)
		_exit(0);
	if (pid < 0) {
		snprintf(why, whylen, "%s", st.note);
		return -1;
	}
	while (waitpid(pid, &ws, 0) < 0 && errno == EINTR)
		;
	return 0;
}
