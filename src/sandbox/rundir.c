/* rundir — see rundir.h: a session's run directory through fds only.
 * May call: workdir, util, libc.
 */
#include "sandbox/rundir.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/rmtree.h"
#include "util/util.h"

const char *const RUNDIR_WRITABLE[] = {WORKDIR_CWD, WORKDIR_PRIVATE "/" RUNDIR_TMP,
				       WORKDIR_PRIVATE "/" RUNDIR_STATE, NULL};

/* The kernels' saved state lived in WORKDIR_PRIVATE itself before it got
 * a directory of its own; a session saved then is restored from there. */
static const char *const OLD_STATE[] = {"state.pickle", "state.rds", "state.jsh.json"};

/* The directory name in parent, opened without following a link. What
 * stands there and is not a directory (a link, a file, a FIFO: the
 * code's, since sbx makes only directories under these names) is removed,
 * never followed, and a directory made in its place. *made says whether
 * it is new. */
static int open_dir(int parent, const char *name, mode_t mode, bool *made)
{
	*made = false;
	for (int tries = 0; tries < 4; tries++) {
		int fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (fd >= 0)
			return fd;
		if (errno == ENOENT) {
			if (mkdirat(parent, name, mode) == 0)
				*made = true;
			else if (errno != EEXIST)
				return -1;
		} else if (errno == ELOOP || errno == ENOTDIR) {
			if (unlinkat(parent, name, 0) < 0 && errno != ENOENT)
				return -1;
		} else {
			return -1;
		}
	}
	errno = EAGAIN; /* something keeps putting it back */
	return -1;
}

static int check_own(int fd, const char *path)
{
	struct stat st;
	if (fstat(fd, &st) < 0)
		return error("cannot use the session's run directory %s: %s", path,
			     strerror(errno));
	if (!S_ISDIR(st.st_mode) || st.st_uid != geteuid())
		return error("the session's run directory %s belongs to uid %u, not to sbx's "
			     "(%u): sbx does not use it; delete the session "
			     "(sbx session delete ID) and create it again",
			     path, (unsigned)st.st_uid, (unsigned)geteuid());
	return 0;
}

int rundir_open(struct workdir *wd, const char *path)
{
	bool made;
	int sub = -1;
	if (!path || path[0] != '/')
		return error("the session has no run directory: delete it and create it again");
	/* mkdir fails on anything that is there, a link included; what is
	 * there is then opened only if it is a real directory of sbx's uid
	 * (as root the directory is in /var/tmp, where anyone may have made
	 * one of that name). */
	if (mkdir(path, 0700) < 0 && errno != EEXIST)
		return error("cannot create %s: %s", path, strerror(errno));
	wd->fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (wd->fd < 0)
		return error("cannot open the session's run directory %s: %s", path,
			     errno == ELOOP ? "it is a symbolic link" : strerror(errno));
	if (check_own(wd->fd, path) < 0)
		goto fail;
	wd->path = xstrdup(path);
	if ((wd->cwd_fd = open_dir(wd->fd, WORKDIR_CWD, 0700, &made)) < 0 ||
	    (wd->priv_fd = open_dir(wd->fd, WORKDIR_PRIVATE, 0700, &made)) < 0)
		goto fail_errno;
	/* sbx's own directory is sbx's: one the code made in its place (it
	 * could, as an unprivileged user sharing sbx's uid, after renaming
	 * the real one) holds nothing sbx wrote, and is not trusted. */
	if (check_own(wd->priv_fd, path) < 0)
		goto fail;
	for (size_t i = 0; i < 2; i++) {
		const char *name = i ? RUNDIR_STATE : RUNDIR_TMP;
		if ((sub = open_dir(wd->priv_fd, name, 0700, &made)) < 0)
			goto fail_errno;
		if (made && i == 1)
			for (size_t k = 0; k < sizeof OLD_STATE / sizeof *OLD_STATE; k++)
				(void)!renameat(wd->priv_fd, OLD_STATE[k], sub, OLD_STATE[k]);
		close(sub);
	}
	size_t len = strlen(path) + sizeof "/" WORKDIR_CWD;
	wd->cwd = xmalloc(len);
	snprintf(wd->cwd, len, "%s/%s", path, WORKDIR_CWD);
	return 0;
fail_errno:
	error("cannot prepare the session's run directory %s: %s", path, strerror(errno));
fail:
	rundir_close(wd);
	return -1;
}

int rundir_open_beneath(int dirfd, const char *rel)
{
	char part[256];
	int fd = fcntl(dirfd, F_DUPFD_CLOEXEC, 0);
	while (fd >= 0 && *rel) {
		size_t n = strcspn(rel, "/");
		if (n == 0 || n >= sizeof part) {
			close(fd);
			errno = EINVAL;
			return -1;
		}
		memcpy(part, rel, n);
		part[n] = 0;
		int next = openat(fd, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		int e = errno;
		close(fd);
		errno = e;
		fd = next;
		rel += n + (rel[n] == '/');
	}
	return fd;
}

int rundir_parent(int dirfd, const char *path, char leaf[256], uid_t uid, gid_t gid)
{
	char part[256];
	int fd = fcntl(dirfd, F_DUPFD_CLOEXEC, 0);
	while (fd >= 0) {
		size_t n = strcspn(path, "/");
		/* "." and ".." too: below dirfd only, whatever the caller checked */
		if (n == 0 || n >= sizeof part ||
		    (path[0] == '.' && (n == 1 || (n == 2 && path[1] == '.')))) {
			close(fd);
			errno = EINVAL;
			return -1;
		}
		memcpy(part, path, n);
		part[n] = 0;
		if (!path[n]) { /* the last component: the caller's to make */
			memcpy(leaf, part, n + 1);
			return fd;
		}
		int made = mkdirat(fd, part, 0755) == 0;
		if (!made && errno != EEXIST) {
			int e = errno;
			close(fd);
			errno = e;
			return -1;
		}
		int next = openat(fd, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		int e = errno;
		close(fd);
		if (next >= 0 && made && uid != (uid_t)-1 && fchown(next, uid, gid) < 0) {
			e = errno;
			close(next);
			next = -1;
		}
		errno = e;
		fd = next;
		path += n + 1;
	}
	return -1;
}

int rundir_open_private(const char *path)
{
	struct stat st;
	int fd = path ? open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) : -1;
	int priv = fd >= 0 && fstat(fd, &st) == 0 && st.st_uid == geteuid()
		       ? rundir_open_beneath(fd, WORKDIR_PRIVATE)
		       : -1;
	if (fd >= 0)
		close(fd);
	return priv;
}

void rundir_close(struct workdir *wd)
{
	if (wd->fd >= 0)
		close(wd->fd);
	if (wd->cwd_fd >= 0)
		close(wd->cwd_fd);
	if (wd->priv_fd >= 0)
		close(wd->priv_fd);
	free(wd->path);
	free(wd->cwd);
	wd->path = wd->cwd = NULL;
	wd->fd = wd->cwd_fd = wd->priv_fd = -1;
}

int rundir_create(int dirfd, const char *name, mode_t mode)
{
	/* A directory the code made under sbx's name goes too (never
	 * followed: rmtree_at does not). */
	if (unlinkat(dirfd, name, 0) < 0 && (errno == EISDIR || errno == EPERM))
		(void)rmtree_at(dirfd, name, 0);
	int fd = openat(dirfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
	/* The daemon's umask is 077: the mode is meant. */
	if (fd >= 0 && fchmod(fd, mode) < 0) {
		int e = errno;
		close(fd);
		unlinkat(dirfd, name, 0);
		errno = e;
		return -1;
	}
	return fd;
}

int rundir_write(int dirfd, const char *name, const void *data, size_t len, mode_t mode)
{
	int fd = rundir_create(dirfd, name, mode);
	if (fd < 0)
		return -1;
	int rc = write_all(fd, data, len);
	int e = errno;
	if (close(fd) < 0 && rc == 0) {
		rc = -1;
		e = errno;
	}
	if (rc < 0) {
		unlinkat(dirfd, name, 0);
		errno = e;
	}
	return rc;
}
