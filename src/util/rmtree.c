/* rmtree — see rmtree.h. Written by hand: nftw() recurses with an fd per
 * level, follows the tree as it is (no renaming to flatten it), cannot fix
 * permissions on the way down and has no deadline. */
#include "util/rmtree.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/util.h"

struct level {
	DIR *d;
	char name[NAME_MAX + 1]; /* this directory's name in its parent */
};

/* Opens dfd/name as a directory and gives it u+rwx, which the code may have
 * taken away (a read-only directory cannot be emptied). The chmod of a
 * directory we could not open goes through glibc's AT_SYMLINK_NOFOLLOW (an
 * O_PATH open that refuses a link); the rest through the open fd. */
static DIR *open_dir(int dfd, const char *name)
{
	int flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;
	int fd = openat(dfd, name, flags);
	struct stat st;
	DIR *d;

	if (fd < 0 && errno == EACCES && fchmodat(dfd, name, 0700, AT_SYMLINK_NOFOLLOW) == 0)
		fd = openat(dfd, name, flags);
	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) == 0 && (st.st_mode & 0700) != 0700)
		(void)fchmod(fd, (st.st_mode & 07777) | 0700);
	d = fdopendir(fd);
	if (!d)
		close(fd);
	return d;
}

/* Moves dfd/name to top under a fresh name, never replacing anything. */
static bool move_to_top(int dfd, const char *name, int top, unsigned *serial)
{
	char tmp[32];
	for (int tries = 0; tries < 1000; tries++) {
		snprintf(tmp, sizeof tmp, ".sbx-rm-%u", (*serial)++);
		if (renameat2(dfd, name, top, tmp, RENAME_NOREPLACE) == 0)
			return true;
		if (errno != EEXIST)
			return false;
	}
	return false;
}

static bool is_dot(const char *n)
{
	return n[0] == '.' && (n[1] == '\0' || (n[1] == '.' && n[2] == '\0'));
}

static bool has_entries(DIR *d)
{
	struct dirent *de;
	rewinddir(d);
	while ((de = readdir(d)))
		if (!is_dot(de->d_name))
			return true;
	return false;
}

/* One pass over the tree below lv[0]. Returns the number of entries
 * removed or moved, or -1 at the deadline. Leaves lv[1..] closed. */
static long one_pass(struct level *lv, double deadline_ms, unsigned *serial)
{
	int depth = 0, top = dirfd(lv[0].d);
	unsigned tick = 0;
	long progress = 0;

	rewinddir(lv[0].d);
	while (depth >= 0) {
		if (deadline_ms > 0 && (++tick & 63) == 0 && now_monotonic_ms() > deadline_ms) {
			while (depth > 0)
				closedir(lv[depth--].d);
			return -1;
		}
		DIR *d = lv[depth].d;
		struct dirent *de = readdir(d);
		if (!de) {
			if (depth == 0)
				break;
			closedir(d);
			depth--;
			if (unlinkat(dirfd(lv[depth].d), lv[depth + 1].name, AT_REMOVEDIR) == 0)
				progress++;
			continue;
		}
		if (is_dot(de->d_name))
			continue;
		/* d_type saves a stat per file; a wrong guess is caught by EISDIR. */
		if (de->d_type != DT_DIR && de->d_type != DT_UNKNOWN) {
			if (unlinkat(dirfd(d), de->d_name, 0) == 0) {
				progress++;
				continue;
			}
			if (errno != EISDIR)
				continue;
		}
		struct stat st;
		if (fstatat(dirfd(d), de->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0)
			continue;
		if (!S_ISDIR(st.st_mode)) {
			if (unlinkat(dirfd(d), de->d_name, 0) == 0)
				progress++;
			continue;
		}
		if (depth + 1 >= RMTREE_HELD) {
			/* Too deep to hold one more fd: flatten. */
			if (move_to_top(dirfd(d), de->d_name, top, serial))
				progress++;
			continue;
		}
		DIR *sub = open_dir(dirfd(d), de->d_name);
		if (!sub)
			continue;
		depth++;
		lv[depth].d = sub;
		snprintf(lv[depth].name, sizeof lv[depth].name, "%s", de->d_name);
	}
	return progress;
}

int rmtree_at(int dfd, const char *name, double deadline_ms)
{
	struct level lv[RMTREE_HELD];
	unsigned serial = 0;
	struct stat st;
	int rc;

	if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0)
		return errno == ENOENT ? 0 : -1;
	if (!S_ISDIR(st.st_mode))
		return unlinkat(dfd, name, 0) == 0 || errno == ENOENT ? 0 : -1;
	lv[0].d = open_dir(dfd, name);
	if (!lv[0].d)
		return -1;
	for (;;) {
		long progress = one_pass(lv, deadline_ms, &serial);
		if (progress < 0) {
			rc = 1;
			break;
		}
		if (!has_entries(lv[0].d)) {
			rc = 0;
			break;
		}
		if (progress == 0) {
			rc = -1; /* something below cannot be removed */
			break;
		}
	}
	closedir(lv[0].d);
	if (rc == 0 && unlinkat(dfd, name, AT_REMOVEDIR) < 0 && errno != ENOENT)
		rc = -1;
	return rc;
}
