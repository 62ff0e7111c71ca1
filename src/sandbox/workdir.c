/* workdir — see workdir.h: the run directory made, filled before the run,
 * removed after it; the listing and --out-dir are workdir_collect.c. */
#include "sandbox/rundir.h"
#include "sandbox/workdir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/rmtree.h"
#include "util/textout.h"
#include "util/util.h"

/* Time spent removing: a run's own directory, then leftovers per sweep. */
#define WORKDIR_REMOVE_MS 5000.0
#define WORKDIR_SWEEP_MS  2000.0
#define COPY_CHUNK	  65536

void workdir_init(struct workdir *wd)
{
	wd->path = NULL;
	wd->fd = -1;
	wd->cwd = NULL;
	wd->cwd_fd = -1;
	wd->priv_fd = -1;
	wd->before = NULL;
	wd->nbefore = 0;
	wd->swept = false;
}

static bool leave_to_sweep;

void workdir_leave_to_sweep(bool on)
{
	leave_to_sweep = on;
}

int workdir_valid_name(const char *name, const char **why)
{
	*why = request_file_name_problem(name);
	return *why ? -1 : 0;
}

int workdir_valid_path(const char *path, const char **why)
{
	*why = request_file_path_problem(path);
	return *why ? -1 : 0;
}

int workdir_create(struct workdir *wd, const char *base, const char *id)
{
	const char *tmp = getenv("TMPDIR");
	wd->swept = base != NULL; /* the callers sweep the base they name */
	if (!base)
		base = tmp && *tmp == '/' ? tmp : "/tmp";
	if (mkdir(base, 0700) < 0 && errno != EEXIST)
		return error("cannot create %s: %s", base, strerror(errno));
	char templ[PATH_MAX];
	int n = snprintf(templ, sizeof templ, "%s/run-%s-XXXXXX", base, id);
	if (n < 0 || (size_t)n >= sizeof templ)
		return error("working directory path under %s is too long", base);
	/* A live run holds an exclusive flock on its directory for as long as
	 * it exists: a later workdir_sweep that gets the lock knows the owner
	 * was killed and removes the leftover. A sweep may win the lock on a
	 * directory made an instant ago, before its owner locked it: then the
	 * owner finds it gone (ENOENT or nlink 0) and makes another. */
	for (int tries = 0;; tries++) {
		memcpy(templ + n - 6, "XXXXXX", 6);
		/* mkdtemp: a new name, mode 0700, never an existing directory or link. */
		if (!mkdtemp(templ))
			return error("cannot create a working directory in %s: %s", base,
				     strerror(errno));
		int fd = open(templ, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		struct stat st;
		if (fd >= 0 && flock(fd, LOCK_EX) == 0 && fstat(fd, &st) == 0 && st.st_nlink > 0) {
			wd->path = xstrdup(templ);
			wd->fd = fd;
			if (mkdirat(fd, WORKDIR_CWD, 0755) < 0 ||
			    (wd->cwd_fd = openat(fd, WORKDIR_CWD,
						 O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) <
				0)
				return error("cannot create %s/%s: %s", templ, WORKDIR_CWD,
					     strerror(errno));
			size_t len = strlen(templ) + sizeof "/" WORKDIR_CWD;
			wd->cwd = xmalloc(len);
			snprintf(wd->cwd, len, "%s/%s", templ, WORKDIR_CWD);
			return 0;
		}
		int e = errno;
		if (fd >= 0)
			close(fd);
		if (tries == 3 || (fd < 0 && e != ENOENT))
			return error("cannot open %s: %s", templ, strerror(e ? e : ENOENT));
	}
}

void workdir_sweep(const char *base)
{
	DIR *d = opendir(base);
	if (!d)
		return;
	/* One budget for the whole sweep: leftovers cost each run at most
	 * this, and every sweep removes some of them for good. */
	double deadline = now_monotonic_ms() + WORKDIR_SWEEP_MS;
	struct dirent *de;
	while ((de = readdir(d)) && now_monotonic_ms() < deadline) {
		if (strncmp(de->d_name, "run-", 4) != 0)
			continue;
		int flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;
		int fd = openat(dirfd(d), de->d_name, flags);
		/* The code of a killed run may have left its top directory
		 * unreadable: sbx made it 0700, so give that back. */
		if (fd < 0 && errno == EACCES &&
		    fchmodat(dirfd(d), de->d_name, 0700, AT_SYMLINK_NOFOLLOW) == 0)
			fd = openat(dirfd(d), de->d_name, flags);
		if (fd < 0)
			continue;
		/* Locked: a live run. Free: its sbx was killed (or is just
		 * making it, and will notice: see workdir_create). */
		if (flock(fd, LOCK_EX | LOCK_NB) == 0)
			(void)rmtree_at(dirfd(d), de->d_name, deadline);
		close(fd);
	}
	closedir(d);
}

/* Opens the directory holding the last component of rel, a path below
 * dfd ("a/b/c": a/b), one component at a time with O_NOFOLLOW: a directory
 * on the way that the code swapped for a link is an error (ELOOP or
 * ENOTDIR), never followed; ".." is refused (EINVAL). *last points into
 * rel. Returns the fd, or -1 with errno set. */
static int open_parent_beneath(int dfd, const char *rel, const char **last)
{
	int fd = dup(dfd);
	const char *p = rel, *slash;
	while (fd >= 0 && (slash = strchr(p, '/'))) {
		char comp[NAME_MAX + 1];
		size_t len = (size_t)(slash - p);
		int e = len > NAME_MAX			  ? ENAMETOOLONG
			: len == 2 && !memcmp(p, "..", 2) ? EINVAL
							  : 0;
		int sub = -1;
		if (!e) {
			memcpy(comp, p, len);
			comp[len] = '\0';
			sub = openat(fd, len ? comp : ".",
				     O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			e = errno;
		}
		close(fd);
		fd = sub;
		errno = e;
		p = slash + 1;
	}
	if (fd >= 0 && !strcmp(p, "..")) {
		close(fd);
		errno = EINVAL;
		return -1;
	}
	*last = p;
	return fd;
}

int workdir_mkdir(struct workdir *wd, const char *name)
{
	const char *last;
	int dfd = open_parent_beneath(wd->fd, name, &last);
	int rc = dfd < 0 ? -1 : mkdirat(dfd, last, 0755);
	int e = errno;
	if (dfd >= 0)
		close(dfd);
	if (rc < 0 && e != EEXIST)
		return error("cannot create %s/%s: %s", wd->path, name, strerror(e));
	return 0;
}

int workdir_write(struct workdir *wd, const char *name, const void *data, size_t len)
{
	const char *last;
	int dfd = open_parent_beneath(wd->fd, name, &last);
	int fd =
	    dfd < 0 ? -1
		    : openat(dfd, last, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
	int e = errno;
	if (dfd >= 0)
		close(dfd);
	if (fd < 0)
		return error("cannot create %s/%s: %s", wd->path, name, strerror(e));
	int rc = write_all(fd, data, len);
	if (close(fd) < 0)
		rc = -1;
	if (rc < 0)
		return error("cannot write %s/%s: %s", wd->path, name, strerror(errno));
	return 0;
}

int workdir_copy_stream(int in, int out, struct sha256 *md, uint64_t *budget)
{
	static char chunk[COPY_CHUNK];
	for (;;) {
		ssize_t n = read(in, chunk, sizeof chunk);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		if (n == 0)
			return 0;
		if ((uint64_t)n > *budget) {
			errno = EFBIG;
			return -1;
		}
		*budget -= (uint64_t)n;
		if (md)
			sha256_update(md, chunk, (size_t)n);
		if (out >= 0 && write_all(out, chunk, (size_t)n) < 0)
			return -1;
	}
}

int workdir_copy_in(struct workdir *wd, const struct file_spec *files, size_t n, uint64_t cap)
{
	uint64_t budget = cap;
	for (size_t i = 0; i < n; i++) {
		const char *why;
		if (workdir_valid_path(files[i].name, &why) < 0)
			return error("--file %s: bad name '%s': %s", files[i].src, files[i].name,
				     why);
		/* O_NONBLOCK: a FIFO given by mistake must not hang the open. */
		int in = open(files[i].src, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
		if (in < 0)
			return error("--file %s: %s", files[i].src, strerror(errno));
		struct stat st;
		if (fstat(in, &st) < 0 || !S_ISREG(st.st_mode)) {
			close(in);
			return error("--file %s: not a regular file (directories and devices "
				     "cannot be copied in)",
				     files[i].src);
		}
		if ((uint64_t)st.st_size > budget) {
			close(in);
			return error("--file %s: the files copied in exceed the %llu-byte cap "
				     "(raise it with the config's files limit)",
				     files[i].src, (unsigned long long)cap);
		}
		/* data/x.csv: its directories made first (a fresh directory: the
		 * code has not run, nothing in it is anyone else's) */
		char leaf[256];
		int dir = rundir_parent(wd->cwd_fd, files[i].name, leaf, (uid_t)-1, (gid_t)-1);
		int out = dir < 0
			      ? -1
			      : openat(dir, leaf,
				       O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
		if (dir >= 0)
			close(dir);
		if (out < 0) {
			int e = errno;
			close(in);
			return error("--file %s: cannot create '%s' in the sandbox: %s",
				     files[i].src, files[i].name,
				     e == EEXIST ? "given twice" : strerror(e));
		}
		int rc = workdir_copy_stream(in, out, NULL, &budget);
		int e = errno;
		close(in);
		if (close(out) < 0 && rc == 0) {
			rc = -1;
			e = errno;
		}
		if (rc < 0)
			return error("--file %s: %s", files[i].src,
				     e == EFBIG ? "the files copied in exceed the cap"
						: strerror(e));
	}
	return 0;
}

void workdir_rmtree_at(int dfd, const char *name)
{
	(void)rmtree_at(dfd, name, 0);
}

/* The run directory's parent, reached from the run directory's own fd (its
 * "..", which no link can redirect), when its entry name is still that
 * directory: an fd, or -1. Nothing is resolved from wd->path. */
static int open_run_parent(const struct workdir *wd, const char **name)
{
	const char *slash = strrchr(wd->path, '/');
	struct stat self, entry;
	if (!slash || fstat(wd->fd, &self) < 0)
		return -1;
	*name = slash + 1;
	int parent = openat(wd->fd, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (parent >= 0 && (fstatat(parent, *name, &entry, AT_SYMLINK_NOFOLLOW) < 0 ||
			    entry.st_dev != self.st_dev || entry.st_ino != self.st_ino)) {
		close(parent);
		parent = -1;
	}
	return parent;
}

void workdir_remove(struct workdir *wd)
{
	const char *name;
	bool leave = leave_to_sweep && wd->swept;
	int parent = wd->path && wd->fd >= 0 && !leave ? open_run_parent(wd, &name) : -1;
	/* Bounded: a tree too big to remove in time is left, unlocked once
	 * wd->fd is closed, for the next run's sweep to finish. */
	if (wd->path && wd->fd >= 0 && !leave &&
	    (parent < 0 || rmtree_at(parent, name, now_monotonic_ms() + WORKDIR_REMOVE_MS) < 0))
		warning("could not remove all of the working directory %s (a later run "
			"tries again)",
			wd->path);
	if (parent >= 0)
		close(parent);
	if (wd->fd >= 0)
		close(wd->fd);
	if (wd->cwd_fd >= 0)
		close(wd->cwd_fd);
	free(wd->cwd);
	workdir_snapshot_release(wd);
	free(wd->path);
	workdir_init(wd);
}
