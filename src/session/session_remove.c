/* session_remove — a session that sbx cannot read any more (its manifest
 * missing, cut or refused) is still a session: `list` shows it as broken
 * with the reason, and `delete` and `gc` remove it from its id alone. Its
 * daemon is found from what sbx itself made — the process listening on
 * the session's ctl.sock (SO_PEERCRED) — never from the manifest, and is
 * killed only once verified: our uid, running this sbx binary, and still
 * that socket's listener (a pidfd taken while connected, so a recycled
 * pid cannot be hit).
 * May call: session_store, session_launch, util, libc.
 */
#include "session/session_int.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <unistd.h>

#include "util/util.h"

#define BROKEN_GRACE_MS (3600.0 * 1000) /* a manifest still being created */

json_t *session_broken(const char *state_dir, const char *id)
{
	char path[PATH_MAX], dir[PATH_MAX], why[PATH_MAX + 160];
	struct stat st, ds;
	bool missing = session_path(state_dir, id, SESSION_MANIFEST, path, sizeof path) == 0 &&
		       lstat(path, &st) < 0 && errno == ENOENT;
	double made_ms = 0;
	if (session_path(state_dir, id, NULL, dir, sizeof dir) == 0 && lstat(dir, &ds) == 0)
		made_ms = (double)ds.st_mtim.tv_sec * 1000 + (double)ds.st_mtim.tv_nsec / 1e6;
	snprintf(why, sizeof why,
		 "its manifest %s %s: delete it with 'sbx session delete %s' (its files and "
		 "processes go with it)",
		 path, missing ? "is missing" : "cannot be read as a session's", id);
	char made[32];
	session_iso8601((uint64_t)made_ms, made);
	/* The keys a session's description has (docs/openapi.json), the
	 * unknown ones null or 0; created_at is its directory's time. */
	return json_pack("{s:s, s:n, s:n, s:s, s:s, s:s, s:n, s:I, s:I, s:I, s:I, s:I, s:b}", "id",
			 id, "name", "language", "status", "broken", "error", why, "created_at",
			 made, "expires_at", "ttl_ms", (json_int_t)0, "idle_ms", (json_int_t)0,
			 "memory_bytes", (json_int_t)0, "execution_count", (json_int_t)0,
			 "created_at_ms", (json_int_t)made_ms, "manifest_missing", missing);
}

bool session_broken_collectable(json_t *b)
{
	/* A missing manifest may be one being written by `session create`
	 * (the directory comes first): left alone for a while. */
	if (!json_is_true(json_object_get(b, "manifest_missing")))
		return true;
	double made = (double)json_integer_value(json_object_get(b, "created_at_ms"));
	return now_wall_ms() - made > BROKEN_GRACE_MS;
}

/* Whether pid runs the same program as this process, as our uid. */
static bool is_our_daemon(int pidfd, pid_t pid)
{
	char exe[64];
	struct stat a, b, p;
	snprintf(exe, sizeof exe, "/proc/%d", (int)pid);
	if (stat(exe, &p) < 0 || p.st_uid != geteuid())
		return false;
	snprintf(exe, sizeof exe, "/proc/%d/exe", (int)pid);
	if (stat(exe, &a) < 0 || stat("/proc/self/exe", &b) < 0 || a.st_dev != b.st_dev ||
	    a.st_ino != b.st_ino)
		return false;
	/* The pidfd was taken before these reads: still that process? */
	return syscall(SYS_pidfd_send_signal, pidfd, 0, NULL, 0) == 0;
}

void session_kill_listener(const char *state_dir, const char *id)
{
	int dirfd;
	struct sockaddr_un a = {.sun_family = AF_UNIX};
	if (session_socket_addr(state_dir, id, &dirfd, a.sun_path, sizeof a.sun_path) < 0)
		return;
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	struct ucred cr = {0};
	socklen_t len = sizeof cr;
	if (fd >= 0 && connect(fd, (struct sockaddr *)&a, sizeof a) == 0 &&
	    getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cr, &len) == 0 && cr.pid > 0 &&
	    cr.pid != getpid()) {
		/* Connected: the listener has not closed its socket, so the pid
		 * is still that process's when the pidfd is opened. */
		int pidfd = (int)syscall(SYS_pidfd_open, cr.pid, 0);
		if (pidfd >= 0 && is_our_daemon(pidfd, cr.pid)) {
			warning("session %s's daemon (pid %d) did not stop: killed", id,
				(int)cr.pid);
			syscall(SYS_pidfd_send_signal, pidfd, SIGKILL, NULL, 0);
		}
		if (pidfd >= 0)
			close(pidfd);
	}
	if (fd >= 0)
		close(fd);
	close(dirfd);
}
