/* session_ws_cmd — `sbx session files ID|NAME SUB`, the files of a
 * session's workspace, for every front (the CLI, sbx mcp's session_files_*
 * tools in their fork):
 *   ls [PATH]             its entries (name, type, size, mode, mtime)
 *   get PATH [DEST|-]     a file's bytes to DEST (default: PATH's last name
 *                         here) or standard output
 *   put SRC|- [PATH]      a local file's (or standard input's) bytes as PATH
 *                         (default: SRC's last name), directories made
 *   rm [-r] PATH          a file, or a directory with -r
 *   mkdir [-p] PATH       a directory (-p: its parents, an existing one ok)
 * The workspace side is session_workspace.c's (fds only, links refused);
 * DEST and SRC are the caller's own files, opened as cp opens them. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/request.h"
#include "sandbox/workdir.h"
#include "session/session.h"
#include "session/session_admin.h"
#include "util/util.h"

static const char *last_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

static int do_get(struct session_ws *ws, const char *path, const char *dest, uint64_t cap)
{
	uint64_t size;
	int in = session_ws_open_file(ws, path, cap, &size);
	if (in < 0)
		return -1;
	if (!dest)
		dest = last_name(path);
	bool to_stdout = !strcmp(dest, "-");
	int out =
	    to_stdout ? STDOUT_FILENO : open(dest, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (out < 0) {
		int e = errno;
		close(in);
		return error("cannot write %s: %s", dest, strerror(e));
	}
	/* What the code appends while it is read stops at the cap. */
	uint64_t budget = cap;
	int rc = workdir_copy_stream(in, out, NULL, &budget);
	int e = errno;
	close(in);
	if (!to_stdout && close(out) < 0 && rc == 0)
		rc = -1, e = errno;
	if (rc < 0)
		return error("cannot copy '%s' to %s: %s", path, dest,
			     e == EFBIG ? "it grew over the files limit while read" : strerror(e));
	return 0;
}

static int do_put(struct session_ws *ws, const char *src, const char *path, uint64_t cap)
{
	bool from_stdin = !strcmp(src, "-");
	if (!path && from_stdin)
		return error("session files put - needs the workspace path: put - PATH");
	if (!path)
		path = last_name(src);
	/* O_NONBLOCK: a fifo given by mistake must not hang the open. */
	int in = from_stdin ? STDIN_FILENO : open(src, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	struct stat st;
	if (in < 0)
		return error("cannot read %s: %s", src, strerror(errno));
	if (!from_stdin && (fstat(in, &st) < 0 || !S_ISREG(st.st_mode))) {
		close(in);
		return error("%s is not a regular file: put copies one file (give it, or - for "
			     "standard input)",
			     src);
	}
	if (!from_stdin)
		(void)fcntl(in, F_SETFL, fcntl(in, F_GETFL) & ~O_NONBLOCK);
	int rc = session_ws_write(ws, path, in, cap, NULL);
	if (!from_stdin)
		close(in);
	return rc;
}

int session_ws_command(struct request *req, char **ops, int nops, bool recursive, bool parents)
{
	static const char usage[] =
	    "usage: sbx session files ID|NAME ls [PATH] | get PATH [DEST|-] | put SRC|- [PATH] "
	    "| rm [-r] PATH | mkdir [-p] PATH";
	if (nops < 2)
		return error("%s", usage);
	const char *sub = ops[1];
	int nargs = nops - 2;
	char **args = ops + 2;
	bool ls = !strcmp(sub, "ls"), get = !strcmp(sub, "get"), put = !strcmp(sub, "put"),
	     rm = !strcmp(sub, "rm"), mk = !strcmp(sub, "mkdir");
	if (!ls && !get && !put && !rm && !mk)
		return error("unknown files subcommand '%s': %s", sub, usage);
	if ((ls && nargs > 1) || ((get || put) && (nargs < 1 || nargs > 2)) ||
	    ((rm || mk) && nargs != 1))
		return error("%s", usage);
	if ((recursive && !rm) || (parents && !mk))
		return error("%s is for %s: %s", recursive ? "-r" : "-p",
			     recursive ? "rm" : "mkdir", usage);
	char id[SESSION_ID_LEN + 1];
	if (session_resolve(req->state_dir, ops[0], id) < 0)
		return -1;
	struct session_ws *ws = session_ws_open(req->state_dir, id);
	if (!ws)
		return -1;
	uint64_t cap = req->limits.files_bytes;
	int rc;
	if (ls) {
		json_t *l = session_ws_list(ws, nargs ? args[0] : "");
		if (l)
			session_ws_print_listing(l, req->format != FORMAT_TEXT);
		rc = l ? 0 : -1;
		json_decref(l);
	} else if (get) {
		rc = do_get(ws, args[0], nargs > 1 ? args[1] : NULL, cap);
	} else if (put) {
		rc = do_put(ws, args[0], nargs > 1 ? args[1] : NULL, cap);
	} else if (rm) {
		rc = session_ws_remove(ws, args[0], recursive);
	} else {
		rc = session_ws_mkdir(ws, args[0], parents);
	}
	session_ws_close(ws);
	return rc;
}
