#include "store.h"
#include "rmtree.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "statedir.h"
#include "util.h"

#define DIR_FLAGS   (O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
#define DEPLOYMENTS "deployments"
#define TMP_PREFIX  ".tmp-"
#define DEL_PREFIX  ".del-"

/* A DIR stream of its own for dirfd: a dup() would share the read offset
 * with dirfd, so a second scan would start at the end. */
static DIR *opendir_fd(int dfd)
{
	int fd = openat(dfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	DIR *d = fdopendir(fd);
	if (!d)
		close(fd);
	return d;
}

/* ---- names ------------------------------------------------------------ */

static bool name_char(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
}

static bool first_char(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}

bool store_name_ok(const char *name)
{
	size_t n = strlen(name);
	if (n == 0 || n > STORE_NAME_MAX || !first_char((unsigned char)name[0]))
		return false;
	for (size_t i = 0; i < n; i++)
		if (!name_char((unsigned char)name[i]))
			return false;
	return strstr(name, "..") == NULL;
}

int store_check_name(const char *name)
{
	if (store_name_ok(name))
		return 0;
	size_t n = strlen(name);
	if (n == 0)
		return error("empty deployment name: give one with -n NAME");
	if (n > STORE_NAME_MAX)
		return error("deployment name '%.20s...' is %zu characters long; the most is %d",
			     name, n, STORE_NAME_MAX);
	if (strchr(name, '/'))
		return error("invalid deployment name '%s': '/' is not allowed; names are "
			     "[a-z0-9][a-z0-9._-]*",
			     name);
	if (strstr(name, ".."))
		return error("invalid deployment name '%s': '..' is not allowed", name);
	for (size_t i = 0; i < n; i++)
		if (isupper((unsigned char)name[i]))
			return error("invalid deployment name '%s': use lower case (names are "
				     "[a-z0-9][a-z0-9._-]*)",
				     name);
	/* Say which character is wrong, and where: "my app" is one space away
	 * from a good name. */
	if (!isalnum((unsigned char)name[0]))
		return error("invalid deployment name '%s': it starts with '%c'; names start "
			     "with a-z or 0-9",
			     name, name[0]);
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)name[i];
		if (name_char(c))
			continue;
		if (c < 0x20 || c >= 0x7f)
			return error("invalid deployment name '%s': byte 0x%02x at position %zu is "
				     "not allowed; names hold only a-z, 0-9, '.', '_' and '-'",
				     name, c, i + 1);
		return error("invalid deployment name '%s': '%c' at position %zu is not allowed; "
			     "names hold only a-z, 0-9, '.', '_' and '-'",
			     name, c, i + 1);
	}
	return error("invalid deployment name '%s': names start with a-z or 0-9 and hold only "
		     "a-z, 0-9, '.', '_' and '-' (at most %d)",
		     name, STORE_NAME_MAX);
}

int store_name_from_path(const char *path, char out[STORE_NAME_MAX + 1])
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	const char *dot = strrchr(base, '.');
	size_t len = dot && dot != base ? (size_t)(dot - base) : strlen(base);
	size_t o = 0;
	for (size_t i = 0; i < len && o < STORE_NAME_MAX; i++) {
		int c = tolower((unsigned char)base[i]);
		if (!name_char(c))
			c = '-';
		/* A name starts with a letter or digit, and ".." is never formed. */
		if (o == 0 && !first_char(c))
			continue;
		if (c == '.' && o > 0 && out[o - 1] == '.')
			continue;
		out[o++] = (char)c;
	}
	out[o] = '\0';
	if (o == 0 || !store_name_ok(out))
		return error("cannot make a deployment name from '%s': give one with -n NAME",
			     path);
	return 0;
}

/* Strict decimal, 1..STORE_VERSION_MAX, no sign, no leading zero. */
static int parse_version(const char *s)
{
	size_t n = strlen(s);
	if (n == 0 || n > 9 || s[0] == '0')
		return -1;
	int v = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v;
}

int store_parse_ref(const char *ref, char name[STORE_NAME_MAX + 1], int *version)
{
	const char *at = strchr(ref, '@');
	size_t len = at ? (size_t)(at - ref) : strlen(ref);
	*version = 0;
	if (len > STORE_NAME_MAX) {
		char *n = xstrndup(ref, len);
		int rc = store_check_name(n);
		free(n);
		return rc;
	}
	memcpy(name, ref, len);
	name[len] = '\0';
	if (store_check_name(name) != 0)
		return -1;
	if (at) {
		if (!strcmp(at + 1, "latest"))
			return 0;
		int v = parse_version(at + 1);
		if (v < 1)
			return error("invalid version '%s' in '%s': use NAME@N with N a positive "
				     "whole number, or NAME for the latest",
				     at + 1, ref);
		*version = v;
	}
	return 0;
}

char *store_state_dir(const char *flag, const char *config_flag)
{
	/* The config file may name the state directory, so it is read here for
	 * the commands that do not go through runopt_finish (list, get, delete). */
	struct config cfg;
	if (config_load(config_flag, &cfg) != 0) {
		config_release(&cfg);
		return NULL;
	}
	char *dir = statedir_resolve(flag, config_state_dir(&cfg));
	config_release(&cfg);
	return dir;
}

/* ---- opening ------------------------------------------------------------ */

static int refuse_link(int dfd, const char *name, const char *where)
{
	struct stat st;
	if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode))
		return error("%s is a symbolic link; sbx never follows links in its state "
			     "directory: remove it",
			     where);
	return -1;
}

/* openat(dfd, name) as a directory, refusing links; ENOENT is returned as
 * -2 without a message so callers can treat "missing" as empty. */
static int open_dir_at(int dfd, const char *name, const char *where)
{
	int fd = openat(dfd, name, DIR_FLAGS);
	if (fd >= 0)
		return fd;
	int e = errno;
	if (e == ENOENT)
		return -2;
	if (e == ELOOP || e == ENOTDIR) {
		if (refuse_link(dfd, name, where) == -1 && e == ELOOP)
			return -1;
		if (e == ENOTDIR)
			return error("%s is not a directory: remove it", where);
		return -1;
	}
	return error("cannot open %s: %s", where, strerror(e));
}

int store_open(struct store *s, const char *state_dir, bool create)
{
	s->state_dir = xstrdup(state_dir);
	s->state_fd = s->dep_fd = s->lock_fd = -1;
	if (create && statedir_ensure_sub(state_dir, DEPLOYMENTS) != 0)
		goto fail;
	/* The state directory itself is the user's choice and may be reached
	 * through links; everything below it is opened without following any. */
	s->state_fd = open(state_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (s->state_fd < 0) {
		if (errno == ENOENT && !create)
			return 0;
		error("cannot open state directory %s: %s", state_dir, strerror(errno));
		goto fail;
	}
	char *where = store_version_path(s, NULL, 0);
	s->dep_fd = open_dir_at(s->state_fd, DEPLOYMENTS, where);
	free(where);
	if (s->dep_fd == -2) {
		s->dep_fd = -1;
		if (!create)
			return 0;
		error("cannot create %s/%s", state_dir, DEPLOYMENTS);
		goto fail;
	}
	if (s->dep_fd < 0)
		goto fail;
	return 0;
fail:
	store_close(s);
	return -1;
}

void store_close(struct store *s)
{
	store_unlock(s);
	if (s->dep_fd >= 0)
		close(s->dep_fd);
	if (s->state_fd >= 0)
		close(s->state_fd);
	free(s->state_dir);
	s->state_dir = NULL;
	s->state_fd = s->dep_fd = -1;
}

char *store_version_path(const struct store *s, const char *name, int version)
{
	struct buf b = BUF_INIT;
	buf_printf(&b, "%s/%s", s->state_dir ? s->state_dir : ".", DEPLOYMENTS);
	if (name)
		buf_printf(&b, "/%s", name);
	if (name && version > 0)
		buf_printf(&b, "/%d", version);
	return buf_detach(&b, NULL);
}

int store_lock(struct store *s)
{
	if (s->lock_fd >= 0)
		return 0;
	if (s->dep_fd < 0)
		return error("no deployments directory under %s", s->state_dir);
	int fd = openat(s->dep_fd, ".lock", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return error("cannot open the lock %s/%s/.lock: %s%s", s->state_dir, DEPLOYMENTS,
			     strerror(errno),
			     errno == ELOOP ? " (a symbolic link; remove it)" : "");
	while (flock(fd, LOCK_EX) != 0) {
		if (errno != EINTR) {
			close(fd);
			return error("cannot lock %s/%s/.lock: %s", s->state_dir, DEPLOYMENTS,
				     strerror(errno));
		}
	}
	s->lock_fd = fd;
	return 0;
}

void store_unlock(struct store *s)
{
	if (s->lock_fd >= 0) {
		/* Closing drops the flock. */
		close(s->lock_fd);
		s->lock_fd = -1;
	}
}

/* ---- removing ------------------------------------------------------------ */

/* Removes dirfd/name and everything below it without following links
 * (rmtree.c: iterative, no deadline for sbx's own trees). */
static int remove_tree_at(int dfd, const char *name)
{
	return rmtree_at(dfd, name, 0) == 0 ? 0 : -1;
}

/* Removes leftovers inside one deployment directory; returns how many. */
static unsigned clean_name_dir(int name_fd)
{
	unsigned removed = 0;
	DIR *d = opendir_fd(name_fd);
	if (!d)
		return 0;
	/* Collect first: removing while reading a directory may skip entries. */
	char **stale = NULL;
	size_t n = 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (!strncmp(e->d_name, TMP_PREFIX, strlen(TMP_PREFIX)) ||
		    !strncmp(e->d_name, DEL_PREFIX, strlen(DEL_PREFIX))) {
			stale = xrealloc(stale, (n + 1) * sizeof(*stale));
			stale[n++] = xstrdup(e->d_name);
		}
	}
	closedir(d);
	for (size_t i = 0; i < n; i++) {
		if (remove_tree_at(name_fd, stale[i]) == 0)
			removed++;
		free(stale[i]);
	}
	free(stale);
	return removed;
}

/* True when a deployment directory holds nothing but its leftovers. */
static bool name_dir_empty(int name_fd)
{
	DIR *d = opendir_fd(name_fd);
	if (!d)
		return false;
	bool empty = true;
	struct dirent *e;
	while ((e = readdir(d)) != NULL)
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
			empty = false;
			break;
		}
	closedir(d);
	return empty;
}

int store_clean(struct store *s, unsigned *removed)
{
	*removed = 0;
	if (s->dep_fd < 0)
		return 0;
	if (s->lock_fd < 0)
		return error("internal: store_clean without the lock");
	DIR *d = opendir_fd(s->dep_fd);
	if (!d)
		return error("cannot read %s/%s: %s", s->state_dir, DEPLOYMENTS, strerror(errno));
	char **todo = NULL;
	size_t n = 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.' && strncmp(e->d_name, DEL_PREFIX, strlen(DEL_PREFIX)))
			continue;
		todo = xrealloc(todo, (n + 1) * sizeof(*todo));
		todo[n++] = xstrdup(e->d_name);
	}
	closedir(d);
	for (size_t i = 0; i < n; i++) {
		if (!strncmp(todo[i], DEL_PREFIX, strlen(DEL_PREFIX))) {
			if (remove_tree_at(s->dep_fd, todo[i]) == 0)
				(*removed)++;
		} else if (store_name_ok(todo[i])) {
			int nfd = openat(s->dep_fd, todo[i], DIR_FLAGS);
			if (nfd >= 0) {
				*removed += clean_name_dir(nfd);
				/* A directory left by a writer killed before its
				 * first version was committed. */
				if (name_dir_empty(nfd) &&
				    unlinkat(s->dep_fd, todo[i], AT_REMOVEDIR) == 0)
					(*removed)++;
				close(nfd);
			}
		}
		free(todo[i]);
	}
	free(todo);
	return 0;
}

/* ---- reading ------------------------------------------------------------ */

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
	DIR *d = opendir_fd(s->dep_fd);
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
static int open_name(struct store *s, const char *name)
{
	if (s->dep_fd < 0)
		return -2;
	char *where = store_version_path(s, name, 0);
	int fd = open_dir_at(s->dep_fd, name, where);
	free(where);
	return fd;
}

static int versions_in(int name_fd, int **versions, size_t *n)
{
	*versions = NULL;
	*n = 0;
	DIR *d = opendir_fd(name_fd);
	if (!d)
		return -1;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		int v = parse_version(e->d_name);
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
	int fd = open_name(s, name);
	if (fd == -2)
		return 0;
	if (fd < 0)
		return -1;
	int rc = versions_in(fd, versions, n);
	if (rc != 0)
		error("cannot read %s/%s/%s: %s", s->state_dir, DEPLOYMENTS, name, strerror(errno));
	close(fd);
	return rc;
}

int store_open_version(struct store *s, const char *name, int version, int *resolved)
{
	if (store_check_name(name) != 0)
		return -1;
	int nfd = open_name(s, name);
	if (nfd == -1)
		return -1;
	int *vs = NULL;
	size_t n = 0;
	if (nfd >= 0 && versions_in(nfd, &vs, &n) != 0) {
		close(nfd);
		return error("cannot read %s/%s/%s: %s", s->state_dir, DEPLOYMENTS, name,
			     strerror(errno));
	}
	if (n == 0) {
		if (nfd >= 0)
			close(nfd);
		free(vs);
		return error("no deployment named '%s' in %s/%s: see `sbx list`", name,
			     s->state_dir, DEPLOYMENTS);
	}
	int want = version ? version : vs[n - 1];
	bool found = false;
	for (size_t i = 0; i < n; i++)
		found |= vs[i] == want;
	if (!found) {
		close(nfd);
		int latest = vs[n - 1];
		free(vs);
		return error("deployment '%s' has no version %d (latest is %d): see `sbx get %s`",
			     name, want, latest, name);
	}
	free(vs);
	char num[16];
	snprintf(num, sizeof(num), "%d", want);
	char *where = store_version_path(s, name, want);
	int fd = open_dir_at(nfd, num, where);
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
static bool relpath_ok(const char *relpath)
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
static int walk_parent(int dfd, const char *relpath, bool mkdirs, const char **leaf)
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
	if (!relpath_ok(relpath))
		return error("%s: invalid path '%s' (plain names only)", where, relpath);
	const char *leaf;
	int pfd = walk_parent(dfd, relpath, false, &leaf);
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
	DIR *d = opendir_fd(dfd);
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

/* ---- writing ------------------------------------------------------------ */

int store_begin(struct store *s, const char *name, struct store_txn *t)
{
	memset(t, 0, sizeof(*t));
	t->name_fd = t->tmp_fd = -1;
	t->s = s;
	if (store_check_name(name) != 0)
		return -1;
	snprintf(t->name, sizeof(t->name), "%s", name);
	if (store_lock(s) != 0)
		return -1;
	char *where = store_version_path(s, name, 0);
	if (mkdirat(s->dep_fd, name, 0700) == 0) {
		/* The new name must survive a crash once a version is in it. */
		fsync(s->dep_fd);
	} else if (errno != EEXIST) {
		error("cannot create %s: %s", where, strerror(errno));
		goto fail;
	}
	t->name_fd = open_dir_at(s->dep_fd, name, where);
	if (t->name_fd < 0) {
		if (t->name_fd == -2)
			error("%s vanished while being written", where);
		t->name_fd = -1;
		goto fail;
	}
	/* Under the lock every temp directory belongs to a writer that died:
	 * temp directories are only ever made by the lock holder. */
	clean_name_dir(t->name_fd);
	int *vs = NULL;
	size_t n = 0;
	if (versions_in(t->name_fd, &vs, &n) != 0) {
		error("cannot read %s: %s", where, strerror(errno));
		goto fail;
	}
	int latest = n ? vs[n - 1] : 0;
	free(vs);
	if (latest >= STORE_VERSION_MAX) {
		error("%s has reached the last version number; delete it first", where);
		goto fail;
	}
	t->version = latest + 1;
	unsigned char rnd[6];
	char hex[13];
	int rfd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
	if (rfd < 0 || read(rfd, rnd, sizeof(rnd)) != (ssize_t)sizeof(rnd))
		memset(rnd, 0, sizeof(rnd));
	if (rfd >= 0)
		close(rfd);
	for (size_t i = 0; i < sizeof(rnd); i++)
		snprintf(hex + 2 * i, 3, "%02x", rnd[i]);
	snprintf(t->tmp_name, sizeof(t->tmp_name), TMP_PREFIX "%ld-%s", (long)getpid(), hex);
	if (mkdirat(t->name_fd, t->tmp_name, 0700) != 0) {
		error("cannot create a temporary directory in %s: %s", where, strerror(errno));
		goto fail;
	}
	t->tmp_fd = openat(t->name_fd, t->tmp_name, DIR_FLAGS);
	if (t->tmp_fd < 0) {
		error("cannot open a temporary directory in %s: %s", where, strerror(errno));
		goto fail;
	}
	free(where);
	return 0;
fail:
	free(where);
	store_abort(t);
	return -1;
}

/* Opens relpath for writing in the temp dir (creating parents). */
static int txn_create(struct store_txn *t, const char *relpath)
{
	if (!relpath_ok(relpath)) {
		errno = EINVAL;
		return -1;
	}
	const char *leaf;
	int pfd = walk_parent(t->tmp_fd, relpath, true, &leaf);
	if (pfd < 0)
		return -1;
	int fd = openat(pfd, leaf, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	int e = errno;
	/* The parent directory's entry must be durable too. */
	if (fd >= 0 && pfd != t->tmp_fd)
		fsync(pfd);
	close(pfd);
	errno = e;
	return fd;
}

int store_txn_write(struct store_txn *t, const char *relpath, const void *data, size_t len)
{
	int fd = txn_create(t, relpath);
	if (fd < 0)
		return error("cannot write %s to the new deployment %s: %s", relpath, t->name,
			     strerror(errno));
	int rc = write_all(fd, data, len);
	if (rc == 0)
		rc = fsync(fd);
	int e = errno;
	if (close(fd) != 0 && rc == 0) {
		rc = -1;
		e = errno;
	}
	if (rc != 0)
		return error("cannot write %s to the new deployment %s: %s", relpath, t->name,
			     strerror(e));
	return 0;
}

int store_txn_copy(struct store_txn *t, const char *relpath, const char *src, uint64_t cap,
		   uint64_t *size, char *sha256)
{
	int in = open(src, O_RDONLY | O_CLOEXEC);
	if (in < 0)
		return error("cannot read %s: %s", src, strerror(errno));
	struct stat st;
	if (fstat(in, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(in);
		return error("%s is not a regular file: only files can be stored", src);
	}
	if ((uint64_t)st.st_size > cap) {
		close(in);
		return error("%s is %lld bytes, over the limit of %llu for stored files", src,
			     (long long)st.st_size, (unsigned long long)cap);
	}
	int out = txn_create(t, relpath);
	if (out < 0) {
		int e = errno;
		close(in);
		return error("cannot store %s as %s: %s", src, relpath, strerror(e));
	}
	struct sha256 md;
	sha256_init(&md);
	uint64_t total = 0;
	char chunk[65536];
	int rc = 0;
	for (;;) {
		ssize_t r = read(in, chunk, sizeof(chunk));
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			rc = error("cannot read %s: %s", src, strerror(errno));
			break;
		}
		if (r == 0)
			break;
		total += (uint64_t)r;
		if (total > cap) {
			rc = error("%s grew past the limit of %llu bytes while being stored", src,
				   (unsigned long long)cap);
			break;
		}
		sha256_update(&md, chunk, (size_t)r);
		if (write_all(out, chunk, (size_t)r) != 0) {
			rc = error("cannot write %s: %s", relpath, strerror(errno));
			break;
		}
	}
	if (rc == 0 && fsync(out) != 0)
		rc = error("cannot write %s: %s", relpath, strerror(errno));
	close(out);
	close(in);
	char hex[65];
	sha256_final_hex(&md, hex);
	if (rc == 0 && size)
		*size = total;
	if (rc == 0 && sha256)
		memcpy(sha256, hex, sizeof(hex));
	return rc;
}

int store_commit(struct store_txn *t)
{
	char num[16];
	snprintf(num, sizeof(num), "%d", t->version);
	/* Contents are fsynced file by file; the directory entries of the temp
	 * directory before it is renamed, the deployment directory after, so the
	 * version is either wholly there after a crash or not at all. */
	if (fsync(t->tmp_fd) != 0) {
		error("cannot sync the new deployment %s: %s", t->name, strerror(errno));
		store_abort(t);
		return -1;
	}
	if (renameat(t->name_fd, t->tmp_name, t->name_fd, num) != 0) {
		error("cannot commit version %d of %s: %s", t->version, t->name, strerror(errno));
		store_abort(t);
		return -1;
	}
	t->tmp_name[0] = '\0';
	fsync(t->name_fd);
	close(t->tmp_fd);
	close(t->name_fd);
	t->tmp_fd = t->name_fd = -1;
	store_unlock(t->s);
	return 0;
}

void store_abort(struct store_txn *t)
{
	if (t->tmp_fd >= 0)
		close(t->tmp_fd);
	if (t->name_fd >= 0) {
		if (t->tmp_name[0])
			remove_tree_at(t->name_fd, t->tmp_name);
		/* Leave no empty deployment directory behind a failed first
		 * version. */
		if (name_dir_empty(t->name_fd))
			unlinkat(t->s->dep_fd, t->name, AT_REMOVEDIR);
		close(t->name_fd);
	}
	t->tmp_fd = t->name_fd = -1;
	t->tmp_name[0] = '\0';
	if (t->s)
		store_unlock(t->s);
}

int store_delete(struct store *s, const char *name, int version)
{
	if (store_check_name(name) != 0)
		return -1;
	if (s->dep_fd < 0)
		return error("no deployment named '%s' in %s/%s: see `sbx list`", name,
			     s->state_dir, DEPLOYMENTS);
	if (store_lock(s) != 0)
		return -1;
	int rc = -1;
	char *where = store_version_path(s, name, version);
	int nfd = open_name(s, name);
	int *vs = NULL;
	size_t n = 0;
	if (nfd == -1)
		goto out;
	if (nfd >= 0 && versions_in(nfd, &vs, &n) != 0) {
		error("cannot read %s: %s", where, strerror(errno));
		goto out;
	}
	if (n == 0) {
		error("no deployment named '%s' in %s/%s: see `sbx list`", name, s->state_dir,
		      DEPLOYMENTS);
		goto out;
	}
	bool found = version == 0;
	for (size_t i = 0; i < n; i++)
		found |= vs[i] == version;
	if (!found) {
		error("deployment '%s' has no version %d: see `sbx get %s`", name, version, name);
		goto out;
	}
	/* Renamed aside first (atomic: readers see all or nothing), then
	 * removed; a crash in between leaves a .del- entry for the next
	 * writer to finish. */
	char aside[STORE_NAME_MAX + 48];
	snprintf(aside, sizeof(aside), DEL_PREFIX "%s-%ld", name, (long)getpid());
	int from_fd = version ? nfd : s->dep_fd;
	char num[16];
	snprintf(num, sizeof(num), "%d", version);
	if (version && n == 1) {
		/* The last version: the whole deployment goes. */
		from_fd = s->dep_fd;
		version = 0;
	}
	if (renameat(from_fd, version ? num : name, from_fd, aside) != 0) {
		error("cannot remove %s: %s", where, strerror(errno));
		goto out;
	}
	fsync(from_fd);
	if (remove_tree_at(from_fd, aside) != 0)
		warning("could not remove all of %s; `sbx gc` will finish it", where);
	rc = 0;
out:
	if (nfd >= 0)
		close(nfd);
	free(vs);
	free(where);
	store_unlock(s);
	return rc;
}
