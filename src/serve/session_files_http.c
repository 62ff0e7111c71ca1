/* session_files_http — the files routes of a session (API_SESSION_FILES_*),
 * answered in the connection's thread through session_workspace.c, as
 * `sbx session files` does on the command line: no child, no daemon (a
 * stopped session's files are served without starting it). The path and
 * the limits are checked there; the answers here:
 *
 *   GET    ?path=P (default: the workspace)  a directory: its JSON listing;
 *                                            a file: its bytes, Content-Type
 *                                            from its extension, its length;
 *                                            X-Sbx-Path-Type says which
 *   PUT    ?path=P, body = the bytes         {"path", "size"}; missing
 *                                            directories are made
 *   PUT    ?path=P&directory=1[&parents=1]   mkdir [-p]: {"path", "type"}
 *   DELETE ?path=P[&recursive=1]             {"deleted": P}
 *
 * Messages are kept per thread (error_quiet) and answered with their
 * kind's status (not_found 404, invalid 400, limit 413...).
 *
 * May call: session (session_ws_*), run (runopt: the config's limits),
 * serve's handler, util.
 */
#include "serve/session_files_http.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/file_types.h"
#include "run/runopt.h"
#include "session/session.h"
#include "util/util.h"

struct file_body {
	int fd;
	uint64_t size;
};

static ssize_t file_read(void *cls, uint64_t pos, char *buf, size_t max)
{
	struct file_body *f = cls;
	if (pos >= f->size)
		return MHD_CONTENT_READER_END_OF_STREAM;
	if (max > f->size - pos)
		max = (size_t)(f->size - pos);
	ssize_t n;
	do
		n = pread(f->fd, buf, max, (off_t)pos);
	while (n < 0 && errno == EINTR);
	/* A file the code shortened meanwhile: the answer is cut, as its
	 * length promised more. */
	return n > 0 ? n : MHD_CONTENT_READER_END_WITH_ERROR;
}

static void file_free(void *cls)
{
	struct file_body *f = cls;
	close(f->fd);
	free(f);
}

struct MHD_Response *session_files_http_body(int fd, uint64_t size)
{
	struct file_body *f = xcalloc(1, sizeof *f);
	f->fd = fd;
	f->size = size;
	/* 1 MiB blocks: 32 MiB came in ~15 ms over the unix socket, ~35 ms
	 * with 64 KiB ones (bench/session_files.sh). */
	struct MHD_Response *r =
	    mhd.create_response_from_callback(size, 1u << 20, file_read, f, file_free);
	if (!r)
		file_free(f);
	return r;
}

static enum MHD_Result fail(struct MHD_Connection *conn)
{
	struct api_error e = {0};
	const char *m = error_first_message();
	api_fail_kind(&e, error_kind_name(error_first_kind()), "%s",
		      *m ? m : "the files request failed without a message");
	return respond_error(conn, &e);
}

static enum MHD_Result send_json(struct MHD_Connection *conn, json_t *j)
{
	char *b = json_dumps(j, JSON_COMPACT | JSON_ENSURE_ASCII);
	enum MHD_Result rc = respond_json(conn, 200, b, 0);
	free(b);
	json_decref(j);
	return rc;
}

/* A directory's listing, marked so sbx --remote tells it from a JSON
 * file's bytes. */
static enum MHD_Result send_listing(struct MHD_Connection *conn, json_t *l)
{
	char *b = json_dumps(l, JSON_COMPACT | JSON_ENSURE_ASCII);
	struct MHD_Response *r =
	    mhd.create_response_from_buffer(strlen(b), b, MHD_RESPMEM_MUST_FREE);
	json_decref(l);
	if (!r) {
		free(b);
		return MHD_NO;
	}
	mhd.add_response_header(r, "Content-Type", "application/json");
	mhd.add_response_header(r, "X-Sbx-Path-Type", "directory");
	handler_add_node(r);
	enum MHD_Result rc = mhd.queue_response(conn, 200, r);
	mhd.destroy_response(r);
	return rc;
}

static enum MHD_Result send_file(struct MHD_Connection *conn, struct session_ws *ws,
				 const char *path, uint64_t cap)
{
	uint64_t size;
	int fd = session_ws_open_file(ws, path, cap, &size);
	if (fd < 0)
		return fail(conn);
	struct MHD_Response *r = session_files_http_body(fd, size);
	if (!r)
		return MHD_NO;
	mhd.add_response_header(r, "Content-Type", file_content_type(path));
	mhd.add_response_header(r, "X-Sbx-Path-Type", "file");
	handler_add_node(r);
	enum MHD_Result rc = mhd.queue_response(conn, 200, r);
	mhd.destroy_response(r);
	return rc;
}

static const char *param(const struct api_query *q, const char *key)
{
	for (size_t i = 0; i < q->n; i++)
		if (!strcmp(q->key[i], key))
			return q->value[i];
	return NULL;
}

static bool yes(const char *v)
{
	return v && (!strcmp(v, "1") || !strcmp(v, "true"));
}

static enum MHD_Result answer(struct server *s, struct MHD_Connection *conn,
			      const struct api_route *r, const struct api_query *q,
			      const char *body, size_t len)
{
	const char *path = param(q, "path");
	bool dir = yes(param(q, "directory"));
	if (!path && r->op != API_SESSION_FILES_GET) {
		struct api_error e = {0};
		api_fail(&e, ERROR_INVALID, "bad_parameter",
			 "this route needs ?path=P, the file's path in the workspace (data/x.csv)");
		return respond_error(conn, &e);
	}
	static const char *const flags[] = {"recursive", "directory", "parents"};
	for (size_t i = 0; i < 3; i++) {
		const char *v = param(q, flags[i]);
		if (v && !yes(v) && strcmp(v, "0") && strcmp(v, "false")) {
			struct api_error e = {0};
			api_fail(&e, ERROR_INVALID, "bad_parameter", "%s=%.40s: use %s=1 (or true)",
				 flags[i], v, flags[i]);
			return respond_error(conn, &e);
		}
	}
	/* The state directory and the config's files limit, as the command
	 * line gets them. */
	struct request req;
	struct run_options ro;
	request_init(&req);
	runopt_init(&ro, &req);
	ro.state_dir_flag = s->cfg->state_dir;
	ro.config_flag = s->cfg->config;
	char id[SESSION_ID_LEN + 1];
	struct session_ws *ws = NULL;
	enum MHD_Result rc;
	if (runopt_load_code(&ro, NULL, 0, true) != 0 || runopt_finish(&ro) != 0 ||
	    session_resolve(req.state_dir, r->ref, id) != 0 ||
	    !(ws = session_ws_open(req.state_dir, id))) {
		rc = fail(conn);
	} else if (r->op == API_SESSION_FILES_PUT && dir) {
		rc = session_ws_mkdir(ws, path, yes(param(q, "parents"))) == 0
			 ? send_json(conn,
				     json_pack("{s:s, s:s}", "path", path, "type", "directory"))
			 : fail(conn);
	} else if (r->op == API_SESSION_FILES_PUT) {
		rc = session_ws_write_bytes(ws, path, body ? body : "", len,
					    req.limits.files_bytes) == 0
			 ? send_json(conn,
				     json_pack("{s:s, s:I}", "path", path, "size", (json_int_t)len))
			 : fail(conn);
	} else if (r->op == API_SESSION_FILES_DELETE) {
		rc = session_ws_remove(ws, path, yes(param(q, "recursive"))) == 0
			 ? send_json(conn, json_pack("{s:s}", "deleted", path))
			 : fail(conn);
	} else {
		json_t *l = session_ws_list(ws, path ? path : "");
		const char *type = json_string_value(json_object_get(l, "type"));
		if (!l)
			rc = fail(conn);
		else if (!strcmp(type, "directory"))
			rc = send_listing(conn, l), l = NULL;
		else /* a file, or what open_file refuses by name */
			rc = send_file(conn, ws, path, req.limits.files_bytes);
		json_decref(l);
	}
	session_ws_close(ws);
	request_release(&req);
	return rc;
}

enum MHD_Result session_files_http_answer(struct server *s, struct MHD_Connection *conn,
					  const struct api_route *r, const struct api_query *q,
					  const char *body, size_t len)
{
	/* Each request starts with no error of the one before on this
	 * connection's thread, and its messages go to the client. */
	error_state_reset();
	error_quiet(true);
	enum MHD_Result rc = answer(s, conn, r, q, body, len);
	error_quiet(false);
	return rc;
}
