/* store_read — reading the store without the lock: deployment names, their
 * versions, a version's directory and the files in it, never following a
 * link. Calls util and the shared helpers of store_int.h. */
#include "state/store.h"
#include "state/store_int.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/util.h"

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

int store_names(struct store *s, char ***names, size_t *n)
{
	*names = xcalloc(1, sizeof(**names));
	*n = 0;
	if (s->dep_fd < 0)
		return 0;
	DIR *d = store_opendir_fd(s->dep_fd);
	if (!d)
		return error("cannot read %s/%s: %s", s->state_dir, DEPLOYMENTS, strerror(errno));
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		*names = xrealloc(*names, (*n + 2) * sizeof(**names));
		(*names)[(*n)++] = xstrdup(e->d_name);
		(*names)[*n] = NULL;
	}
	closedir(d);
	qsort(*names, *n, sizeof(**names), cmp_str);
	return 0;
}

void store_free_names(char **names)
{
	if (!names)
		return;
	for (char **p = names; *p; p++)
		free(*p);
	free(names);
}

/* Opens NAME's directory: -2 if it does not exist, -1 after a message. */
int store_open_name(struct store *s, const char *name)
{
	if (s->dep_fd < 0)
		return -2;
	char *where = store_version_path(s, name, 0);
	int fd = store_open_dir_at(s->dep_fd, name, where);
	free(where);
	return fd;
}

int store_versions_in(int name_fd, int **versions, size_t *n)
{
	*versions = NULL;
	*n = 0;
	DIR *d = store_opendir_fd(name_fd);
	if (!d)
		return -1;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		int v = store_parse_version(e->d_name);
		if (v < 1)
			continue;
		/* Only real directories count: a planted link named "7" is not
		 * a version. */
		struct stat st;
		if (fstatat(name_fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
		    !S_ISDIR(st.st_mode))
			continue;
		*versions = xrealloc(*versions, (*n + 1) * sizeof(**versions));
		(*versions)[(*n)++] = v;
	}
	closedir(d);
	if (*n)
		qsort(*versions, *n, sizeof(**versions), cmp_int);
	return 0;
}

int store_versions(struct store *s, const char *name, int **versions, size_t *n)
{
	*versions = NULL;
	*n = 0;
	if (store_check_name(name) != 0)
		return -1;
	int fd = store_open_name(s, name);
	if (fd == -2)
		return 0;
	if (fd < 0)
		return -1;
	int rc = store_versions_in(fd, versions, n);
	if (rc != 0)
		error("cannot read %s/%s/%s: %s", s->state_dir, DEPLOYMENTS, name, strerror(errno));
	close(fd);
	return rc;
}

int store_open_version(struct store *s, const char *name, int version, int *resolved)
{
	if (store_check_name(name) != 0)
		return -1;
	int nfd = store_open_name(s, name);
	if (nfd == -1)
		return -1;
	int *vs = NULL;
	size_t n = 0;
	if (nfd >= 0 && store_versions_in(nfd, &vs, &n) != 0) {
		close(nfd);
		return error("cannot read %s/%s/%s: %s", s->state_dir, DEPLOYMENTS, name,
			     strerror(errno));
	}
	if (n == 0) {
		if (nfd >= 0)
			close(nfd);
		free(vs);
		return store_not_found(s, name);
	}
	int want = version ? version : vs[n - 1];
	bool found = false;
	for (size_t i = 0; i < n; i++)
		found |= vs[i] == want;
	if (!found) {
		close(nfd);
		int latest = vs[n - 1];
		free(vs);
		return store_no_version(name, want, latest);
	}
	free(vs);
	char num[16];
	snprintf(num, sizeof(num), "%d", want);
	char *where = store_version_path(s, name, want);
	int fd = store_open_dir_at(nfd, num, where);
	close(nfd);
	if (fd == -2)
		error("deployment %s was removed while being read", where);
	free(where);
	if (fd < 0)
		return -1;
	*resolved = want;
	return fd;
}

/* Each component of relpath must be a plain name: not empty, not "." or
 * "..", not hidden. */
bool store_relpath_ok(const char *relpath)
{
	if (!*relpath || relpath[0] == '/' || strlen(relpath) >= PATH_MAX)
		return false;
	const char *p = relpath;
	while (*p) {
		const char *slash = strchr(p, '/');
		size_t len = slash ? (size_t)(slash - p) : strlen(p);
		if (len == 0 || p[0] == '.')
			return false;
		if (!slash)
			break;
		p = slash + 1;
		if (!*p)
			return false;
	}
	return true;
}

/* Walks to the directory holding relpath's last component (no links);
 * returns its fd (to close) and sets *leaf. mkdirs: create missing ones. */
int store_walk_parent(int dfd, const char *relpath, bool mkdirs, const char **leaf)
{
	int fd = dup(dfd);
	if (fd < 0)
		return -1;
	const char *p = relpath;
	const char *slash;
	while ((slash = strchr(p, '/')) != NULL) {
		char comp[NAME_MAX + 1];
		size_t len = (size_t)(slash - p);
		if (len > NAME_MAX) {
			close(fd);
			errno = ENAMETOOLONG;
			return -1;
		}
		memcpy(comp, p, len);
		comp[len] = '\0';
		if (mkdirs && mkdirat(fd, comp, 0700) != 0 && errno != EEXIST) {
			close(fd);
			return -1;
		}
		int next = openat(fd, comp, DIR_FLAGS);
		close(fd);
		if (next < 0)
			return -1;
		fd = next;
		p = slash + 1;
	}
	*leaf = p;
	return fd;
}

int store_read_at(int dfd, const char *relpath, size_t cap, struct buf *out, const char *where)
{
	if (!store_relpath_ok(relpath))
		return error("%s: invalid path '%s' (plain names only)", where, relpath);
	const char *leaf;
	int pfd = store_walk_parent(dfd, relpath, false, &leaf);
	if (pfd < 0)
		return error("cannot open %s/%s: %s%s", where, relpath, strerror(errno),
			     errno == ELOOP || errno == ENOTDIR ? " (links are never followed)"
								: "");
	int fd = openat(pfd, leaf, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
	int e = errno;
	close(pfd);
	if (fd < 0)
		return error("cannot open %s/%s: %s%s", where, relpath, strerror(e),
			     e == ELOOP ? " (a symbolic link; links are never followed)" : "");
	struct stat st;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return error("%s/%s is not a regular file", where, relpath);
	}
	if ((uint64_t)st.st_size > cap) {
		close(fd);
		return error("%s/%s is %lld bytes, over the limit of %zu", where, relpath,
			     (long long)st.st_size, cap);
	}
	int rc = read_fd(fd, cap, out);
	if (rc != 0)
		error("cannot read %s/%s: %s", where, relpath, strerror(errno));
	close(fd);
	return rc;
}

static uint64_t dir_size_depth(int dfd, int depth)
{
	if (depth > 32)
		return 0;
	DIR *d = store_opendir_fd(dfd);
	if (!d)
		return 0;
	uint64_t total = 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		struct stat st;
		if (fstatat(dfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
			continue;
		if (S_ISREG(st.st_mode)) {
			total += (uint64_t)st.st_size;
		} else if (S_ISDIR(st.st_mode)) {
			int sub = openat(dfd, e->d_name, DIR_FLAGS);
			if (sub >= 0) {
				total += dir_size_depth(sub, depth + 1);
				close(sub);
			}
		}
	}
	closedir(d);
	return total;
}

uint64_t store_dir_size(int dfd)
{
	return dir_size_depth(dfd, 0);
}
