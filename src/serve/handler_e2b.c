/* handler_e2b — E2B's routes (handler_e2b.h): the control plane
 * (sandboxes = sessions), envd's files over HTTP and Connect (JSON
 * encoding: the JS SDK's transport is made with useBinaryFormat: false, so
 * jansson serves it and no protobuf library is needed), and the code
 * interpreter's contexts; envd's files are handler_e2b_files.c's, the
 * executions handler_e2b_exec.c's.
 *
 * A session is created and deleted by the `sbx session create|delete`
 * child, as POST and DELETE /v1/sessions are (creating forks the daemon,
 * which a threaded server leaves to a fresh process); everything else is
 * answered in the connection's thread, through the same session functions
 * the native routes use.
 */
#include "serve/handler_e2b.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/config.h"
#include "run/runopt.h"
#include "serve/request_child.h"
#include "serve/request_plan.h"
#include "serve/compat/e2b.h"
#include "session/session.h"
#include "util/buf.h"
#include "util/util.h"

#define E2B_RECORD_CAP (16u << 20)

enum MHD_Result handler_e2b_error(struct MHD_Connection *conn, const struct api_error *e)
{
	int status = e->status ? e->status : 500;
	json_t *o = json_pack("{s:i, s:s}", "code", status, "message", e->message);
	char *b = json_dumps(o, JSON_COMPACT);
	json_decref(o);
	enum MHD_Result rc =
	    respond_body(conn, status, "application/json", b ? b : "{}", b ? strlen(b) : 2, -1);
	free(b);
	return rc;
}

/* Connect's code for an HTTP status (connectrpc.com/docs/protocol). */
static const char *connect_code(int status)
{
	switch (status) {
	case 400: return "invalid_argument";
	case 401: return "unauthenticated";
	case 403: return "permission_denied";
	case 404: return "not_found";
	case 409: return "already_exists";
	case 413: return "resource_exhausted";
	case 501: return "unimplemented";
	case 503: return "unavailable";
	default: return "internal";
	}
}

enum MHD_Result handler_e2b_connect_error(struct MHD_Connection *conn, const struct api_error *e)
{
	int status = e->status ? e->status : 500;
	json_t *o = json_pack("{s:s, s:s}", "code", connect_code(status), "message", e->message);
	char *b = json_dumps(o, JSON_COMPACT);
	json_decref(o);
	enum MHD_Result rc = respond_body(conn, status == 501 ? 404 : status, "application/json",
					  b ? b : "{}", b ? strlen(b) : 2, -1);
	free(b);
	return rc;
}

enum MHD_Result handler_e2b_json(struct MHD_Connection *conn, int status, json_t *j)
{
	char *b = j ? json_dumps(j, JSON_COMPACT | JSON_ENSURE_ASCII) : NULL;
	json_decref(j);
	enum MHD_Result rc =
	    respond_body(conn, status, "application/json", b ? b : "{}", b ? strlen(b) : 2, -1);
	free(b);
	return rc;
}

enum MHD_Result handler_e2b_no_content(struct MHD_Connection *conn)
{
	return respond_body(conn, 204, "application/json", "", 0, -1);
}

enum MHD_Result handler_e2b_fail_here(struct MHD_Connection *conn, bool connect)
{
	struct api_error e = {0};
	const char *m = error_first_message();
	api_fail_kind(&e, error_kind_name(error_first_kind()), "%s",
		      *m ? m : "the request failed without a message");
	return connect ? handler_e2b_connect_error(conn, &e) : handler_e2b_error(conn, &e);
}

enum MHD_Result handler_e2b_refuse(struct MHD_Connection *conn, bool connect, enum error_kind kind,
				   const char *msg)
{
	struct api_error e = {0};
	api_fail(&e, kind, "e2b", "%s", msg);
	return connect ? handler_e2b_connect_error(conn, &e) : handler_e2b_error(conn, &e);
}

int handler_e2b_where(struct e2b_where *w, struct server *s)
{
	request_init(&w->req);
	runopt_init(&w->ro, &w->req);
	w->ro.state_dir_flag = s->cfg->state_dir;
	w->ro.config_flag = s->cfg->config;
	return runopt_load_code(&w->ro, NULL, 0, true) == 0 && runopt_finish(&w->ro) == 0 ? 0 : -1;
}

/* --- the control plane: sandboxes are sessions ---------------------- */

/* `sbx session create|delete` in a fork of the runner (the session job,
 * session/session_admin.h), its JSON answer in *rec. */
static int session_child(struct server *s, struct MHD_Connection *conn, enum api_op op,
			 const char *ref, json_t *body, json_t **rec, struct api_error *e)
{
	struct api_route r = {.op = op, .has_body = body != NULL, .spawns = true};
	snprintf(r.ref, sizeof r.ref, "%s", ref ? ref : "");
	struct api_query q = {0};
	struct request_plan args;
	*rec = NULL;
	if (request_plan_build(&r, body, &q, "json", s->cfg->state_dir, s->cfg->config, &args, e)) {
		request_plan_release(&args);
		return -1;
	}
	if (admission_enter(&s->admission) != 0) {
		request_plan_release(&args);
		return api_fail(e, ERROR_UNAVAILABLE, "overloaded",
				"the server is busy: retry after a second, or start it with a "
				"larger --max-concurrent/--max-queue");
	}
	const union MHD_ConnectionInfo *ci =
	    mhd.get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
	struct request_child ch;
	int rc = -1;
	if (request_child_start_plan(&ch, &args, ci ? ci->connect_fd : -1)) {
		api_fail(e, ERROR_INTERNAL, "internal", "cannot start sbx: %s", strerror(errno));
	} else {
		struct buf out;
		buf_init(&out, E2B_RECORD_CAP);
		request_child_collect(&ch, &out);
		int code = request_child_finish(&ch);
		*rec = json_loadb(out.data ? out.data : "", out.len, JSON_ALLOW_NUL, NULL);
		if (code == 0) {
			rc = 0;
		} else {
			const char *m = json_string_value(
			    json_object_get(json_object_get(*rec, "error"), "message"));
			const char *err = buf_cstr(&ch.errbuf);
			if (!strncmp(err, "sbx: ", 5))
				err += 5;
			api_fail_kind(e, api_record_kind(*rec), "%.*s",
				      m ? 400 : (int)strcspn(err, "\n"), m ? m : err);
			if (!*e->message)
				snprintf(e->message, sizeof e->message,
					 "sbx exited with status %d and no message", code);
			json_decref(*rec);
			*rec = NULL;
		}
		buf_release(&out);
		buf_release(&ch.errbuf);
	}
	admission_leave(&s->admission);
	request_plan_release(&args);
	return rc;
}

static enum MHD_Result create(struct server *s, struct MHD_Connection *conn, const char *body,
			      size_t len)
{
	char msg[256];
	json_t *b = json_loadb(body ? body : "", len, JSON_REJECT_DUPLICATES, NULL);
	json_t *req = e2b_create_request(b, msg, sizeof msg);
	json_decref(b);
	if (!req)
		return handler_e2b_refuse(conn, false, ERROR_INVALID, msg);
	struct api_error e = {0};
	json_t *rec;
	int rc = session_child(s, conn, API_SESSION_CREATE, NULL, req, &rec, &e);
	json_decref(req);
	if (rc)
		return handler_e2b_error(conn, &e);
	json_t *sb = e2b_sandbox(rec);
	json_decref(rec);
	return handler_e2b_json(conn, 201, sb);
}

static enum MHD_Result describe(struct server *s, struct MHD_Connection *conn, const char *ref,
				int status)
{
	struct e2b_where w;
	char id[SESSION_ID_LEN + 1];
	json_t *d = NULL;
	enum MHD_Result rc;
	if (handler_e2b_where(&w, s) || session_resolve(w.req.state_dir, ref, id) ||
	    !(d = session_describe(w.req.state_dir, id)))
		rc = handler_e2b_fail_here(conn, false);
	else
		rc = handler_e2b_json(conn, status, e2b_sandbox(d));
	json_decref(d);
	request_release(&w.req);
	return rc;
}

static enum MHD_Result list(struct server *s, struct MHD_Connection *conn)
{
	struct e2b_where w;
	json_t *all = NULL;
	enum MHD_Result rc;
	if (handler_e2b_where(&w, s) || !(all = session_list(w.req.state_dir))) {
		rc = handler_e2b_fail_here(conn, false);
	} else {
		json_t *out = json_array();
		size_t i;
		json_t *d;
		json_array_foreach(all, i, d)
		{
			const char *st = json_string_value(json_object_get(d, "status"));
			if (!st || strcmp(st, "expired")) /* gone, as E2B's are */
				json_array_append_new(out, e2b_sandbox(d));
		}
		rc = handler_e2b_json(conn, 200, out);
	}
	json_decref(all);
	request_release(&w.req);
	return rc;
}

static enum MHD_Result kill_sandbox(struct server *s, struct MHD_Connection *conn, const char *ref)
{
	struct api_error e = {0};
	json_t *rec;
	if (api_check_session_ref(ref, strlen(ref), &e) ||
	    session_child(s, conn, API_SESSION_DELETE, ref, NULL, &rec, &e))
		return handler_e2b_error(conn, &e);
	json_decref(rec);
	return handler_e2b_no_content(conn);
}

/* setTimeout: {"timeout": seconds} is the session's TTL from now on
 * (`sbx session ttl`), within the server's sessions.max_ttl. */
static enum MHD_Result set_timeout(struct server *s, struct MHD_Connection *conn, const char *ref,
				   const char *body, size_t len)
{
	json_t *b = json_loadb(body ? body : "", len, JSON_REJECT_DUPLICATES, NULL);
	json_t *t = json_object_get(b, "timeout");
	json_int_t secs = json_is_integer(t) ? json_integer_value(t) : 0;
	json_decref(b);
	if (secs <= 0 || secs > 365 * 86400)
		return handler_e2b_refuse(conn, false, ERROR_INVALID,
					  "setTimeout needs {\"timeout\": SECONDS}, a whole number "
					  "of seconds above 0");
	struct e2b_where w;
	char id[SESSION_ID_LEN + 1], msg[160];
	enum MHD_Result rc;
	uint64_t ms = (uint64_t)secs * 1000;
	if (handler_e2b_where(&w, s)) {
		rc = handler_e2b_fail_here(conn, false);
	} else if (ms > config_session_max_ttl_ms(w.req.config)) {
		snprintf(msg, sizeof msg,
			 "setTimeout of %llds is longer than the server allows a session "
			 "(its sessions.max_ttl: %llus)",
			 (long long)secs,
			 (unsigned long long)(config_session_max_ttl_ms(w.req.config) / 1000));
		rc = handler_e2b_refuse(conn, false, ERROR_INVALID, msg);
	} else if (session_resolve(w.req.state_dir, ref, id) ||
		   session_set_ttl(w.req.state_dir, id, ms)) {
		rc = handler_e2b_fail_here(conn, false);
	} else {
		rc = handler_e2b_no_content(conn);
	}
	request_release(&w.req);
	return rc;
}

/* /sandboxes/ID/ACTION: the id into id, the action returned ("" none). */
static const char *sandbox_path(const char *p, char *id, size_t n)
{
	size_t l = strcspn(p, "/");
	snprintf(id, n, "%.*s", (int)(l < n ? l : n - 1), p);
	return p[l] ? p + l + 1 : "";
}

static enum MHD_Result control(struct server *s, struct MHD_Connection *conn, const char *method,
			       const char *path, const char *body, size_t len)
{
	bool get = !strcmp(method, "GET"), post = !strcmp(method, "POST");
	if (!strcmp(path, "/v2/sandboxes") || !strcmp(path, "/sandboxes")) {
		if (post)
			return create(s, conn, body, len);
		if (get)
			return list(s, conn);
	}
	const char *rest = !strncmp(path, "/v2/sandboxes/", 14) ? path + 14
			   : !strncmp(path, "/sandboxes/", 11)	? path + 11
								: NULL;
	if (!rest)
		return handler_e2b_refuse(
		    conn, false, ERROR_NOT_FOUND,
		    "not served: sbx maps E2B's sandboxes (create, list, get, kill, "
		    "connect); templates, volumes, snapshots and teams are not mapped");
	char id[API_REF_MAX + 1];
	const char *action = sandbox_path(rest, id, sizeof id);
	if (!*action && get)
		return describe(s, conn, id, 200);
	if (!*action && !strcmp(method, "DELETE"))
		return kill_sandbox(s, conn, id);
	if (post && (!strcmp(action, "connect") || !strcmp(action, "resume")))
		return describe(s, conn, id, 200);
	if (post && !strcmp(action, "timeout"))
		return set_timeout(s, conn, id, body, len);
	if (post && (!strcmp(action, "pause") || !strcmp(action, "snapshots")))
		return handler_e2b_refuse(
		    conn, false, ERROR_INVALID,
		    "pause and snapshots are not mapped: sbx keeps a session's files, "
		    "not its memory (a stopped session starts again with the next run)");
	return handler_e2b_refuse(
	    conn, false, ERROR_INVALID,
	    "not mapped: sbx serves create, list, getInfo, connect, setTimeout and kill of E2B's "
	    "sandboxes; fork, metrics, network and refresh have no sbx counterpart");
}

/* --- the sandbox's own endpoints ------------------------------------ */

static enum MHD_Result contexts(struct MHD_Connection *conn, const char *method, const char *path,
				const char *body, size_t len)
{
	if (!strcmp(path, "/contexts") && !strcmp(method, "GET"))
		return handler_e2b_json(conn, 200, json_pack("[o]", e2b_context("python")));
	if (!strcmp(path, "/contexts") && !strcmp(method, "POST")) {
		json_t *b = json_loadb(body ? body : "", len, 0, NULL);
		const char *l = json_string_value(json_object_get(b, "language"));
		const char *cwd = json_string_value(json_object_get(b, "cwd"));
		char name[32];
		snprintf(name, sizeof name, "%s", l ? l : "python");
		json_decref(b);
		if (!e2b_language(name))
			return handler_e2b_refuse(
			    conn, false, ERROR_INVALID,
			    "sbx runs python, javascript (js), typescript (ts), r, java "
			    "and bash");
		if (cwd && strcmp(cwd, E2B_HOME))
			return handler_e2b_refuse(
			    conn, false, ERROR_INVALID,
			    "a context's cwd is the sandbox's /home/user in sbx");
		return handler_e2b_json(conn, 200, e2b_context(name));
	}
	if (!strcmp(method, "DELETE"))
		return handler_e2b_no_content(
		    conn); /* the language's kernel lives on with the session */
	return handler_e2b_refuse(
	    conn, false, ERROR_INVALID,
	    "restarting a context is not mapped: a session keeps its kernels; kill the "
	    "sandbox for fresh ones");
}

static enum MHD_Result sandbox(struct server *s, struct MHD_Connection *conn, const char *method,
			       const char *path, const struct api_query *q, const char *body,
			       size_t len)
{
	const char *ref = mhd.lookup_connection_value(conn, MHD_HEADER_KIND, "E2b-Sandbox-Id");
	struct api_error e = {0};
	bool connect = !strncmp(path, "/filesystem.", 12) || !strncmp(path, "/process.", 9);
	if (!ref || api_check_session_ref(ref, strlen(ref), &e)) {
		if (!ref)
			api_fail(&e, ERROR_INVALID, "e2b",
				 "a sandbox's request names it in the E2b-Sandbox-Id header (the "
				 "SDK does, with E2B_SANDBOX_URL set)");
		return connect ? handler_e2b_connect_error(conn, &e) : handler_e2b_error(conn, &e);
	}
	if (!strcmp(path, "/execute") && !strcmp(method, "POST"))
		return handler_e2b_execute(s, conn, ref, body, len);
	if (!strcmp(path, "/process.Process/Start"))
		return handler_e2b_process(s, conn, ref, body, len);
	if (!strncmp(path, "/contexts", 9))
		return contexts(conn, method, path, body, len);
	if (!strncmp(path, "/process.", 9))
		return handler_e2b_refuse(
		    conn, true, ERROR_UNSUPPORTED,
		    "not mapped: sbx runs commands in the foreground to their end "
		    "(commands.run); no background processes, stdin or signals");
	return handler_e2b_files(s, conn, ref, method, path, q, body, len);
}

enum MHD_Result handler_e2b_answer(struct server *s, struct MHD_Connection *conn,
				   const struct api_route *r, const struct api_query *q,
				   const char *body, size_t len)
{
	char method[8];
	size_t ml = strcspn(r->ref, " ");
	snprintf(method, sizeof method, "%.*s", (int)(ml < 7 ? ml : 7), r->ref);
	const char *path = r->ref[ml] ? r->ref + ml + 1 : "/";
	error_state_reset();
	error_quiet(true);
	enum MHD_Result rc;
	if (!strncmp(path, "/v2/sandboxes", 13) || !strncmp(path, "/sandboxes", 10) ||
	    !strncmp(path, "/templates", 10) || !strncmp(path, "/snapshots", 10) ||
	    !strncmp(path, "/volumes", 8))
		rc = control(s, conn, method, path, body, len);
	else
		rc = sandbox(s, conn, method, path, q, body, len);
	error_quiet(false);
	return rc;
}
