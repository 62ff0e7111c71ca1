/* workdir_collect — what the code left in its working directory: the
 * snapshot before the run, then the files it created or changed, listed
 * and saved to --out-dir (see workdir.h). The code ran there: every walk
 * starts from the working directory's fd opened before the run, and every
 * step is an openat with O_NOFOLLOW from its parent's fd. */
#include "sandbox/workdir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/jsonout.h"
#include "util/textout.h"
#include "util/util.h"

#define WORKDIR_MAX_WARNINGS 5 /* unsaved files named on stderr; the record has all */

struct workdir_entry {
	char *name; /* relative path */
	dev_t dev;
	ino_t ino;
	off_t size;
	struct timespec mtime;
};

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

void workdir_snapshot_release(struct workdir *wd)
{
	for (size_t i = 0; i < wd->nbefore; i++)
		free(wd->before[i].name);
	free(wd->before);
	wd->before = NULL;
	wd->nbefore = 0;
}

int workdir_snapshot(struct workdir *wd)
{
	struct walk w = {.fn = snap_add, .out_fd = -1};
	workdir_snapshot_release(wd); /* a session snapshots each execution */
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
