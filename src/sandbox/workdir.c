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

#include "util/jsonout.h"
#include "util/rmtree.h"
#include "util/textout.h"
#include "util/util.h"

/* Time spent removing: a run's own directory, then leftovers per sweep. */
#define WORKDIR_REMOVE_MS    5000.0
#define WORKDIR_SWEEP_MS     2000.0
#define COPY_CHUNK	     65536
#define WORKDIR_MAX_WARNINGS 5 /* unsaved files named on stderr; the record has all */

struct workdir_entry {
	char *name; /* relative path */
	dev_t dev;
	ino_t ino;
	off_t size;
	struct timespec mtime;
};

void workdir_init(struct workdir *wd)
{
	wd->path = NULL;
	wd->fd = -1;
	wd->cwd = NULL;
	wd->cwd_fd = -1;
	wd->before = NULL;
	wd->nbefore = 0;
}

int workdir_valid_name(const char *name, const char **why)
{
	*why = request_file_name_problem(name);
	return *why ? -1 : 0;
}

int workdir_create(struct workdir *wd, const char *base, const char *id)
{
	const char *tmp = getenv("TMPDIR");
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

int workdir_mkdir(struct workdir *wd, const char *name)
{
	if (mkdirat(wd->fd, name, 0755) < 0 && errno != EEXIST)
		return error("cannot create %s/%s: %s", wd->path, name, strerror(errno));
	return 0;
}

int workdir_write(struct workdir *wd, const char *name, const void *data, size_t len)
{
	int fd = openat(wd->fd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (fd < 0)
		return error("cannot create %s/%s: %s", wd->path, name, strerror(errno));
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
		if (workdir_valid_name(files[i].name, &why) < 0)
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
		int out = openat(wd->cwd_fd, files[i].name,
				 O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
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

/* ---- walking the tree the code may have changed ---- */

struct walk;
typedef int (*walk_fn)(struct walk *w, int dfd, const char *name, const char *rel,
		       const struct stat *st);

struct walk {
	walk_fn fn;
	size_t seen;  /* files visited, capped by WORKDIR_MAX_FILES */
	bool skipped; /* something was left out (depth, count, odd name) */
	/* snapshot */
	struct workdir_entry *v;
	size_t n, alloc;
	/* collect */
	struct workdir *wd;
	json_t *files;
	int out_fd; /* -1: list only */
	const char *out_dir;
	bool dotfiles;	/* --out-dir-dotfiles */
	size_t unsaved; /* files listed but not saved */
	uint64_t budget;
	bool over_cap;
	int failed;
};

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Visits regular files below dfd (which it closes), sorted by name in each
 * directory so listings are stable. Never follows a link: each step is an
 * openat(O_NOFOLLOW) from the parent's fd. */
static void walk_dir(struct walk *w, int dfd, const char *prefix, int depth)
{
	DIR *d = fdopendir(dfd);
	if (!d) {
		close(dfd);
		return;
	}
	char **names = NULL;
	size_t n = 0, alloc = 0;
	struct dirent *de;
	while ((de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (n >= WORKDIR_MAX_FILES) {
			w->skipped = true;
			break;
		}
		if (n == alloc) {
			alloc = alloc ? alloc * 2 : 16;
			names = xrealloc(names, alloc * sizeof *names);
		}
		names[n++] = xstrdup(de->d_name);
	}
	/* An empty directory has no array at all: qsort(NULL, 0) is still
	 * undefined (UBSan stops the sanitized build's runs there). */
	if (n)
		qsort(names, n, sizeof *names, cmp_str);
	for (size_t i = 0; i < n; i++) {
		char rel[PATH_MAX];
		int len = prefix ? snprintf(rel, sizeof rel, "%s/%s", prefix, names[i])
				 : snprintf(rel, sizeof rel, "%s", names[i]);
		struct stat st;
		if (len < 0 || (size_t)len >= sizeof rel ||
		    fstatat(dirfd(d), names[i], &st, AT_SYMLINK_NOFOLLOW) < 0) {
			w->skipped = true;
			continue;
		}
		if (S_ISREG(st.st_mode)) {
			if (w->seen++ >= WORKDIR_MAX_FILES) {
				w->skipped = true;
				continue;
			}
			w->fn(w, dirfd(d), names[i], rel, &st);
		} else if (S_ISDIR(st.st_mode)) {
			if (depth + 1 >= WORKDIR_MAX_DEPTH) {
				w->skipped = true;
				continue;
			}
			int sub = openat(dirfd(d), names[i],
					 O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			if (sub >= 0)
				walk_dir(w, sub, rel, depth + 1);
		}
		/* Links, devices, FIFOs, sockets: not files the code produced. */
	}
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	closedir(d);
}

static void walk_tree(struct walk *w, struct workdir *wd)
{
	int fd = openat(wd->cwd_fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0)
		walk_dir(w, fd, NULL, 0);
}

static int snap_add(struct walk *w, int dfd, const char *name, const char *rel,
		    const struct stat *st)
{
	(void)dfd;
	(void)name;
	if (w->n == w->alloc) {
		w->alloc = w->alloc ? w->alloc * 2 : 8;
		w->v = xrealloc(w->v, w->alloc * sizeof *w->v);
	}
	struct workdir_entry *e = &w->v[w->n++];
	e->name = xstrdup(rel);
	e->dev = st->st_dev;
	e->ino = st->st_ino;
	e->size = st->st_size;
	e->mtime = st->st_mtim;
	return 0;
}

int workdir_snapshot(struct workdir *wd)
{
	struct walk w = {.fn = snap_add, .out_fd = -1};
	for (size_t i = 0; i < wd->nbefore; i++) /* a session snapshots each execution */
		free(wd->before[i].name);
	free(wd->before);
	walk_tree(&w, wd);
	wd->before = w.v;
	wd->nbefore = w.n;
	return 0;
}

static bool unchanged(const struct workdir *wd, const char *rel, const struct stat *st)
{
	for (size_t i = 0; i < wd->nbefore; i++) {
		const struct workdir_entry *e = &wd->before[i];
		if (strcmp(e->name, rel))
			continue;
		return e->dev == st->st_dev && e->ino == st->st_ino && e->size == st->st_size &&
		       e->mtime.tv_sec == st->st_mtim.tv_sec &&
		       e->mtime.tv_nsec == st->st_mtim.tv_nsec;
	}
	return false;
}

/* Opens (creating) the directory of rel under the out dir, one component at
 * a time with O_NOFOLLOW, so a link planted there is never followed. */
static int out_parent(struct walk *w, const char *rel, const char **base)
{
	int fd = dup(w->out_fd);
	const char *p = rel, *slash;
	while (fd >= 0 && (slash = strchr(p, '/'))) {
		char comp[NAME_MAX + 1];
		size_t len = (size_t)(slash - p);
		if (len > NAME_MAX) {
			close(fd);
			return -1;
		}
		memcpy(comp, p, len);
		comp[len] = '\0';
		if (mkdirat(fd, comp, 0755) < 0 && errno != EEXIST) {
			close(fd);
			return -1;
		}
		int sub = openat(fd, comp, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		close(fd);
		fd = sub;
		p = slash + 1;
	}
	*base = p;
	return fd;
}

/* Why a file the code made is not saved to the out dir, or NULL to save it.
 * Its name is the code's choice and the out dir the user's: a name that is
 * not UTF-8 or holds a control character would trip up whoever reads the
 * directory next, and a dot-file or dot-directory there is often read as
 * configuration (.git/config ran a host command through core.fsmonitor). */
static const char *name_refused(const struct walk *w, const char *rel)
{
	json_t *probe = json_string(rel); /* NULL if rel is not UTF-8 */
	json_decref(probe);
	if (!probe)
		return "not saved: the name is not valid UTF-8 (listed with U+FFFD)";
	for (const char *p = rel; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			return "not saved: the name contains a control character";
	if (!w->dotfiles)
		for (const char *p = rel; p; p = strchr(p, '/'), p = p ? p + 1 : NULL)
			if (*p == '.')
				return "not saved: dot-files and dot-directories are saved only "
				       "with --out-dir-dotfiles";
	return NULL;
}

/* Creates the file rel in the out dir, never over anything that exists
 * (O_EXCL: a file, a link, a FIFO alike) and never through a link. Returns
 * the fd, or -1 with *why set. */
static int out_create(struct walk *w, const char *rel, int *pfd, const char **base,
		      const char **why)
{
	*pfd = out_parent(w, rel, base);
	if (*pfd < 0) {
		*why = errno == ELOOP || errno == ENOTDIR
			   ? "not saved: a directory on its way in the out dir is a link or "
			     "not a directory"
			   : "not saved: its directory cannot be made in the out dir";
		return -1;
	}
	int fd = openat(*pfd, *base, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (fd < 0)
		*why = errno == EEXIST ? "not saved: the out dir has something of that name "
					 "already (sbx never overwrites)"
				       : "not saved: it cannot be created in the out dir";
	return fd;
}

static void note_unsaved(struct walk *w, json_t *item, const char *rel, const char *why)
{
	json_object_set_new(item, "note", json_string(why));
	if (w->unsaved++ < WORKDIR_MAX_WARNINGS) {
		struct buf b = BUF_INIT;
		buf_put_escaped(&b, rel, strlen(rel), false);
		warning("'%s': %s", buf_cstr(&b), why);
		buf_release(&b);
	}
}

static int collect_one(struct walk *w, int dfd, const char *name, const char *rel,
		       const struct stat *st)
{
	if (unchanged(w->wd, rel, st))
		return 0;
	json_t *item =
	    json_pack("{s:o, s:I, s:n, s:n}", "name", json_string_utf8_lossy(rel, strlen(rel)),
		      "size", (json_int_t)st->st_size, "sha256", "path");
	json_array_append_new(w->files, item);
	if (w->over_cap || (uint64_t)st->st_size > w->budget) {
		w->over_cap = true;
		return 0;
	}
	const char *why = w->out_fd >= 0 ? name_refused(w, rel) : NULL;
	int in = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	struct stat st2;
	if (in < 0 || fstat(in, &st2) < 0 || !S_ISREG(st2.st_mode)) {
		if (in >= 0)
			close(in);
		return 0;
	}
	int out = -1, pfd = -1;
	const char *base = rel;
	if (w->out_fd >= 0 && !why) {
		out = out_create(w, rel, &pfd, &base, &why);
		if (out < 0)
			w->failed = -1;
	}
	if (why)
		note_unsaved(w, item, rel, why);
	struct sha256 md;
	sha256_init(&md);
	uint64_t budget = w->budget;
	int rc = workdir_copy_stream(in, out, &md, &budget);
	int e = errno;
	close(in);
	if (out >= 0 && close(out) < 0 && rc == 0) {
		rc = -1;
		e = errno;
	}
	if (rc == 0) {
		char hex[65];
		sha256_final_hex(&md, hex);
		json_object_set_new(item, "sha256", json_string(hex));
		json_object_set_new(item, "size", json_integer((json_int_t)(w->budget - budget)));
		w->budget = budget;
		if (out >= 0) {
			struct buf path = BUF_INIT;
			buf_printf(&path, "%s/%s", w->out_dir, rel);
			json_object_set_new(item, "path",
					    json_string_utf8_lossy(path.data, path.len));
			buf_release(&path);
		}
	} else {
		/* Never leave half a file behind: it is ours (O_EXCL made it). */
		if (out >= 0) {
			unlinkat(pfd, base, 0);
			note_unsaved(w, item, rel,
				     e == EFBIG ? "not saved: over the files cap"
						: "not saved: writing it failed");
			w->failed = -1;
		}
		if (e == EFBIG)
			w->over_cap = true;
	}
	if (pfd >= 0)
		close(pfd);
	return 0;
}

int workdir_collect(struct workdir *wd, const char *out_dir, bool dotfiles, uint64_t cap,
		    json_t **files)
{
	struct walk w = {.fn = collect_one,
			 .wd = wd,
			 .files = json_array(),
			 .out_fd = -1,
			 .out_dir = out_dir,
			 .dotfiles = dotfiles,
			 .budget = cap};
	*files = w.files;
	if (out_dir) {
		if (mkdir(out_dir, 0755) < 0 && errno != EEXIST)
			return error("--out-dir %s: %s", out_dir, strerror(errno));
		w.out_fd = open(out_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (w.out_fd < 0)
			return error("--out-dir %s: %s", out_dir, strerror(errno));
	}
	walk_tree(&w, wd);
	if (w.out_fd >= 0)
		close(w.out_fd);
	if (w.unsaved > WORKDIR_MAX_WARNINGS)
		warning("%zu more files were not saved to %s (see \"note\" in the record's files)",
			w.unsaved - WORKDIR_MAX_WARNINGS, out_dir);
	if (w.over_cap)
		warning("the files the code produced exceed the %llu-byte cap: some are listed "
			"without a hash%s",
			(unsigned long long)cap, out_dir ? " and not saved" : "");
	if (w.skipped)
		warning("some files the code produced were not listed (more than %d files, or "
			"deeper than %d directories)",
			WORKDIR_MAX_FILES, WORKDIR_MAX_DEPTH);
	return w.failed;
}

void workdir_rmtree_at(int dfd, const char *name)
{
	(void)rmtree_at(dfd, name, 0);
}

void workdir_remove(struct workdir *wd)
{
	if (wd->path && wd->fd >= 0) {
		/* Bounded: a tree too big to remove in time is left, unlocked
		 * once wd->fd is closed, for the next run's sweep to finish. */
		if (rmtree_at(AT_FDCWD, wd->path, now_monotonic_ms() + WORKDIR_REMOVE_MS) < 0)
			warning("could not remove all of the working directory %s (a later run "
				"tries again)",
				wd->path);
	}
	if (wd->fd >= 0)
		close(wd->fd);
	if (wd->cwd_fd >= 0)
		close(wd->cwd_fd);
	free(wd->cwd);
	for (size_t i = 0; i < wd->nbefore; i++)
		free(wd->before[i].name);
	free(wd->before);
	free(wd->path);
	workdir_init(wd);
}
