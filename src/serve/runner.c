/* runner — the pre-forked process that starts the server's runs (runner.h). */
#include "serve/runner.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/outcome.h"
#include "util/util.h"

#define MSG_MAX 65536 /* a job: paths and a few settings (larger is refused) */
#define NFDS	4     /* stdin, stdout, stderr, the status socket */
#define CTL_FD	3     /* the runner's end of the server's socket */
#define CANCEL	'k'
/* The server's message that makes a standby the runner: it forks its own
 * standby and answers with the server's end of that one's socket. */
#define PROMOTE "promote"

/* The server's ends: the runner's socket and the standby's; -1: none. The
 * launches send on ctl under the read lock, a promotion swaps them under
 * the write lock. */
static int ctl = -1, standby = -1;
/* The runner's and the standby's pids while they are the server's
 * children (the first two); 0 for a later one, another runner's child. */
static pid_t runner_pid, standby_pid;
static pthread_rwlock_t ctl_lock = PTHREAD_RWLOCK_INITIALIZER;
static unsigned ctl_generation; /* one more at each takeover */

/* ---- the runner process -------------------------------------------- */

struct job {
	pid_t pid;
	int sock; /* -1: the server's side went away */
};

static void promote(runner_job_fn fn);

/* The child: the fds and signal state a fresh `sbx` started by the server
 * would have (an empty signal mask, default dispositions; SIGPIPE ignored,
 * as main sets it anyway), then the job. */
static _Noreturn void child_main(runner_job_fn fn, int fds[NFDS], const char *msg, size_t len)
{
	sigset_t none;
	sigemptyset(&none);
	for (int sig = 1; sig < NSIG; sig++)
		if (sig != SIGKILL && sig != SIGSTOP)
			signal(sig, sig == SIGPIPE ? SIG_IGN : SIG_DFL); /* glibc's own: EINVAL */
	sigprocmask(SIG_SETMASK, &none, NULL);
	for (int i = 0; i < 3; i++)
		if (dup2(fds[i], i) < 0)
			_exit(EXIT_SBX_FAILURE);
	/* The server's socket, the other requests' sockets, the signalfd:
	 * nothing of the runner's reaches the run. */
	close_range(3, ~0u, 0);
	prctl(PR_SET_NAME, "sbx", 0, 0, 0);
	error_state_reset();
	exit(fn(msg, len - 1)); /* without its NUL */
}

static void send_int(int fd, int v)
{
	if (fd >= 0)
		send(fd, &v, sizeof(v), MSG_NOSIGNAL);
}

/* One message of len bytes on sock, with fd passed along (SCM_RIGHTS)
 * when it is not -1. */
static void send_with_fd(int sock, void *data, size_t len, int fd)
{
	union {
		char buf[CMSG_SPACE(sizeof(int))];
		struct cmsghdr align;
	} u;
	memset(&u, 0, sizeof(u));
	struct iovec iov = {data, len};
	struct msghdr mh = {.msg_iov = &iov, .msg_iovlen = 1};
	if (fd >= 0) {
		mh.msg_control = u.buf;
		mh.msg_controllen = sizeof(u.buf);
		struct cmsghdr *c = CMSG_FIRSTHDR(&mh);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_RIGHTS;
		c->cmsg_len = CMSG_LEN(sizeof(int));
		memcpy(CMSG_DATA(c), &fd, sizeof(int));
	}
	sendmsg(sock, &mh, MSG_NOSIGNAL);
}

/* The pid, and with it a pidfd of the child: opened here, by its parent,
 * before it can be reaped, so the pidfd is that process and no other. The
 * server signals it (a cancel) even if this runner is gone by then. */
static void send_pid(int sock, pid_t pid)
{
	int v = (int)pid;
	int pfd = (int)syscall(SYS_pidfd_open, pid, 0);
	send_with_fd(sock, &v, sizeof(v), pfd);
	if (pfd >= 0)
		close(pfd);
}

/* One request from the server: its job (NUL-terminated) and NFDS fds. Forks its child; returns its
 * job, or pid 0 when nothing runs. -1: the server closed its end. */
static int take_request(runner_job_fn fn, struct job *j)
{
	static char msg[MSG_MAX];
	union {
		char buf[CMSG_SPACE(NFDS * sizeof(int))];
		struct cmsghdr align;
	} u;
	struct iovec iov = {msg, sizeof(msg)};
	struct msghdr mh = {.msg_iov = &iov,
			    .msg_iovlen = 1,
			    .msg_control = u.buf,
			    .msg_controllen = sizeof(u.buf)};
	ssize_t n;
	while ((n = recvmsg(CTL_FD, &mh, MSG_CMSG_CLOEXEC)) < 0 && errno == EINTR)
		;
	if (n <= 0)
		return -1;
	int fds[NFDS], nfds = 0;
	for (struct cmsghdr *c = CMSG_FIRSTHDR(&mh); c; c = CMSG_NXTHDR(&mh, c))
		if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS) {
			int k = (int)((c->cmsg_len - CMSG_LEN(0)) / sizeof(int));
			for (int i = 0; i < k; i++) {
				int fd;
				memcpy(&fd, CMSG_DATA(c) + i * sizeof(int), sizeof(int));
				if (nfds < NFDS)
					fds[nfds++] = fd;
				else
					close(fd);
			}
		}
	j->pid = 0;
	if (nfds == 0 && n == sizeof(PROMOTE) && !memcmp(msg, PROMOTE, sizeof(PROMOTE))) {
		j->sock = -1;
		promote(fn);
		return 0;
	}
	j->sock = nfds == NFDS ? fds[3] : -1;
	bool ok = nfds == NFDS && !(mh.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) && n > 0 &&
		  msg[n - 1] == '\0';
	pid_t pid = ok ? fork() : -1;
	if (pid == 0)
		child_main(fn, fds, msg, (size_t)n);
	for (int i = 0; i < nfds && i < 3; i++)
		close(fds[i]);
	if (pid < 0) {
		send_int(j->sock, ok ? -errno : -EINVAL);
		if (j->sock >= 0)
			close(j->sock);
		j->sock = -1;
		return 0;
	}
	j->pid = pid;
	send_pid(j->sock, pid);
	return 0;
}

/* Reaps what ended and tells each one's request. */
static void reap(struct job *jobs, size_t *njobs)
{
	int st;
	pid_t p;
	while ((p = waitpid(-1, &st, WNOHANG)) > 0)
		for (size_t i = 0; i < *njobs; i++)
			if (jobs[i].pid == p) {
				send_int(jobs[i].sock, st);
				if (jobs[i].sock >= 0)
					close(jobs[i].sock);
				jobs[i] = jobs[--*njobs];
				break;
			}
}

static _Noreturn void runner_main(runner_job_fn fn, const char *name);

/* A standby told to take over: it forks the next standby (a process of
 * one thread, like itself: no exec) and hands the server that one's
 * socket; then it is the runner. */
static void promote(runner_job_fn fn)
{
	int sv[2] = {-1, -1};
	pid_t pid = socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) == 0 ? fork() : -1;
	if (pid == 0) {
		if (dup3(sv[1], CTL_FD, O_CLOEXEC) < 0)
			_exit(EXIT_SBX_FAILURE);
		close_range(CTL_FD + 1, ~0u, 0);
		runner_main(fn, "sbx-standby");
	}
	char ok = pid > 0 ? 'y' : 'n';
	send_with_fd(CTL_FD, &ok, 1, pid > 0 ? sv[0] : -1);
	for (int i = 0; i < 2; i++)
		if (sv[i] >= 0)
			close(sv[i]);
	prctl(PR_SET_NAME, "sbx-runner", 0, 0, 0);
}

static _Noreturn void runner_main(runner_job_fn fn, const char *name)
{
	/* Ctrl-C reaches the whole process group: the runs take it as a
	 * cancel, the runner outlives them to report their end. It ends when
	 * the server closes its socket (or dies) and its children have. */
	signal(SIGINT, SIG_IGN);
	signal(SIGTERM, SIG_IGN);
	signal(SIGHUP, SIG_IGN);
	sigset_t chld;
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, NULL);
	int sfd = signalfd(-1, &chld, SFD_CLOEXEC | SFD_NONBLOCK);
	prctl(PR_SET_NAME, name, 0, 0, 0);
	/* What the runs leave when they end comes back here and is reaped
	 * (reap: waitpid(-1)): a warm run's pid-namespace init, which the run
	 * does not wait for (sandbox.h), and the session daemons that
	 * session create detaches. Else they go to pid 1, which in a container
	 * is often sbx serve itself, which reaps only its own children. */
	prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
	size_t njobs = 0, cap = 16;
	struct job *jobs = xcalloc(cap, sizeof(*jobs));
	struct pollfd *p = xcalloc(cap + 2, sizeof(*p));
	bool open = true;
	while (open || njobs) {
		nfds_t n = 0;
		p[n++] = (struct pollfd){sfd, POLLIN, 0};
		p[n++] = (struct pollfd){open ? CTL_FD : -1, POLLIN, 0};
		for (size_t i = 0; i < njobs; i++)
			p[n++] = (struct pollfd){jobs[i].sock, POLLIN, 0};
		if (poll(p, n, sfd < 0 ? 100 : -1) < 0 && errno != EINTR)
			_exit(EXIT_SBX_FAILURE);
		if (p[0].revents || sfd < 0) {
			struct signalfd_siginfo si;
			while (sfd >= 0 && read(sfd, &si, sizeof(si)) > 0)
				;
			reap(jobs, &njobs);
		}
		/* A cancel or a hang-up from a request's side (in job order:
		 * reap() above may have moved jobs, so match by fd). */
		for (nfds_t k = 2; k < n; k++) {
			if (!p[k].revents)
				continue;
			for (size_t i = 0; i < njobs; i++) {
				if (jobs[i].sock != p[k].fd)
					continue;
				char c;
				ssize_t r = recv(jobs[i].sock, &c, 1, MSG_DONTWAIT);
				if (r == 1 && c == CANCEL)
					kill(jobs[i].pid, SIGTERM);
				else if (r == 0 || (r < 0 && errno != EAGAIN && errno != EINTR)) {
					/* The server let go of a run still going: it
					 * died (kill -9). Nobody can have its answer:
					 * cancelled, as when a client goes, so that a
					 * load balancer's retry elsewhere is the only
					 * run that completes. */
					kill(jobs[i].pid, SIGTERM);
					close(jobs[i].sock);
					jobs[i].sock = -1;
				}
			}
		}
		if (open && p[1].revents) {
			if (njobs == cap) {
				cap *= 2;
				jobs = xrealloc(jobs, cap * sizeof(*jobs));
				p = xrealloc(p, (cap + 2) * sizeof(*p));
			}
			if (take_request(fn, &jobs[njobs]) < 0)
				open = false;
			else if (jobs[njobs].pid > 0)
				njobs++;
		}
	}
	_exit(0);
}

/* Forks a runner process (name: sbx-runner or sbx-standby) on a socket of
 * its own; *fd gets the server's end. */
static pid_t fork_runner(runner_job_fn fn, const char *name, int *fd)
{
	int sv[2];
	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) != 0)
		return -1;
	fflush(NULL); /* nothing buffered twice */
	pid_t pid = fork();
	if (pid < 0) {
		close(sv[0]);
		close(sv[1]);
		return -1;
	}
	if (pid == 0) {
		/* Only the socket and stderr (for a message): stdin and stdout
		 * are /dev/null, every other fd of the server's is closed. */
		int nul = open("/dev/null", O_RDWR | O_CLOEXEC);
		if (nul < 0 || dup2(nul, 0) < 0 || dup2(nul, 1) < 0 ||
		    (sv[1] != CTL_FD && dup3(sv[1], CTL_FD, O_CLOEXEC) < 0))
			_exit(EXIT_SBX_FAILURE);
		close_range(CTL_FD + 1, ~0u, 0);
		runner_main(fn, name);
	}
	close(sv[1]);
	*fd = sv[0];
	return pid;
}

int runner_start(runner_job_fn fn)
{
	if (!fn || (runner_pid = fork_runner(fn, "sbx-runner", &ctl)) < 0)
		return -1;
	/* Its standby: the runner if this one is killed (it then forks its
	 * own standby), so that nothing is ever spawned. Without one, the
	 * server works as long as the runner lives. */
	if ((standby_pid = fork_runner(fn, "sbx-standby", &standby)) < 0)
		standby = -1;
	return 0;
}

bool runner_alive(void)
{
	pthread_rwlock_rdlock(&ctl_lock);
	bool alive = ctl >= 0;
	pthread_rwlock_unlock(&ctl_lock);
	return alive;
}

/* The runner of generation failed was found gone: its standby takes over
 * (unless another thread did already), and hands over its own standby. */
static void runner_died(unsigned failed)
{
	pthread_rwlock_wrlock(&ctl_lock);
	if (ctl_generation != failed || ctl < 0) {
		pthread_rwlock_unlock(&ctl_lock);
		return;
	}
	close(ctl);
	ctl = -1;
	ctl_generation++;
	int next = -1;
	if (standby >= 0 &&
	    send(standby, PROMOTE, sizeof(PROMOTE), MSG_NOSIGNAL) == (ssize_t)sizeof(PROMOTE)) {
		char ok = 0;
		union {
			char buf[CMSG_SPACE(sizeof(int))];
			struct cmsghdr align;
		} u;
		struct iovec iov = {&ok, 1};
		struct msghdr mh = {.msg_iov = &iov,
				    .msg_iovlen = 1,
				    .msg_control = u.buf,
				    .msg_controllen = sizeof(u.buf)};
		ssize_t r;
		while ((r = recvmsg(standby, &mh, MSG_CMSG_CLOEXEC)) < 0 && errno == EINTR)
			;
		for (struct cmsghdr *c = r == 1 ? CMSG_FIRSTHDR(&mh) : NULL; c;
		     c = CMSG_NXTHDR(&mh, c))
			if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS &&
			    c->cmsg_len == CMSG_LEN(sizeof(int)))
				memcpy(&next, CMSG_DATA(c), sizeof(int));
		if (r == 1) {
			ctl = standby; /* the standby is the runner now */
			standby = next;
		}
	}
	/* The dead runner, if it is our child (the first two are), is
	 * reaped: its socket closed as it exited. The next standby is the
	 * new runner's child, not ours. */
	while (runner_pid > 0 && waitpid(runner_pid, NULL, 0) < 0 && errno == EINTR)
		;
	runner_pid = ctl >= 0 ? standby_pid : 0;
	standby_pid = 0;
	if (ctl < 0 && standby >= 0) {
		close(standby);
		standby = -1;
	}
	fprintf(stderr, ctl >= 0 ? "sbx: the runner process is gone: its standby runs the "
				   "requests from now on\n"
				 : "sbx: the runner process is gone, and its standby too: "
				   "restart sbx serve\n");
	pthread_rwlock_unlock(&ctl_lock);
}

/* Sends the job and its fds (and st[1], for the pid's reply) to the
 * runner on fd: 0, or -1 when it did not take the message (gone). */
static int send_job(int fd, const char *job, size_t len, const int fds3[3], int st[2])
{
	union {
		char buf[CMSG_SPACE(NFDS * sizeof(int))];
		struct cmsghdr align;
	} u;
	memset(&u, 0, sizeof(u));
	struct iovec iov = {(char *)job, len};
	struct msghdr mh = {.msg_iov = &iov,
			    .msg_iovlen = 1,
			    .msg_control = u.buf,
			    .msg_controllen = sizeof(u.buf)};
	struct cmsghdr *c = CMSG_FIRSTHDR(&mh);
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(NFDS * sizeof(int));
	int fds[NFDS] = {fds3[0], fds3[1], fds3[2], st[1]};
	memcpy(CMSG_DATA(c), fds, sizeof(fds));
	ssize_t n;
	while ((n = sendmsg(fd, &mh, MSG_NOSIGNAL)) < 0 && errno == EINTR)
		;
	return n == (ssize_t)len ? 0 : -1;
}

int runner_launch(const char *job, int in, int out, int err, pid_t *pid, int *pidfd)
{
	size_t len = strlen(job) + 1; /* with its NUL */
	const int fds[3] = {in, out, err};
	*pidfd = -1;
	if (len > MSG_MAX) {
		errno = EMSGSIZE;
		return -1;
	}
	/* A runner found gone is replaced by its standby: the job is sent
	 * once more, to that one. */
	for (int attempt = 0; attempt < 2; attempt++) {
		int st[2];
		if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, st) != 0)
			return -1;
		pthread_rwlock_rdlock(&ctl_lock);
		int fd = ctl;
		unsigned generation = ctl_generation;
		int sent = fd >= 0 ? send_job(fd, job, len, fds, st) : -1;
		pthread_rwlock_unlock(&ctl_lock);
		close(st[1]);
		int v = 0;
		ssize_t r = -1;
		union {
			char buf[CMSG_SPACE(sizeof(int))];
			struct cmsghdr align;
		} u;
		struct iovec riov = {&v, sizeof(v)};
		struct msghdr rh = {.msg_iov = &riov,
				    .msg_iovlen = 1,
				    .msg_control = u.buf,
				    .msg_controllen = sizeof(u.buf)};
		if (sent == 0)
			while ((r = recvmsg(st[0], &rh, MSG_WAITALL | MSG_CMSG_CLOEXEC)) < 0 &&
			       errno == EINTR)
				;
		for (struct cmsghdr *c = r > 0 ? CMSG_FIRSTHDR(&rh) : NULL; c;
		     c = CMSG_NXTHDR(&rh, c))
			if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS &&
			    c->cmsg_len == CMSG_LEN(sizeof(int)))
				memcpy(pidfd, CMSG_DATA(c), sizeof(int));
		if (r == (ssize_t)sizeof(v) && v > 0) {
			*pid = (pid_t)v;
			return st[0];
		}
		if (*pidfd >= 0)
			close(*pidfd);
		*pidfd = -1;
		close(st[0]);
		if (r == (ssize_t)sizeof(v)) { /* the runner could not fork it */
			errno = v < 0 ? -v : EAGAIN;
			return -1;
		}
		if (fd < 0)
			break;
		runner_died(generation);
	}
	errno = ECHILD; /* no runner left */
	return -1;
}

int runner_cancel(int status_fd, int pidfd)
{
	if (pidfd >= 0 && syscall(SYS_pidfd_send_signal, pidfd, SIGTERM, NULL, 0) == 0)
		return 0;
	char k = CANCEL;
	return send(status_fd, &k, 1, MSG_NOSIGNAL) == 1 ? 0 : -1;
}

int runner_wait(int status_fd)
{
	int v = 0;
	ssize_t r;
	while ((r = recv(status_fd, &v, sizeof(v), MSG_WAITALL)) < 0 && errno == EINTR)
		;
	close(status_fd);
	/* Its runner died (a launch finds it gone and its standby takes
	 * over): the run's status is lost. */
	return r == (ssize_t)sizeof(v) ? v : -1;
}

void runner_stop(void)
{
	pthread_rwlock_wrlock(&ctl_lock);
	int fds[2] = {ctl, standby};
	ctl = standby = -1;
	pthread_rwlock_unlock(&ctl_lock);
	for (int i = 0; i < 2; i++)
		if (fds[i] >= 0)
			close(fds[i]);
	/* The first two are ours to reap (a runner the standby forked is its
	 * child: it ends with its runs, once its socket is closed). */
	pid_t pids[2] = {runner_pid, standby_pid};
	for (int i = 0; i < 2; i++)
		while (pids[i] > 0 && waitpid(pids[i], NULL, 0) < 0 && errno == EINTR)
			;
	runner_pid = standby_pid = 0;
}
