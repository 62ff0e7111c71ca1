#include "engine/build_cache.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/util.h"
#include "sandbox/workdir.h"

#define CACHE_MAX_DEPTH	  32   /* package nesting */
#define CACHE_MAX_ENTRIES 4096 /* files per entry */

/* Opens state_dir/cache/<kind>/<version>, creating each level 0700 and
 * refusing links. Returns an fd or -1 (errno set). */
static int open_version_dir(const char *state_dir, const char *kind, const char *version)
{
	if (mkdir(state_dir, 0700) < 0 && errno != EEXIST)
		return -1;
	int fd = open(state_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	const char *parts[] = {"cache", kind, version};
	for (size_t i = 0; fd >= 0 && i < 3; i++) {
		if (mkdirat(fd, parts[i], 0700) < 0 && errno != EEXIST) {
			int e = errno;
			close(fd);
			errno = e;
			return -1;
		}
		int sub = openat(fd, parts[i], O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		int e = errno;
		close(fd);
		errno = e;
		fd = sub;
	}
	return fd;
}

/* Copies regular files and directories from one tree to another; anything
 * else (links above all) is skipped. sync: fsync each file, for the cache. */
static int copy_tree(int from, int to, int depth, size_t *entries, uint64_t *budget, bool sync)
{
	int dfd = dup(from);
	DIR *d = dfd >= 0 ? fdopendir(dfd) : NULL;
	if (!d) {
		if (dfd >= 0)
			close(dfd);
		return -1;
	}
	int rc = 0;
	struct dirent *de;
	static char chunk[65536];
	while (rc == 0 && (de = readdir(d))) {
		const char *name = de->d_name;
		if (!strcmp(name, ".") || !strcmp(name, ".."))
			continue;
		if (++*entries > CACHE_MAX_ENTRIES) {
			errno = EFBIG;
			rc = -1;
			break;
		}
		struct stat st;
		if (fstatat(dirfd(d), name, &st, AT_SYMLINK_NOFOLLOW) < 0)
			continue;
		if (S_ISDIR(st.st_mode) && depth < CACHE_MAX_DEPTH) {
			int src =
			    openat(dirfd(d), name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			if (src < 0 || (mkdirat(to, name, 0755) < 0 && errno != EEXIST)) {
				if (src >= 0)
					close(src);
				rc = -1;
				break;
			}
			int dst = openat(to, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			rc = dst < 0 ? -1 : copy_tree(src, dst, depth + 1, entries, budget, sync);
			close(src);
			if (dst >= 0)
				close(dst);
		} else if (S_ISREG(st.st_mode)) {
			int in =
			    openat(dirfd(d), name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
			/* What was opened, not what fstatat saw: a regular file
			 * still (a FIFO swapped in would read as empty). */
			struct stat ist;
			if (in >= 0 && (fstat(in, &ist) < 0 || !S_ISREG(ist.st_mode))) {
				close(in);
				continue;
			}
			/* Only the execute bits are kept: a compiled program
			 * stays runnable, nothing becomes set-uid. */
			mode_t mode = st.st_mode & 0111 ? 0755 : 0644;
			int out = in < 0
				      ? -1
				      : openat(to, name,
					       O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
					       mode);
			ssize_t n = 0;
			if (out >= 0 && fchmod(out, mode) < 0) /* whatever the umask */
				rc = -1;
			while (out >= 0 && rc == 0 && (n = read(in, chunk, sizeof chunk)) > 0) {
				if ((uint64_t)n > *budget) {
					errno = EFBIG;
					n = -1;
					break;
				}
				*budget -= (uint64_t)n;
				if (write_all(out, chunk, (size_t)n) < 0) {
					n = -1;
					break;
				}
			}
			if (out < 0 || n < 0 || (sync && fsync(out) < 0))
				rc = -1;
			if (in >= 0)
				close(in);
			if (out >= 0 && close(out) < 0)
				rc = -1;
		}
	}
	closedir(d);
	return rc;
}

int build_cache_load(const char *state_dir, const char *kind, const char *version, const char *sha,
		     int dst_fd)
{
	int vfd = open_version_dir(state_dir, kind, version);
	if (vfd < 0)
		return error("cannot use the %s build cache in %s: %s (check --state-dir)", kind,
			     state_dir, strerror(errno));
	int efd = openat(vfd, sha, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	close(vfd);
	if (efd < 0)
		return 0;
	size_t entries = 0;
	uint64_t budget = BUILD_CACHE_MAX_BYTES;
	int rc = copy_tree(efd, dst_fd, 0, &entries, &budget, false);
	close(efd);
	return rc == 0 ? 1 : 0;
}

int build_cache_store(const char *state_dir, const char *kind, const char *version, const char *sha,
		      int src_fd)
{
	int vfd = open_version_dir(state_dir, kind, version);
	if (vfd < 0) {
		warning("cannot store the %s build in %s: %s", kind, state_dir, strerror(errno));
		return -1;
	}
	char id[27], tmp[128];
	make_execution_id(id);
	snprintf(tmp, sizeof tmp, ".tmp-%.64s-%s", sha, id);
	int rc = -1;
	if (mkdirat(vfd, tmp, 0755) == 0) {
		int tfd = openat(vfd, tmp, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		size_t entries = 0;
		uint64_t budget = BUILD_CACHE_MAX_BYTES;
		if (tfd >= 0 && copy_tree(src_fd, tfd, 0, &entries, &budget, true) == 0 &&
		    fsync(tfd) == 0)
			rc = 0;
		if (tfd >= 0)
			close(tfd);
	}
	if (rc == 0 && renameat(vfd, tmp, vfd, sha) < 0) {
		/* Another sbx stored the same code first: theirs is as good. */
		if (errno != EEXIST && errno != ENOTEMPTY)
			rc = -1;
	}
	int e = errno;
	workdir_rmtree_at(vfd, tmp); /* no-op after a successful rename */
	if (rc == 0)
		fsync(vfd);
	close(vfd);
	if (rc < 0)
		warning("cannot store the %s build in %s: %s", kind, state_dir, strerror(e));
	return rc;
}
