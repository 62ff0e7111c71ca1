/* remote_session_files — `sbx --remote URL session files REF SUB ...` on
 * GET, PUT and DELETE /v1/sessions/REF/files (session_files_http.c), with
 * the answers printed and saved as `sbx session files` does locally:
 *   ls [PATH]          GET ?path= (a file's entry: from its directory's
 *                      listing, as the GET of a file gives its bytes)
 *   get PATH [DEST|-]  GET ?path=, a directory refused as locally
 *   put SRC|- [PATH]   PUT ?path= with the bytes
 *   rm [-r] PATH       DELETE ?path=[&recursive=1]
 *   mkdir [-p] PATH    PUT ?path=&directory=1[&parents=1]
 * The server checks the path and its limits (its --max-body bounds a put). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/outcome.h"
#include "serve/curl.h"
#include "serve/remote.h"
#include "session/session.h"
#include "util/buf.h"
#include "util/util.h"

#define PUT_CAP (256u << 20) /* read from SRC; the server's caps are lower */

/* /v1/sessions/REF/files?path=PATH plus extra ("&recursive=1"). */
static char *files_url(const char *ref, const char *path, const char *extra)
{
	char *r = curl.easy_escape(NULL, ref, 0), *p = curl.easy_escape(NULL, path, 0);
	char *url = xasprintf("/v1/sessions/%s/files?path=%s%s", r ? r : "", p ? p : "", extra);
	curl.free(r);
	curl.free(p);
	return url;
}

/* One request; its answer in *r (status 200) or its error printed. */
static int request(const char *method, const char *url, const char *body, size_t len,
		   struct remote_reply *r)
{
	if (remote_call(method, url, body, len, "application/json", r) != 0)
		return -1;
	if (r->status != 200) {
		remote_fail(r);
		return -1;
	}
	return 0;
}

static const char *last_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

static int do_ls(const char *ref, const char *path, bool json)
{
	struct remote_reply r = {0};
	char *url = files_url(ref, path, "");
	int rc = request("GET", url, NULL, 0, &r);
	free(url);
	if (rc == 0 && strcmp(r.path_type, "directory")) {
		/* a file: its entry, from its directory's listing */
		char dir[1100];
		const char *slash = strrchr(path, '/');
		snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) : 1,
			 slash ? path : ".");
		buf_release(&r.body);
		url = files_url(ref, dir, "");
		rc = request("GET", url, NULL, 0, &r);
		free(url);
		json_t *l = rc == 0 ? json_loadb(r.body.data, r.body.len, 0, NULL) : NULL;
		json_t *entries = json_object_get(l, "entries"), *e, *one = NULL;
		size_t i;
		json_array_foreach(entries, i,
				   e) if (!strcmp(json_string_value(json_object_get(e, "name")),
						  last_name(path))) one = e;
		json_t *lone =
		    one ? json_pack("{s:s, s:O, s:[O], s:b}", "path", path, "type",
				    json_object_get(one, "type"), "entries", one, "truncated", 0)
			: NULL;
		if (lone)
			session_ws_print_listing(lone, json);
		json_decref(lone);
		json_decref(l);
		buf_release(&r.body);
		return one ? 0 : rc == 0 ? error("no '%s' in the session's workspace", path) : -1;
	}
	json_t *l = rc == 0 ? json_loadb(r.body.data, r.body.len, 0, NULL) : NULL;
	if (l)
		session_ws_print_listing(l, json);
	json_decref(l);
	buf_release(&r.body);
	return rc == 0 && !l ? error("the server's listing is not JSON") : rc;
}

static int do_get(const char *ref, const char *path, const char *dest)
{
	struct remote_reply r = {0};
	char *url = files_url(ref, path, "");
	int rc = request("GET", url, NULL, 0, &r);
	free(url);
	if (rc == 0 && !strcmp(r.path_type, "directory"))
		rc = error("workspace path '%s' is a directory: list it with ls", path);
	if (!dest)
		dest = last_name(path);
	bool to_stdout = !strcmp(dest, "-");
	int out = rc < 0      ? -1
		  : to_stdout ? STDOUT_FILENO
			      : open(dest, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (rc == 0 && out < 0)
		rc = error("cannot write %s: %s", dest, strerror(errno));
	if (rc == 0 && write_all(out, r.body.data ? r.body.data : "", r.body.len) < 0)
		rc = error("cannot write %s: %s", dest, strerror(errno));
	if (out >= 0 && !to_stdout && close(out) < 0 && rc == 0)
		rc = error("cannot write %s: %s", dest, strerror(errno));
	buf_release(&r.body);
	return rc;
}

static int do_put(const char *ref, const char *src, const char *path)
{
	bool from_stdin = !strcmp(src, "-");
	if (!path && from_stdin)
		return error("session files put - needs the workspace path: put - PATH");
	struct buf b = BUF_INIT;
	int in = from_stdin ? STDIN_FILENO : open(src, O_RDONLY | O_CLOEXEC);
	if (in < 0)
		return error("cannot read %s: %s", src, strerror(errno));
	int rc = read_fd(in, PUT_CAP, &b);
	if (!from_stdin)
		close(in);
	if (rc != 0) {
		buf_release(&b);
		return error("cannot read %s (a file of at most %u MiB)", src, PUT_CAP >> 20);
	}
	struct remote_reply r = {0};
	char *url = files_url(ref, path ? path : last_name(src), "");
	rc = request("PUT", url, b.data ? b.data : "", b.len, &r);
	free(url);
	buf_release(&b);
	buf_release(&r.body);
	return rc;
}

int remote_session_files(char **ops, int nops, bool json, bool recursive, bool parents)
{
	static const char usage[] =
	    "usage: sbx session files ID|NAME ls [PATH] | get PATH [DEST|-] | put SRC|- [PATH] "
	    "| rm [-r] PATH | mkdir [-p] PATH";
	const char *sub = nops > 1 ? ops[1] : "";
	int nargs = nops - 2;
	char **args = ops + 2;
	bool ls = !strcmp(sub, "ls"), get = !strcmp(sub, "get"), put = !strcmp(sub, "put"),
	     rm = !strcmp(sub, "rm"), mk = !strcmp(sub, "mkdir");
	if (nops < 2 || (!ls && !get && !put && !rm && !mk) || (ls && nargs > 1) ||
	    ((get || put) && (nargs < 1 || nargs > 2)) || ((rm || mk) && nargs != 1) ||
	    (recursive && !rm) || (parents && !mk))
		return error("%s", usage), EXIT_SBX_FAILURE;
	int rc;
	if (ls) {
		rc = do_ls(ops[0], nargs ? args[0] : ".", json);
	} else if (get) {
		rc = do_get(ops[0], args[0], nargs > 1 ? args[1] : NULL);
	} else if (put) {
		rc = do_put(ops[0], args[0], nargs > 1 ? args[1] : NULL);
	} else {
		struct remote_reply r = {0};
		char *url = files_url(ops[0], args[0],
				      rm ? (recursive ? "&recursive=1" : "")
					 : (parents ? "&directory=1&parents=1" : "&directory=1"));
		rc = request(rm ? "DELETE" : "PUT", url, mk ? "" : NULL, 0, &r);
		free(url);
		buf_release(&r.body);
	}
	return rc == 0 ? 0 : EXIT_SBX_FAILURE;
}
