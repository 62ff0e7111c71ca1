/* session_files — the files an execution brings into the session's working
 * directory, as `sbx run` brings them into a fresh one: its --file copies
 * and, for a FILE, the program itself.
 *
 * --file copies replace what the session has under their names (giving a
 * file again updates it; a directory of that name is refused), and belong
 * to the owner of the working directory, the kernel's uid, as a one-shot
 * run's belong to the run's: as root the kernel runs as another uid, and
 * the daemon's umask (077) would leave them unreadable to it.
 *
 * A FILE given to `sbx session exec` is run as `sbx run FILE` runs it: the
 * program's file in the working directory under its own name (a program
 * that reads itself or lists its directory finds it there), and for
 * Python the names python3 FILE gives it (tracebacks and warnings name its
 * absolute path and quote its lines, __file__ is its copy, sys.argv[0] the
 * name as given: sbx_kernel.py), and for JavaScript and TypeScript the
 * names a one-shot run gives (__filename, module.filename and
 * process.argv[1] are /NAME: the prelude's sessionProgram). Code from -e,
 * standard input or a Markdown block is none of this, as for `sbx run`.
 * The client names the
 * file in the exec request ("program": the name as given and its absolute
 * path); the daemon writes the code, which the request carries, before the
 * execution's snapshot (so it is not one of the files the execution made)
 * and removes it after the execution, so the working directory holds what
 * the session's code made and its --file copies, as a one-shot run leaves
 * nothing of the program behind. A --file of the same name wins, as in a
 * one-shot run, and so does a file of that name the session already has
 * (never replaced, never removed).
 *
 * Every file is made as WORKDIR_PRIVATE/file.tmp (O_EXCL, O_NOFOLLOW, owned
 * through its fd) and renamed into place, both directories reached through
 * the fds rundir_open checked: nothing the code left in the run directory,
 * a link in place of the working directory included, is followed.
 * May call: sandbox (workdir), core, util, libc.
 */
#include "session/session_int.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/request.h"
#include "sandbox/rundir.h"
#include "sandbox/workdir.h"
#include "util/util.h"

#define TMP_NAME "file.tmp" /* in WORKDIR_PRIVATE */

/* ---- the client's side ---- */

void session_program_request(json_t *j, const struct request *req)
{
	if (!request_code_is_file(req) || req->code_from_markdown || !req->code_origin)
		return;
	char path[PATH_MAX];
	request_code_path(req, path, sizeof path);
	json_object_set_new(j, "program",
			    json_pack("{s:s, s:s}", "as_given", req->code_origin, "path", path));
}

/* ---- the daemon's side ---- */

/* A new WORKDIR_PRIVATE/file.tmp owned as the working directory is: its
 * fd, or -1. Through the directories' fds only (rundir.h): a name the code
 * swapped for a link is never followed. */
static int open_tmp(struct workdir *wd)
{
	struct stat st;
	if (fstat(wd->cwd_fd, &st) < 0)
		return -1;
	int fd = rundir_create(wd->priv_fd, TMP_NAME, 0644);
	if (fd >= 0 && fchown(fd, st.st_uid, st.st_gid) < 0) {
		close(fd);
		unlinkat(wd->priv_fd, TMP_NAME, 0);
		return -1;
	}
	return fd;
}

/* The finished temporary file to name in the working directory (its fd);
 * flags 0 replaces what is there (not a directory: a link is replaced,
 * never followed), RENAME_NOREPLACE leaves it. A name below a directory
 * (data/x.csv) gets its directories, owned as the working directory is,
 * each opened without following a link the code may have left there. */
static int place(struct workdir *wd, int fd, const char *name, unsigned flags, ino_t *ino)
{
	struct stat st, cwd;
	char leaf[256];
	int rc = fstat(fd, &st);
	int dir = rc < 0 || fstat(wd->cwd_fd, &cwd) < 0
		      ? -1
		      : rundir_parent(wd->cwd_fd, name, leaf, cwd.st_uid, cwd.st_gid);
	if (close(fd) < 0 || rc < 0 || dir < 0 ||
	    renameat2(wd->priv_fd, TMP_NAME, dir, leaf, flags) < 0) {
		int e = errno;
		unlinkat(wd->priv_fd, TMP_NAME, 0);
		if (dir >= 0)
			close(dir);
		errno = e;
		return -1;
	}
	close(dir);
	if (ino)
		*ino = st.st_ino;
	return 0;
}

int session_files_copy_in(struct workdir *wd, json_t *req, char *why, size_t n)
{
	json_t *files = json_object_get(req, "files");
	uint64_t budget = (uint64_t)json_integer_value(json_object_get(req, "files_bytes"));
	for (size_t i = 0; i < json_array_size(files); i++) {
		json_t *f = json_array_get(files, i);
		const char *src = json_string_value(json_object_get(f, "src"));
		const char *name = json_string_value(json_object_get(f, "name"));
		const char *bad;
		if (!src || !name)
			return snprintf(why, n, "a --file without a source or a name"), -1;
		if (workdir_valid_path(name, &bad) < 0)
			return snprintf(why, n, "--file %s: bad name '%s': %s", src, name, bad), -1;
		/* O_NONBLOCK: a FIFO given by mistake must not hang the open. */
		int in = open(src, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
		struct stat st;
		if (in < 0 || fstat(in, &st) < 0 || !S_ISREG(st.st_mode)) {
			int e = errno;
			if (in >= 0)
				close(in);
			return snprintf(why, n, "--file %s: %s", src,
					in < 0 ? strerror(e) : "not a regular file"),
			       -1;
		}
		int out = open_tmp(wd);
		int rc = out < 0 ? -1 : workdir_copy_stream(in, out, NULL, &budget);
		int e = errno;
		close(in);
		if (rc < 0) {
			if (out >= 0) {
				close(out);
				unlinkat(wd->priv_fd, TMP_NAME, 0);
			}
			return snprintf(why, n, "--file %s: %s", src,
					e == EFBIG ? "the files copied in exceed the files limit "
						     "(raise it with --max-files or the config)"
						   : strerror(e)),
			       -1;
		}
		if (place(wd, out, name, 0, NULL) < 0)
			return snprintf(why, n,
					"--file %s: cannot put it in the session as '%s': %s", src,
					name,
					errno == EISDIR || errno == ENOTEMPTY
					    ? "the session has a directory of that name"
					    : strerror(errno)),
			       -1;
	}
	return 0;
}

void session_program_start(struct workdir *wd, json_t *manifest, json_t *req, json_t *msg)
{
	json_t *prog = json_object_get(req, "program");
	const char *given = json_string_value(json_object_get(prog, "as_given"));
	const char *path = json_string_value(json_object_get(prog, "path"));
	const char *lang = json_string_value(json_object_get(manifest, "language"));
	json_t *code = json_object_get(req, "code");
	if (!given || !path || !lang || !json_is_string(code))
		return;
	const char *base = strrchr(given, '/');
	base = base ? base + 1 : given;
	const char *bad;
	/* The embedded engine has no files: nothing to copy, only the name. */
	bool embedded = !strcmp(lang, "javascript") || !strcmp(lang, "typescript");
	bool named = !embedded && workdir_valid_name(base, &bad) == 0;
	json_t *files = json_object_get(req, "files");
	for (size_t i = 0; named && i < json_array_size(files); i++) {
		const char *f =
		    json_string_value(json_object_get(json_array_get(files, i), "name"));
		named = !f || strcmp(f, base) != 0;
	}
	/* Not made (a file of that name, a full disk): the program still
	 * runs, its __file__ then its path as given. */
	int fd = named ? open_tmp(wd) : -1;
	ino_t ino;
	if (fd >= 0 && write_all(fd, json_string_value(code), json_string_length(code)) < 0) {
		close(fd);
		unlinkat(wd->priv_fd, TMP_NAME, 0);
	} else if (fd >= 0 && place(wd, fd, base, RENAME_NOREPLACE, &ino) == 0) {
		json_object_set_new(req, "program_copy",
				    json_pack("{s:s, s:I}", "name", base, "ino", (json_int_t)ino));
	}
	if (!strcmp(lang, "python") || embedded)
		json_object_set_new(
		    msg, "program",
		    json_pack("{s:s, s:s, s:s}", "as_given", given, "path", path, "base", base));
	else if (!strcmp(lang, "bash") && json_object_get(req, "program_copy"))
		/* bash FILE, as `sbx run x.sh` runs it: from its copy (only
		 * when the copy is the code, not a file that had the name) */
		json_object_set_new(msg, "program", json_pack("{s:s}", "base", base));
}

void session_program_end(struct workdir *wd, json_t *req)
{
	json_t *copy = json_object_get(req, "program_copy");
	const char *name = json_string_value(json_object_get(copy, "name"));
	struct stat st;
	/* Only the copy itself: what the code put in its place stays. */
	if (name && fstatat(wd->cwd_fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	    S_ISREG(st.st_mode) &&
	    (json_int_t)st.st_ino == json_integer_value(json_object_get(copy, "ino")))
		unlinkat(wd->cwd_fd, name, 0);
	json_object_del(req, "program_copy");
}

/* The embedded engine's kernel cannot open files (its allow-list has no
 * open(2)): an execution's JavaScript modules given with --file travel in
 * its frame, as the one-shot run's parent reads them for its child. */
#define MODULE_MAX_BYTES (16u << 20)

/* The workspace's own modules (a .json another language wrote, a .js
 * file put there) that the code names: the top level of the working
 * directory, regular files with one link only (not a way to a file
 * elsewhere), opened without following a link, within what is left of
 * the bound. */
static void workspace_modules(struct workdir *wd, json_t *req, json_t *mods, size_t *left)
{
	const char *code = json_string_value(json_object_get(req, "code"));
	int dfd = code ? openat(wd->cwd_fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1;
	DIR *dir = dfd >= 0 ? fdopendir(dfd) : NULL;
	if (!dir) {
		if (dfd >= 0)
			close(dfd);
		return;
	}
	struct dirent *de;
	while ((de = readdir(dir))) {
		const char *name = de->d_name;
		if (name[0] == '.' || !lang_js_module_file(name) || json_object_get(mods, name) ||
		    !strstr(code, name))
			continue;
		int fd = openat(dirfd(dir), name,
				O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
		struct stat st;
		struct buf b = BUF_INIT;
		if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_nlink == 1 &&
		    (uint64_t)st.st_size <= *left && read_fd(fd, *left, &b) == 0) {
			json_t *text = json_stringn(b.data ? b.data : "", b.len);
			if (text) {
				json_object_set_new(mods, name, text);
				*left -= b.len;
			}
		}
		buf_release(&b);
		if (fd >= 0)
			close(fd);
	}
	closedir(dir);
}

void session_modules_hello(struct workdir *wd, json_t *hello)
{
	json_t *log = json_object_get(hello, "replay"), *e;
	size_t i;
	struct buf all = BUF_INIT;
	json_array_foreach(log, i, e)
	{
		json_t *code = json_object_get(e, "code");
		if (json_is_string(code))
			buf_append(&all, json_string_value(code), json_string_length(code));
	}
	json_t *codes = all.len ? json_pack("{s:s%}", "code", all.data, all.len) : NULL;
	json_t *mods = json_object();
	size_t left = MODULE_MAX_BYTES;
	if (codes)
		workspace_modules(wd, codes, mods, &left);
	if (json_object_size(mods))
		json_object_set_new(hello, "modules", mods);
	else
		json_decref(mods);
	json_decref(codes);
	buf_release(&all);
}

void session_modules_start(struct workdir *wd, json_t *manifest, json_t *req, json_t *msg)
{
	const char *lang = json_string_value(json_object_get(manifest, "language"));
	json_t *files = json_object_get(req, "files");
	if (!lang || (strcmp(lang, "javascript") && strcmp(lang, "typescript")))
		return;
	json_t *mods = json_object();
	for (size_t i = 0; i < json_array_size(files); i++) {
		json_t *f = json_array_get(files, i);
		const char *src = json_string_value(json_object_get(f, "src"));
		const char *name = json_string_value(json_object_get(f, "name"));
		struct buf b = BUF_INIT;
		if (src && name && lang_js_module_file(name) &&
		    read_file(src, MODULE_MAX_BYTES, &b) == 0) {
			json_t *text = json_stringn(b.data ? b.data : "", b.len);
			if (text) /* not UTF-8: not a module, and import says so */
				json_object_set_new(mods, name, text);
		}
		buf_release(&b);
	}
	size_t left = MODULE_MAX_BYTES;
	workspace_modules(wd, req, mods, &left);
	if (json_object_size(mods))
		json_object_set_new(msg, "modules", mods);
	else
		json_decref(mods);
}
