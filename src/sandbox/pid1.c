/* pid1 — see pid1.h for why the code is never the namespace's first
 * process. Everything on the child side is async-signal-safe: it runs
 * between fork and exec. */
#include "sandbox/pid1.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util/procstrings.h"
#include "util/profile.h"

#define MSG_PID	   'P' /* from the code: "this is my pid" (credentials attached) */
#define MSG_STATUS 'W' /* from the init: 'W' + the code's wait status (int) */
#define MSG_GO	   'G' /* from the init to the code, on its hold pipe: go on */

int pid1_channel(int fds[2])
{
	int one = 1;
	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, fds) != 0)
		return -1;
	/* Before anything is sent: the kernel attaches the sender's
	 * credentials only to messages sent after this. */
	if (setsockopt(fds[0], SOL_SOCKET, SO_PASSCRED, &one, sizeof(one)) != 0) {
		int e = errno;
		close(fds[0]);
		close(fds[1]);
		errno = e;
		return -1;
	}
	return 0;
}

/* The init's last word: the code's wait status; whether the namespace
 * holds nothing else but the init (alone); the CPU time and peak RSS the
 * init's own wait4 would report (its own and its reaped children's,
 * the code included), all but its exit's teardown. */
struct pid1_status_msg {
	char kind; /* MSG_STATUS */
	bool alone;
	int wait_status;
	struct rusage ru;
};

/* Reaps the orphans that already ended; true when no process is left in
 * the namespace but the init. Every process of a pid namespace descends
 * from its init (orphans are handed to it), so no child left means no
 * process left, and none can come: only a process inside could fork. */
static bool nothing_left(void)
{
	for (;;) {
		pid_t p = waitpid(-1, NULL, WNOHANG);
		if (p > 0)
			continue;
		if (p < 0 && errno == EINTR)
			continue;
		return p < 0 && errno == ECHILD;
	}
}

static void usage_so_far(struct rusage *ru)
{
	struct rusage self, children;
	memset(ru, 0, sizeof *ru);
	if (getrusage(RUSAGE_SELF, &self) != 0 || getrusage(RUSAGE_CHILDREN, &children) != 0)
		return;
	ru->ru_utime.tv_sec = self.ru_utime.tv_sec + children.ru_utime.tv_sec;
	ru->ru_utime.tv_usec = self.ru_utime.tv_usec + children.ru_utime.tv_usec;
	ru->ru_stime.tv_sec = self.ru_stime.tv_sec + children.ru_stime.tv_sec;
	ru->ru_stime.tv_usec = self.ru_stime.tv_usec + children.ru_stime.tv_usec;
	for (struct timeval *t = &ru->ru_utime; t; t = t == &ru->ru_utime ? &ru->ru_stime : NULL)
		if (t->tv_usec >= 1000000) {
			t->tv_sec += 1;
			t->tv_usec -= 1000000;
		}
	ru->ru_maxrss = self.ru_maxrss > children.ru_maxrss ? self.ru_maxrss : children.ru_maxrss;
}

static volatile pid_t code_pid;

/* Forwards what an init is sent to the code, which would otherwise never
 * see it (the kernel drops it at the init). */
static void forward(int sig)
{
	int e = errno;
	if (code_pid > 0)
		kill(code_pid, sig);
	errno = e;
}

static const int forwarded[] = {SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2};

_Noreturn void pid1_run(int keep_fd, sandbox_child_fn fn, void *arg)
{
	sigset_t all, old;
	sigfillset(&all);
	/* Blocked until the handlers are in place, so a signal between the
	 * fork and sigaction is not lost. */
	sigprocmask(SIG_BLOCK, &all, &old);
	/* The code waits on hold until the init has hidden sbx's memory
	 * (below): it must not read /proc/1 first. */
	int hold[2];
	if (pipe2(hold, O_CLOEXEC) != 0)
		_exit(125);
	pid_t pid = fork();
	if (pid < 0)
		_exit(125);
	if (pid == 0) {
		char m = MSG_PID, go = 0;
		close(hold[1]);
		while (read(hold[0], &go, 1) < 0 && errno == EINTR)
			;
		if (go != MSG_GO)
			_exit(125); /* the init failed: the namespace dies with it */
		close(hold[0]);
		sigprocmask(SIG_SETMASK, &old, NULL);
		/* The credentials ride along: sbx learns the code's pid as
		 * its own namespace numbers it. The init's end is not the
		 * code's to keep. */
		(void)!send(keep_fd, &m, 1, MSG_NOSIGNAL);
		close(keep_fd);
		fn(arg);
		_exit(125);
	}
	/* The init is a fork of sbx, and so is its memory: sbx's arguments
	 * and the caller's environment (tokens, keys) in the strings
	 * /proc/1/cmdline and /proc/1/environ show, copies of them on its
	 * heap. The code runs as the same uid when sbx is not root and may
	 * read the /proc files of a process of its uid: wipe the strings,
	 * and make the init non-dumpable, which puts its environ, maps and
	 * mem (the heap) out of reach of all but CAP_SYS_PTRACE in the
	 * host's user namespace. cmdline stays readable: "sbx-init". */
	close(hold[0]);
	procstrings_wipe("sbx-init");
	if (prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0)
		_exit(125);
	char go = MSG_GO;
	if (write(hold[1], &go, 1) != 1)
		_exit(125);
	close(hold[1]);
	code_pid = pid;
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = forward;
	sigfillset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof(forwarded) / sizeof(forwarded[0]); i++)
		sigaction(forwarded[i], &sa, NULL);
	/* The init holds none of the code's streams: sbx sees their end when
	 * the code's processes close them. */
	for (int fd = 0; fd < 16; fd++)
		if (fd != keep_fd)
			close(fd);
	sigprocmask(SIG_SETMASK, &old, NULL);

	for (;;) {
		int ws;
		pid_t p = wait4(-1, &ws, 0, NULL);
		if (p < 0) {
			if (errno == EINTR)
				continue;
			_exit(125); /* ECHILD: cannot happen before the code ends */
		}
		if (p != pid)
			continue; /* an orphan handed to us: reaped, that is all */
		profile_mark("init: code reaped");
		struct pid1_status_msg msg = {.kind = MSG_STATUS, .wait_status = ws};
		msg.alone = nothing_left();
		usage_so_far(&msg.ru);
		(void)!send(keep_fd, &msg, sizeof(msg), MSG_NOSIGNAL);
		/* The exit status for anyone who reads only that (the code's
		 * signal as 128+N, as shells and tini report it); sbx reads
		 * the message. The kernel kills what is left in the
		 * namespace when the init ends. */
		_exit(WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + WTERMSIG(ws));
	}
}

int pid1_read(int fd, struct pid1_state *st)
{
	char data[sizeof(struct pid1_status_msg)];
	union {
		struct cmsghdr align;
		char buf[CMSG_SPACE(sizeof(struct ucred))];
	} control;
	struct iovec iov = {data, sizeof(data)};
	struct msghdr msg = {.msg_iov = &iov,
			     .msg_iovlen = 1,
			     .msg_control = control.buf,
			     .msg_controllen = sizeof(control.buf)};
	ssize_t n = recvmsg(fd, &msg, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
	if (n < 0)
		return errno == EAGAIN || errno == EINTR ? 1 : -1;
	if (n == 0)
		return 0;
	if (data[0] == MSG_PID && n == 1) {
		for (struct cmsghdr *c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c))
			if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_CREDENTIALS) {
				struct ucred cred;
				memcpy(&cred, CMSG_DATA(c), sizeof(cred));
				if (cred.pid > 0)
					st->code_pid = cred.pid;
			}
	} else if (data[0] == MSG_STATUS && n == (ssize_t)sizeof(data)) {
		struct pid1_status_msg m;
		memcpy(&m, data, sizeof m);
		st->wait_status = m.wait_status;
		st->alone = m.alone;
		st->ru = m.ru;
		st->have_status = true;
	}
	return 1;
}
