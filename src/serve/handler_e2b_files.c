/* handler_e2b_files — envd's files (handler_e2b.h): GET and POST /files
 * (files.read, files.write: multipart/form-data or octet-stream) and the
 * filesystem.Filesystem service over Connect (unary, JSON: ListDir, Stat,
 * MakeDir, Remove), answered in the connection's thread on the session's
 * workspace through session_workspace.c, as GET/PUT/DELETE
 * /v1/sessions/ID/files are: /home/user/X is the workspace's X, and the
 * workspace's checks (no "..", no links, the files limit) apply.
 */
#include "serve/handler_e2b.h"
#include "serve/session_files_http.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "run/runopt.h"
#include "serve/compat/e2b.h"
#include "serve/compat/e2b_wire.h"
#include "session/session.h"
#include "util/util.h"

/* --- envd: files ---------------------------------------------------- */

static const char *param(const struct api_query *q, const char *key)
{
	for (size_t i = 0; i < q->n; i++)
		if (!strcmp(q->key[i], key))
			return q->value[i];
	return NULL;
}

struct ws {
	struct e2b_where w;
	struct session_ws *ws;
};

static int ws_open(struct ws *x, struct server *s, const char *ref)
{
	char id[SESSION_ID_LEN + 1];
	x->ws = NULL;
	if (handler_e2b_where(&x->w, s) || session_resolve(x->w.req.state_dir, ref, id) ||
	    !(x->ws = session_ws_open(x->w.req.state_dir, id)))
		return -1;
	return 0;
}

static void ws_close(struct ws *x)
{
	session_ws_close(x->ws);
	request_release(&x->w.req);
}

/* envd's EntryInfo of what was written. */
static json_t *written(const char *rel)
{
	const char *slash = strrchr(rel, '/');
	return json_pack("{s:s, s:s, s:s++}", "name", slash ? slash + 1 : rel, "type", "file",
			 "path", E2B_HOME, "/", rel);
}

static enum MHD_Result files_write(struct MHD_Connection *conn, struct ws *x, const char *qpath,
				   const char *body, size_t len)
{
	char msg[256], rel[4096], boundary[80];
	const char *ct = mhd.lookup_connection_value(conn, MHD_HEADER_KIND, "Content-Type");
	json_t *out = json_array();
	if (ct && !strncasecmp(ct, "application/octet-stream", 24)) {
		if (!qpath || !e2b_workspace_path(qpath, rel, sizeof rel, msg, sizeof msg) ||
		    !*rel) {
			json_decref(out);
			return handler_e2b_refuse(conn, false, ERROR_INVALID,
						  qpath ? msg : "an upload needs ?path=");
		}
		if (session_ws_write_bytes(x->ws, rel, body ? body : "", len,
					   x->w.req.limits.files_bytes))
			return json_decref(out), handler_e2b_fail_here(conn, false);
		json_array_append_new(out, written(rel));
		return handler_e2b_json(conn, 200, out);
	}
	struct e2b_part *p = xcalloc(E2B_PARTS_MAX, sizeof *p); /* 256 KiB of names */
	int n = e2b_multipart_boundary(ct, boundary, sizeof boundary, msg, sizeof msg) == 0
		    ? e2b_multipart_files(boundary, body ? body : "", len, p, E2B_PARTS_MAX, msg,
					  sizeof msg)
		    : -1;
	enum MHD_Result rc = MHD_YES;
	for (int i = 0; i < n && rc == MHD_YES; i++) {
		/* One file: ?path= names it; several: each its form name. */
		const char *name = n == 1 && qpath ? qpath : p[i].filename;
		if (!e2b_workspace_path(name, rel, sizeof rel, msg, sizeof msg) || !*rel)
			n = -1;
		else if (session_ws_write_bytes(x->ws, rel, p[i].data, p[i].len,
						x->w.req.limits.files_bytes))
			rc = handler_e2b_fail_here(conn, false), n = -2;
		else
			json_array_append_new(out, written(rel));
	}
	free(p);
	if (n == -2)
		return json_decref(out), rc;
	if (n < 0)
		return json_decref(out), handler_e2b_refuse(conn, false, ERROR_INVALID, msg);
	return handler_e2b_json(conn, 200, out);
}

/* The file's bytes as they are read (as GET /v1/sessions/ID/files): a
 * large file is never held whole in the server's memory. */
static enum MHD_Result files_read(struct MHD_Connection *conn, struct ws *x, const char *qpath)
{
	char msg[256], rel[4096];
	if (!qpath || !e2b_workspace_path(qpath, rel, sizeof rel, msg, sizeof msg))
		return handler_e2b_refuse(conn, false, ERROR_INVALID,
					  qpath ? msg : "files.read needs ?path=");
	uint64_t size;
	int fd = session_ws_open_file(x->ws, rel, x->w.req.limits.files_bytes, &size);
	if (fd < 0)
		return handler_e2b_fail_here(conn, false);
	struct MHD_Response *r = session_files_http_body(fd, size);
	if (!r)
		return MHD_NO;
	mhd.add_response_header(r, "Content-Type", "application/octet-stream");
	handler_add_node(r);
	enum MHD_Result rc = mhd.queue_response(conn, 200, r);
	mhd.destroy_response(r);
	return rc;
}

/* --- envd: filesystem.Filesystem over Connect (unary, JSON) ---------- */

static enum MHD_Result filesystem(struct MHD_Connection *conn, struct ws *x, const char *rpc,
				  const char *body, size_t len)
{
	json_t *in = json_loadb(body ? body : "", len, 0, NULL);
	const char *path = json_string_value(json_object_get(in, "path"));
	char msg[256], rel[4096];
	enum MHD_Result rc;
	if (!json_is_object(in) || !path ||
	    !e2b_workspace_path(path, rel, sizeof rel, msg, sizeof msg)) {
		json_decref(in);
		return handler_e2b_refuse(
		    conn, true, ERROR_INVALID,
		    json_is_object(in) && path ? msg : "the request needs a \"path\"");
	}
	if (!strcmp(rpc, "ListDir") || !strcmp(rpc, "Stat")) {
		json_t *l = session_ws_list(x->ws, rel);
		const char *type = json_string_value(json_object_get(l, "type"));
		if (!l) {
			rc = handler_e2b_fail_here(conn, true);
		} else if (!strcmp(rpc, "ListDir")) {
			json_t *entries = json_array();
			size_t i;
			json_t *e;
			bool dir = type && !strcmp(type, "directory");
			char parent[4096];
			snprintf(parent, sizeof parent, "%s", rel);
			char *slash = strrchr(parent, '/');
			if (!dir)
				*(slash ? slash : parent) = '\0';
			json_array_foreach(json_object_get(l, "entries"), i, e)
			    json_array_append_new(entries, e2b_entry(e, parent));
			rc = handler_e2b_json(conn, 200, json_pack("{s:o}", "entries", entries));
		} else {
			/* Stat: the path itself, as its parent lists it. */
			char parent[4096];
			snprintf(parent, sizeof parent, "%s", rel);
			char *slash = strrchr(parent, '/');
			const char *leaf = slash ? slash + 1 : parent;
			json_t *entry = NULL;
			if (slash)
				*slash = '\0';
			json_t *pl = *rel ? session_ws_list(x->ws, slash ? parent : "") : NULL;
			size_t i;
			json_t *e;
			json_array_foreach(
			    json_object_get(pl, "entries"), i,
			    e) if (!strcmp(json_string_value(json_object_get(e, "name")), leaf))
			    entry = e2b_entry(e, slash ? parent : "");
			json_decref(pl);
			rc = entry ? handler_e2b_json(conn, 200, json_pack("{s:o}", "entry", entry))
				   : handler_e2b_refuse(conn, true, ERROR_NOT_FOUND,
							"no such file or directory");
		}
		json_decref(l);
	} else if (!strcmp(rpc, "Remove")) {
		rc = session_ws_remove(x->ws, rel, true)
			 ? handler_e2b_fail_here(conn, true)
			 : handler_e2b_json(conn, 200, json_object());
	} else if (!strcmp(rpc, "MakeDir")) {
		json_t *l = session_ws_list(x->ws, rel);
		if (l) { /* envd answers an existing one with already_exists */
			json_decref(l);
			rc = handler_e2b_refuse(conn, true, ERROR_CONFLICT, "the directory exists");
		} else {
			error_state_reset();
			rc = session_ws_mkdir(x->ws, rel, true)
				 ? handler_e2b_fail_here(conn, true)
				 : handler_e2b_json(conn, 200,
						    json_pack("{s:{s:s, s:s}}", "entry", "name",
							      rel, "type", "FILE_TYPE_DIRECTORY"));
		}
	} else {
		rc = handler_e2b_refuse(
		    conn, true, ERROR_UNSUPPORTED,
		    "not mapped: sbx serves ListDir, Stat, MakeDir and Remove of envd's "
		    "filesystem (no rename, no watchers)");
	}
	json_decref(in);
	return rc;
}

enum MHD_Result handler_e2b_files(struct server *s, struct MHD_Connection *conn, const char *ref,
				  const char *method, const char *path, const struct api_query *q,
				  const char *body, size_t len)
{
	bool connect = !strncmp(path, "/filesystem.", 12);
	struct ws x;
	enum MHD_Result rc;
	error_state_reset();
	error_quiet(true);
	if (ws_open(&x, s, ref))
		rc = !strcmp(path, "/health") ? respond_body(conn, 502, "text/plain", "", 0, -1)
					      : handler_e2b_fail_here(conn, connect);
	else if (!strcmp(path, "/health"))
		rc = handler_e2b_no_content(conn);
	else if (!strcmp(path, "/files") && !strcmp(method, "GET"))
		rc = files_read(conn, &x, param(q, "path"));
	else if (!strcmp(path, "/files") && !strcmp(method, "POST"))
		rc = files_write(conn, &x, param(q, "path"), body, len);
	else if (!strncmp(path, "/filesystem.Filesystem/", 23))
		rc = filesystem(conn, &x, path + 23, body, len);
	else
		rc = handler_e2b_refuse(conn, connect, ERROR_NOT_FOUND,
					"no such route of E2B's sandbox");
	error_quiet(false);
	ws_close(&x);
	return rc;
}
