/* session_workspace — the files API of a session's workspace (`sbx session
 * files`, the HTTP files routes, MCP's session_files_* tools): list, read,
 * write, remove and make directories below its working directory.
 *
 * Where it runs: in the caller's process (the command line, a connection's
 * thread of sbx serve), through the fds rundir_open checks, not in the
 * session's daemon. The safety of an operation cannot come from
 * serialising it with executions: the kernel lives between executions
 * and its code (a thread, a child it left) may rename anything in the
 * working directory at any moment. It comes from how every name is
 * reached: from the working directory's fd, one component at a time
 * (openat with O_NOFOLLOW|O_DIRECTORY: rundir_open_beneath), a link or a
 * file on the way refused, the final name checked with fstatat
 * (AT_SYMLINK_NOFOLLOW) and opened with O_NOFOLLOW; a new file made as a
 * temporary file in WORKDIR_PRIVATE (O_EXCL, owned by the working
 * directory's owner, the kernel's uid, as --file copies are) and renamed
 * into place, so no name the code controls is ever written through. A
 * swap after the check gives at worst an error or a file of the
 * workspace, never one outside it. Running in the caller also serves a
 * stopped session without starting its kernel, and keeps 100 MiB of
 * bytes off the daemon's control socket.
 *
 * May call: sandbox (rundir, workdir), core, util, libc.
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
#include <time.h>
#include <unistd.h>

#include "sandbox/rundir.h"
#include "sandbox/workdir.h"
#include "util/rmtree.h"
#include "util/textout.h"
#include "util/util.h"

#define WS_PATH_MAX  1024  /* bytes of a path, as --file names */
#define WS_DEPTH_MAX 16	   /* directories deep, as --file names */
#define WS_RM_MS     30000 /* a recursive removal gives up after this */

struct session_ws {
	struct workdir wd;
	uid_t uid; /* the working directory's owner: the kernel's uid */
	gid_t gid;
	uint64_t quota; /* the disk quota (session_quota.c) */
	char id[SESSION_ID_LEN + 1];
};

struct session_ws *session_ws_open(const char *state_dir, const char *id)
{
	json_t *m = session_read(state_dir, id);
	const char *rundir = json_string_value(json_object_get(m, "rundir"));
	if (!m)
		return NULL;
	if (!rundir) {
		json_decref(m);
		error_of(ERROR_INTERNAL,
			 "session %s has no working directory in its manifest: "
			 "delete it and create another",
			 id);
		return NULL;
	}
	struct session_ws *ws = xcalloc(1, sizeof *ws);
	workdir_init(&ws->wd);
	struct stat st;
	int rc = rundir_open(&ws->wd, rundir);
	ws->quota = session_disk_quota(m);
	json_decref(m);
	if (rc < 0 || fstat(ws->wd.cwd_fd, &st) < 0) {
		if (rc == 0)
			error_of(ERROR_INTERNAL, "session %s: its working directory: %s", id,
				 strerror(errno));
		rundir_close(&ws->wd);
		free(ws);
		return NULL;
	}
	ws->uid = st.st_uid;
	ws->gid = st.st_gid;
	snprintf(ws->id, sizeof ws->id, "%s", id);
	return ws;
}

void session_ws_close(struct session_ws *ws)
{
	if (!ws)
		return;
	rundir_close(&ws->wd);
	free(ws);
}

/* "" and "." are the workspace itself (root_ok); otherwise a relative path
 * of plain names. NULL, or why not. */
static const char *path_problem(const char *path, bool root_ok)
{
	size_t len = strlen(path), depth = 0;
	if (len == 0 || !strcmp(path, "."))
		return root_ok ? NULL : "it names the workspace itself: give a file's path";
	if (path[0] == '/')
		return "it is absolute: give a path relative to the workspace (data/x.csv)";
	if (len > WS_PATH_MAX)
		return "it is longer than 1024 bytes";
	if (!utf8_printable(path, len))
		return "it contains a control character or bytes that are not UTF-8: rename the "
		       "file from code first";
	for (const char *p = path;;) {
		size_t n = strcspn(p, "/");
		if (n == 0)
			return *p ? "it has an empty part (a doubled '/')" : "it ends with '/'";
		if (n > NAME_MAX)
			return "a part of it is longer than 255 bytes";
		if ((n == 1 && p[0] == '.') || (n == 2 && p[0] == '.' && p[1] == '.'))
			return "'.' and '..' are refused: give the path from the workspace down";
		if (++depth > WS_DEPTH_MAX)
			return "it is more than 16 directories deep";
		if (!p[n])
			return NULL;
		p += n + 1;
	}
}

static int bad_path(const char *path, const char *why)
{
	return error_of(ERROR_INVALID, "invalid workspace path '%s': %s", path, why);
}

/* The directory that holds path's last component (its fd, never reached
 * through a link), the component into leaf; -1 after a message. */
static int open_parent(struct session_ws *ws, const char *path, char leaf[NAME_MAX + 1])
{
	const char *slash = strrchr(path, '/');
	char dir[WS_PATH_MAX + 1];
	size_t n = slash ? (size_t)(slash - path) : 0;
	memcpy(dir, path, n);
	dir[n] = 0;
	snprintf(leaf, NAME_MAX + 1, "%s", slash ? slash + 1 : path);
	int fd = rundir_open_beneath(ws->wd.cwd_fd, dir);
	if (fd >= 0)
		return fd;
	if (errno == ENOENT)
		return error_of(ERROR_NOT_FOUND,
				"no directory '%s' in session %s's workspace (make it with 'sbx "
				"session files ID mkdir -p %s')",
				dir, ws->id, dir);
	if (errno == ELOOP || errno == ENOTDIR)
		return error_of(ERROR_INVALID,
				"workspace path '%s': a part of '%s' is a link or not a directory; "
				"links are never followed: give the real directory's path",
				path, dir);
	return error_of(ERROR_INTERNAL, "workspace path '%s': %s", path, strerror(errno));
}

static const char *type_name(mode_t m)
{
	return S_ISREG(m)    ? "file"
	       : S_ISDIR(m)  ? "directory"
	       : S_ISLNK(m)  ? "link"
	       : S_ISFIFO(m) ? "fifo"
	       : S_ISSOCK(m) ? "socket"
			     : "device";
}

static json_t *entry_json(const char *name, const struct stat *st)
{
	char mode[8], mtime[32];
	struct tm tm;
	snprintf(mode, sizeof mode, "%04o", (unsigned)(st->st_mode & 07777));
	gmtime_r(&st->st_mtime, &tm);
	strftime(mtime, sizeof mtime, "%Y-%m-%dT%H:%M:%SZ", &tm);
	return json_pack("{s:s, s:s, s:I, s:s, s:s}", "name", name, "type", type_name(st->st_mode),
			 "size", (json_int_t)st->st_size, "mode", mode, "mtime", mtime);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(json_string_value(json_object_get(*(json_t *const *)a, "name")),
		      json_string_value(json_object_get(*(json_t *const *)b, "name")));
}

/* fd's entries into an array, at most SESSION_WS_LIST_MAX (*truncated
 * then), names that are not printable UTF-8 counted in *skipped. Takes
 * fd. */
static json_t *list_dir(int fd, bool *truncated, size_t *skipped)
{
	DIR *d = fdopendir(fd);
	json_t *arr = json_array();
	if (!d) {
		close(fd);
		return arr;
	}
	size_t n = 0, cap = 0;
	json_t **v = NULL;
	struct dirent *de;
	while ((de = readdir(d))) {
		struct stat st;
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (n == SESSION_WS_LIST_MAX) {
			*truncated = true;
			break;
		}
		if (!utf8_printable(de->d_name, strlen(de->d_name))) {
			(*skipped)++;
			continue;
		}
		if (fstatat(dirfd(d), de->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0)
			continue; /* gone meanwhile */
		if (n == cap)
			v = xrealloc(v, (cap = cap ? cap * 2 : 64) * sizeof *v);
		v[n++] = entry_json(de->d_name, &st);
	}
	closedir(d);
	qsort(v, n, sizeof *v, by_name);
	for (size_t i = 0; i < n; i++)
		json_array_append_new(arr, v[i]);
	free(v);
	return arr;
}

json_t *session_ws_list(struct session_ws *ws, const char *path)
{
	const char *why = path_problem(path, true);
	if (why)
		return bad_path(path, why), NULL;
	bool root = !*path || !strcmp(path, ".");
	char leaf[NAME_MAX + 1];
	int parent = root ? -1 : open_parent(ws, path, leaf);
	struct stat st;
	if (!root && parent < 0)
		return NULL;
	if (!root && fstatat(parent, leaf, &st, AT_SYMLINK_NOFOLLOW) < 0) {
		close(parent);
		error_of(ERROR_NOT_FOUND, "no '%s' in session %s's workspace", path, ws->id);
		return NULL;
	}
	bool truncated = false;
	size_t skipped = 0;
	json_t *entries;
	if (!root && !S_ISDIR(st.st_mode)) {
		entries = json_pack("[o]", entry_json(leaf, &st));
	} else {
		int fd =
		    root ? fcntl(ws->wd.cwd_fd, F_DUPFD_CLOEXEC, 0)
			 : openat(parent, leaf, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (fd < 0) {
			if (parent >= 0)
				close(parent);
			error_of(ERROR_INVALID, "workspace path '%s': %s", path, strerror(errno));
			return NULL;
		}
		entries = list_dir(fd, &truncated, &skipped);
	}
	if (parent >= 0)
		close(parent);
	json_t *j = json_pack("{s:s, s:s, s:o, s:b}", "path", root ? "." : path, "type",
			      root ? "directory" : type_name(st.st_mode), "entries", entries,
			      "truncated", truncated);
	if (skipped)
		json_object_set_new(j, "unlisted_names", json_integer((json_int_t)skipped));
	return j;
}

int session_ws_open_file(struct session_ws *ws, const char *path, uint64_t cap, uint64_t *size)
{
	const char *why = path_problem(path, false);
	if (why)
		return bad_path(path, why);
	char leaf[NAME_MAX + 1];
	int parent = open_parent(ws, path, leaf);
	if (parent < 0)
		return -1;
	/* O_NONBLOCK: a fifo the code made must not hang the open. */
	int fd = openat(parent, leaf, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	int e = errno;
	close(parent);
	struct stat st;
	if (fd < 0 && e == ENOENT)
		return error_of(ERROR_NOT_FOUND, "no file '%s' in session %s's workspace", path,
				ws->id);
	if (fd < 0 && e == ELOOP)
		return error_of(ERROR_INVALID,
				"workspace path '%s' is a link: links are never followed; read the "
				"file it points to by its own path in the workspace",
				path);
	if (fd < 0)
		return error_of(ERROR_INVALID, "workspace path '%s': %s", path, strerror(e));
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		if (S_ISDIR(st.st_mode))
			return error_of(ERROR_INVALID,
					"workspace path '%s' is a directory: list it with ls",
					path);
		return error_of(
		    ERROR_INVALID,
		    "workspace path '%s' is a %s, not a regular file: only files are read", path,
		    type_name(st.st_mode));
	}
	/* A second name of a file may be a file from outside the workspace
	 * that the code linked in: only a file with one name is read. */
	if (st.st_nlink > 1) {
		close(fd);
		return error_of(ERROR_INVALID,
				"workspace file '%s' has %lu hard links and may be a file from "
				"outside the workspace: copy it with code (cp) and read the copy",
				path, (unsigned long)st.st_nlink);
	}
	if ((uint64_t)st.st_size > cap) {
		close(fd);
		return error_of(ERROR_LIMIT,
				"workspace file '%s' is %llu bytes, over the %llu-byte files limit "
				"(raise the config's limits.max_files)",
				path, (unsigned long long)st.st_size, (unsigned long long)cap);
	}
	int fl = fcntl(fd, F_GETFL);
	if (fl >= 0)
		(void)fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
	*size = (uint64_t)st.st_size;
	return fd;
}

/* The leaf of parent must be absent or a file to replace: 0 or -1 after a
 * message. */
static int check_replaceable(int parent, const char *leaf, const char *path)
{
	struct stat st;
	if (fstatat(parent, leaf, &st, AT_SYMLINK_NOFOLLOW) < 0)
		return errno == ENOENT ? 0
				       : error_of(ERROR_INTERNAL, "workspace path '%s': %s", path,
						  strerror(errno));
	if (S_ISLNK(st.st_mode))
		return error_of(ERROR_INVALID,
				"workspace path '%s' is a link: links are never written through; "
				"remove it first (sbx session files ID rm %s)",
				path, path);
	if (S_ISDIR(st.st_mode))
		return error_of(ERROR_CONFLICT,
				"workspace path '%s' is a directory: give a file's path below it",
				path);
	return 0;
}

/* in's bytes (in >= 0) or data's, as path. */
static int write_from(struct session_ws *ws, const char *path, int in, const void *data, size_t len,
		      uint64_t cap, uint64_t *written)
{
	const char *why = path_problem(path, false);
	if (why)
		return bad_path(path, why);
	char leaf[256], tmp[64];
	/* Missing directories are made, as for --file data/x.csv. */
	int parent = rundir_parent(ws->wd.cwd_fd, path, leaf, ws->uid, ws->gid);
	if (parent < 0)
		return errno == ELOOP || errno == ENOTDIR
			   ? error_of(
				 ERROR_INVALID,
				 "workspace path '%s': a directory on the way is a link or a "
				 "file; links are never followed: give the real directory's path",
				 path)
			   : error_of(ERROR_INTERNAL, "workspace path '%s': %s", path,
				      strerror(errno));
	if (check_replaceable(parent, leaf, path) < 0) {
		close(parent);
		return -1;
	}
	/* The disk quota bounds the bytes as the files cap does: what the
	 * workspace holds, less the file this one replaces. Checked, not
	 * reserved: two writes at once may each take what is left. */
	struct stat was;
	uint64_t used = session_disk_usage(ws->wd.cwd_fd, ws->quota);
	if (fstatat(parent, leaf, &was, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(was.st_mode))
		used -= used < (uint64_t)was.st_blocks * 512 ? used : (uint64_t)was.st_blocks * 512;
	uint64_t left = used < ws->quota ? ws->quota - used : 0;
	bool by_quota = left < cap;
	if (by_quota)
		cap = left;
	/* A name of its own per writer: two requests may write at once. */
	static unsigned serial;
	snprintf(tmp, sizeof tmp, "put.%ld.%u.tmp", (long)getpid(),
		 __atomic_add_fetch(&serial, 1, __ATOMIC_RELAXED));
	int out = rundir_create(ws->wd.priv_fd, tmp, 0644);
	uint64_t budget = cap;
	int rc;
	if (out < 0 || fchown(out, ws->uid, ws->gid) < 0)
		rc = -1;
	else if (in >= 0)
		rc = workdir_copy_stream(in, out, NULL, &budget);
	else if (len > cap)
		rc = -1, errno = EFBIG;
	else if ((rc = write_all(out, data, len)) == 0)
		budget = cap - len;
	int e = errno;
	if (out >= 0 && close(out) < 0 && rc == 0)
		rc = -1, e = errno;
	if (rc == 0 && renameat(ws->wd.priv_fd, tmp, parent, leaf) < 0)
		rc = -1, e = errno;
	if (rc < 0)
		unlinkat(ws->wd.priv_fd, tmp, 0);
	close(parent);
	if (rc < 0 && e == EFBIG && by_quota) {
		char what[WS_PATH_MAX + 64];
		snprintf(what, sizeof what, "the bytes for '%s' do not fit", path);
		return session_quota_error(ws->id, what, used, ws->quota);
	}
	if (rc < 0 && e == EFBIG)
		return error_of(ERROR_LIMIT,
				"the bytes for '%s' are over the %llu-byte files limit (raise "
				"the config's limits.max_files)",
				path, (unsigned long long)cap);
	if (rc < 0 && (e == EISDIR || e == ENOTEMPTY))
		return error_of(ERROR_CONFLICT, "workspace path '%s' is a directory now", path);
	if (rc < 0)
		return error_of(ERROR_INTERNAL, "cannot write '%s' in session %s's workspace: %s",
				path, ws->id, strerror(e));
	if (written)
		*written = cap - budget;
	return 0;
}

int session_ws_write(struct session_ws *ws, const char *path, int in, uint64_t cap,
		     uint64_t *written)
{
	return write_from(ws, path, in, NULL, 0, cap, written);
}

int session_ws_write_bytes(struct session_ws *ws, const char *path, const void *data, size_t len,
			   uint64_t cap)
{
	return write_from(ws, path, -1, data, len, cap, NULL);
}

int session_ws_remove(struct session_ws *ws, const char *path, bool recursive)
{
	const char *why = path_problem(path, false);
	if (why)
		return bad_path(path, why);
	char leaf[NAME_MAX + 1];
	int parent = open_parent(ws, path, leaf);
	struct stat st;
	if (parent < 0)
		return -1;
	int rc = 0;
	if (fstatat(parent, leaf, &st, AT_SYMLINK_NOFOLLOW) < 0)
		rc = error_of(ERROR_NOT_FOUND, "no '%s' in session %s's workspace", path, ws->id);
	else if (S_ISLNK(st.st_mode))
		rc = error_of(ERROR_INVALID,
			      "workspace path '%s' is a link: links are refused; remove it from "
			      "code (rm %s)",
			      path, path);
	else if (S_ISDIR(st.st_mode) && !recursive)
		rc = error_of(ERROR_INVALID,
			      "workspace path '%s' is a directory: remove it with -r (HTTP: "
			      "recursive=1)",
			      path);
	else if (S_ISDIR(st.st_mode))
		/* rmtree_at opens every directory with O_NOFOLLOW from its
		 * parent's fd: a link the code plants below is removed, never
		 * followed. */
		rc = rmtree_at(parent, leaf, now_monotonic_ms() + WS_RM_MS) == 0
			 ? 0
			 : error_of(ERROR_INTERNAL,
				    "cannot remove all of '%s' in session %s's workspace", path,
				    ws->id);
	else if (unlinkat(parent, leaf, 0) < 0 && errno != ENOENT)
		rc = error_of(ERROR_INTERNAL, "cannot remove '%s': %s", path, strerror(errno));
	close(parent);
	return rc;
}

int session_ws_mkdir(struct session_ws *ws, const char *path, bool parents)
{
	const char *why = path_problem(path, false);
	if (why)
		return bad_path(path, why);
	uint64_t used = session_disk_usage(ws->wd.cwd_fd, ws->quota);
	if (used >= ws->quota) {
		char what[WS_PATH_MAX + 32];
		snprintf(what, sizeof what, "cannot make '%s'", path);
		return session_quota_error(ws->id, what, used, ws->quota);
	}
	int fd = fcntl(ws->wd.cwd_fd, F_DUPFD_CLOEXEC, 0);
	const char *p = path;
	while (fd >= 0) {
		char part[NAME_MAX + 1];
		size_t n = strcspn(p, "/");
		bool last = !p[n];
		memcpy(part, p, n);
		part[n] = 0;
		/* Without -p only the last component is made. */
		bool made = (last || parents) && mkdirat(fd, part, 0755) == 0;
		if (!made && (last || parents) && errno != EEXIST) {
			int e = errno;
			close(fd);
			return e == ENOENT || e == ENOTDIR
				   ? error_of(ERROR_INVALID, "cannot make '%s': %s", path,
					      strerror(e))
				   : error_of(ERROR_INTERNAL, "cannot make '%s': %s", path,
					      strerror(e));
		}
		if (!made && last && !parents) {
			close(fd);
			return error_of(
			    ERROR_CONFLICT,
			    "workspace path '%s' exists already (-p accepts an existing "
			    "directory)",
			    path);
		}
		int next = openat(fd, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		int e = errno;
		close(fd);
		if (next < 0 && e == ENOENT)
			return error_of(ERROR_NOT_FOUND,
					"cannot make '%s': '%s' does not exist (-p makes it)", path,
					part);
		if (next < 0)
			return error_of(ERROR_INVALID,
					"workspace path '%s': '%s' is a link or a file; links are "
					"never followed",
					path, part);
		if (made && (fchown(next, ws->uid, ws->gid) < 0 || fchmod(next, 0755) < 0)) {
			e = errno;
			close(next);
			return error_of(ERROR_INTERNAL, "cannot give '%s' to the session: %s", path,
					strerror(e));
		}
		fd = next;
		if (last)
			break;
		p += n + 1;
	}
	if (fd >= 0)
		close(fd);
	return 0;
}
