/* session_launch — reaching a session's daemon: connecting to its socket,
 * starting it (double fork, setsid, its own process) when it is not
 * running, and asking it to stop. Two clients that find it stopped at once
 * start it once: the start happens under the session's lock.
 * May call: session_store, session_proto, util, libc.
 */
#include "session/session_int.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util/util.h"

int session_socket_addr(const char *state_dir, const char *id, int *dirfd, char *out, size_t n)
{
	char dir[PATH_MAX];
	if (session_path(state_dir, id, NULL, dir, sizeof dir) < 0)
		return -1;
	*dirfd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (*dirfd < 0)
		return error("cannot open %s: %s", dir, strerror(errno));
	/* Through the directory's fd: a socket path is limited to 107 bytes,
	 * a state directory is not. */
	snprintf(out, n, "/proc/self/fd/%d/" SESSION_SOCKET, *dirfd);
	return 0;
}

static int try_connect(const char *state_dir, const char *id)
{
	int dirfd;
	struct sockaddr_un a = {.sun_family = AF_UNIX};
	if (session_socket_addr(state_dir, id, &dirfd, a.sun_path, sizeof a.sun_path) < 0)
		return -2;
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	int rc = fd;
	if (fd >= 0 && connect(fd, (struct sockaddr *)&a, sizeof a) < 0) {
		close(fd);
		rc = -1;
	}
	close(dirfd);
	return rc;
}

int session_launch(const char *state_dir, const char *id)
{
	int ready[2];
	if (pipe2(ready, O_CLOEXEC) < 0)
		return error("pipe: %s", strerror(errno));
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0)
		return error("fork: %s", strerror(errno));
	if (pid == 0) {
		/* The daemon: its own session, no terminal, reparented to init
		 * so no shell waits for it. */
		setsid();
		signal(SIGHUP, SIG_IGN);
		if (fork() != 0)
			_exit(0);
		close(ready[0]);
		int null = open("/dev/null", O_RDWR | O_CLOEXEC);
		char log[PATH_MAX];
		int logfd = -1;
		if (session_path(state_dir, id, SESSION_LOG, log, sizeof log) == 0)
			logfd =
			    open(log, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0600);
		dup2(null, 0), dup2(null, 1), dup2(logfd >= 0 ? logfd : null, 2);
		/* Nothing of the client's stays open (a $(...) would wait). */
		if (dup2(ready[1], 3) < 0 || close_range(4, ~0u, 0) < 0 || chdir("/") < 0)
			_exit(125);
		umask(077);
		_exit(session_daemon_main(state_dir, id, 3) == 0 ? 0 : 125);
	}
	close(ready[1]);
	int st;
	waitpid(pid, &st, 0);
	char msg[1024];
	size_t got = 0;
	for (;;) {
		ssize_t r = read(ready[0], msg + got, sizeof msg - 1 - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		got += (size_t)r;
		/* One line: the kernel's host, a child of the daemon, holds
		 * the pipe too, so EOF would not come. */
		if (got == sizeof msg - 1 || memchr(msg, '\n', got))
			break;
	}
	close(ready[0]);
	msg[got] = 0;
	if (!strcmp(msg, "ok\n"))
		return 0;
	msg[strcspn(msg, "\n")] = 0;
	if (!strncmp(msg, SESSION_HELD_ELSEWHERE, strlen(SESSION_HELD_ELSEWHERE)))
		return error_of(ERROR_CONFLICT, "session %s could not start on this node: %s", id,
				msg + strlen(SESSION_HELD_ELSEWHERE));
	return error("session %s could not start: %s", id,
		     msg[0] ? msg : "its daemon ended without a word (see its daemon.log)");
}

int session_listen(const char *state_dir, const char *id, ino_t *ino)
{
	int dirfd;
	struct sockaddr_un a = {.sun_family = AF_UNIX};
	if (session_socket_addr(state_dir, id, &dirfd, a.sun_path, sizeof a.sun_path) < 0)
		return -1;
	unlinkat(dirfd, SESSION_SOCKET, 0); /* a dead daemon's */
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	mode_t old = umask(0177); /* the socket: 0600 */
	int rc = fd >= 0 && bind(fd, (struct sockaddr *)&a, sizeof a) == 0 && listen(fd, 64) == 0
		     ? 0
		     : -1;
	umask(old);
	struct stat st;
	if (rc == 0 && fstatat(dirfd, SESSION_SOCKET, &st, AT_SYMLINK_NOFOLLOW) == 0)
		*ino = st.st_ino;
	if (rc < 0) {
		error("cannot listen on %s: %s", a.sun_path, strerror(errno));
		if (fd >= 0)
			close(fd);
		fd = -1;
	}
	close(dirfd);
	return fd;
}

void session_unlisten(const char *state_dir, const char *id, ino_t ino)
{
	int dirfd;
	struct sockaddr_un a;
	struct stat st;
	if (session_socket_addr(state_dir, id, &dirfd, a.sun_path, sizeof a.sun_path) < 0)
		return;
	if (fstatat(dirfd, SESSION_SOCKET, &st, AT_SYMLINK_NOFOLLOW) == 0 && st.st_ino == ino)
		unlinkat(dirfd, SESSION_SOCKET, 0);
	close(dirfd);
}

/* Under --node (nodes sharing the state directory): whether this node's
 * daemon holds the session's lease. The socket is not asked otherwise: on
 * one machine it could be a stalled holder's (SIGSTOP), which would never
 * answer; across machines it is no socket of this one. 1 here, 0 not
 * here, -1 when another node holds it live (its number into *holder). */
static int lease_here(const char *state_dir, const char *id, int node, unsigned *holder)
{
	struct session_lease l;
	if (node <= 0)
		return 1;
	if (session_lease_read(state_dir, id, &l) != 1)
		return 0;
	uint64_t now = session_now_ms();
	*holder = l.node;
	if (l.node == (unsigned)node && now < l.expires_at_ms)
		return 1;
	return l.node != (unsigned)node && session_lease_live(&l, now) ? -1 : 0;
}

int session_launch_lock(const char *state_dir, const char *id)
{
	/* Per node: two nodes' clients may race to start it; the lease the
	 * daemon takes first (session_lease.c) decides which one runs it. */
	int node = session_this_node();
	char leaf[32];
	if (node > 0)
		snprintf(leaf, sizeof leaf, "%s.%d", SESSION_LAUNCH_LOCK, node);
	else
		snprintf(leaf, sizeof leaf, "%s", SESSION_LAUNCH_LOCK);
	return session_lock_file(state_dir, id, leaf);
}

int session_connect(const char *state_dir, const char *id, bool start, bool *started)
{
	*started = false;
	int node = session_this_node();
	unsigned holder = 0;
	int fd = lease_here(state_dir, id, node, &holder) == 1 ? try_connect(state_dir, id) : -1;
	if (fd >= 0 || fd == -2 || !start)
		return fd >= 0 ? fd : -1;
	int lk = session_launch_lock(state_dir, id);
	if (lk < 0)
		return -1;
	/* another client may have started it (or another node has) */
	int here = lease_here(state_dir, id, node, &holder);
	fd = here == 1 ? try_connect(state_dir, id) : -1;
	if (here < 0) {
		fd = -3;
		error_of(ERROR_CONFLICT,
			 "session %s runs on node %u now (it holds its lease): send the request "
			 "there (behind a load balancer: ?node=%u)",
			 id, holder, holder);
	}
	if (fd == -1 && session_launch(state_dir, id) == 0) {
		*started = true;
		fd = try_connect(state_dir, id);
		if (fd < 0)
			error("session %s started but does not answer", id);
	}
	close(lk);
	return fd >= 0 ? fd : -1;
}

int session_stop(const char *state_dir, const char *id)
{
	bool started;
	int fd = session_connect(state_dir, id, false, &started);
	if (fd < 0)
		return 0; /* not running: its state was saved after its last execution */
	json_t *req = json_pack("{s:s}", "op", "stop");
	int rc = proto_send_json(fd, req);
	json_decref(req);
	struct buf b = BUF_INIT;
	char type;
	/* The daemon answers once the kernel is gone, or closes. */
	while (rc == 0 && proto_recv(fd, &type, &b) == 1)
		if (type == 'J')
			break;
	buf_release(&b);
	close(fd);
	return rc;
}
