/* handler — one HTTP request (handler.h). */
#include "serve/handler.h"
#include "serve/returned_files.h"

#include <errno.h>
#include <openssl/crypto.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "serve/async_runs.h"
#include "serve/request_child.h"
#include "serve/request_plan.h"
#include "serve/events_sse.h"
#include "serve/handler_e2b.h"
#include "serve/openapi.h"
#include "serve/routes.h"
#include "serve/session_direct.h"
#include "serve/session_files_http.h"
#include "util/buf.h"
#include "util/front.h"
#include "util/util.h"

/* The most a record (a run's JSON, a list) may be: output is capped per
 * stream by the run's own limits, so this only stops a runaway. */
#define RECORD_CAP (256u << 20)

struct req_ctx {
	struct api_route route;
	struct api_query q;
	struct buf body;
	bool too_big;
	bool answered;	     /* an error was queued before the body */
	long batch_lines;    /* POST /v1/batch: its requests (api_check_batch) */
	json_t *compat_body; /* another client's request, for its answer */
};

/* An error in the answer's dialect: Piston's routes give {"message"}. */
static enum MHD_Result reply_error(struct MHD_Connection *conn, const struct req_ctx *x,
				   const struct api_error *e)
{
	return x->route.compat == SERVE_COMPAT_PISTON ? handler_piston_error(conn, e)
	       : x->route.compat == SERVE_COMPAT_E2B  ? handler_e2b_error(conn, e)
						      : respond_error(conn, e);
}

/* A streamed run: the child and its place in admission live until
 * libmicrohttpd is done with the response. */
struct stream {
	struct server *s;
	unsigned places; /* taken in admission: 1, a batch its --jobs */
	struct request_child ch;
	struct request_plan args;
	char *first; /* batch: the first chunk, read before the answer began */
	size_t first_len, first_off;
};

static enum MHD_Result take_param(void *cls, enum MHD_ValueKind kind, const char *key,
				  const char *value)
{
	(void)kind;
	struct api_query *q = cls;
	if (q->n == API_QUERY_MAX) {
		q->overflow = true;
		return MHD_NO;
	}
	q->key[q->n] = key;
	q->value[q->n++] = value;
	return MHD_YES;
}

static bool accepts(struct MHD_Connection *conn, const char *type)
{
	const char *a = mhd.lookup_connection_value(conn, MHD_HEADER_KIND, "Accept");
	return a && strstr(a, type);
}

static int client_fd(struct MHD_Connection *conn)
{
	const union MHD_ConnectionInfo *ci =
	    mhd.get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
	return ci ? ci->connect_fd : -1;
}

static ssize_t stream_read(void *cls, uint64_t pos, char *buf, size_t max)
{
	(void)pos;
	struct stream *st = cls;
	if (st->first_off < st->first_len)
		return (ssize_t)buf_copy_out(st->first, st->first_len, &st->first_off, buf, max);
	ssize_t n = request_child_pump(&st->ch, buf, max);
	if (n > 0)
		return n;
	return n == 0 ? MHD_CONTENT_READER_END_OF_STREAM : MHD_CONTENT_READER_END_WITH_ERROR;
}

static void stream_free(void *cls)
{
	struct stream *st = cls;
	/* Freed before the child ended: the client went away mid-stream. */
	if (st->ch.out >= 0)
		request_child_cancel(&st->ch);
	request_child_finish(&st->ch);
	buf_release(&st->ch.errbuf);
	admission_leave_n(&st->s->admission, st->places);
	request_plan_release(&st->args);
	free(st->first);
	free(st);
}

/* The first line of the child's stderr without "sbx: ": its message. */
static void child_message(struct request_child *ch, char *out, size_t len)
{
	const char *m = buf_cstr(&ch->errbuf);
	if (!strncmp(m, "sbx: ", 5))
		m += 5;
	size_t n = strcspn(m, "\n");
	snprintf(out, len, "%.*s", (int)n, m);
	if (!*out)
		snprintf(out, len, "sbx exited with status %d and no message", ch->exit_code);
}

/* A batch runs --jobs sandboxes at once and holds as many places in the
 * admission (admission.h): it wants ?jobs= (at most --max-concurrent) or what sbx
 * batch would pick, the cores, capped the same way, and never more than it
 * has requests; run_child gives it --jobs as the places it got. 0 in *want:
 * ?jobs= is not a count, sbx batch refuses it in its first line. */
static int batch_want(struct server *s, const struct api_query *q, long lines, unsigned *want,
		      struct api_error *e)
{
	unsigned max = s->cfg->max_concurrent ? s->cfg->max_concurrent : 1;
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	unsigned long j = cores < 1 || (unsigned long)cores > max ? max : (unsigned long)cores;
	for (size_t i = 0; i < q->n; i++)
		if (!strcmp(q->key[i], "jobs")) {
			char *end;
			j = strtoul(q->value[i], &end, 10);
			if (*end != '\0' || !*q->value[i] || j == 0) {
				*want = 0;
				return 0;
			}
			if (j > max)
				return api_fail(
				    e, ERROR_INVALID, "bad_parameter",
				    "jobs=%s is more than this server runs at once (%u, its "
				    "--max-concurrent): ask for %u or fewer",
				    q->value[i], max, max);
		}
	if (lines > 0 && (unsigned long)lines < j)
		j = (unsigned long)lines;
	*want = (unsigned)j;
	return 0;
}

/* The batch's --jobs, its last setting: after the one from ?jobs=, which
 * it overrides (sbx batch takes an option's last value). */
static void batch_set_jobs(struct request_plan *args, unsigned n)
{
	char v[16];
	snprintf(v, sizeof(v), "%u", n);
	json_array_append_new(json_object_get(args->job, "settings"),
			      json_pack("[s, s]", "--jobs", v));
}

/* The answers that describe sessions (create, list, get, stop). */
static bool describes_sessions(enum api_op op)
{
	return op == API_SESSION_CREATE || op == API_SESSION_LIST || op == API_SESSION_GET ||
	       op == API_SESSION_STOP || op == API_SESSION_TTL;
}

/* A session's description over HTTP without what is the server's own: the
 * run directory's path and the daemon's pid (the CLI, on the machine,
 * keeps them). rec: one description or an array of them. */
static void hide_host_fields(json_t *rec)
{
	size_t i;
	json_t *v;
	if (json_is_array(rec)) {
		json_array_foreach(rec, i, v) hide_host_fields(v);
		return;
	}
	json_object_del(rec, "rundir");
	json_object_del(rec, "daemon_pid");
}

/* The answer's format: NDJSON (a batch's always), text for the commands
 * that answer at the end when asked for it, else JSON. */
static void answer_format(struct MHD_Connection *conn, const struct api_route *r, bool *want_ndjson,
			  bool *text)
{
	*want_ndjson = !r->compat && (r->op == API_BATCH || accepts(conn, "application/x-ndjson"));
	*text = !r->compat && !r->streams && !*want_ndjson && accepts(conn, "text/plain");
}

static enum MHD_Result run_child(struct server *s, struct MHD_Connection *conn, struct req_ctx *x,
				 json_t *body)
{
	struct api_error e = {0};
	struct request_plan args;
	/* A run streams its NDJSON events; the other commands answer at the
	 * end, in the format asked for (sbx --remote list --format ndjson). */
	bool batch = x->route.op == API_BATCH, want_ndjson, text;
	answer_format(conn, &x->route, &want_ndjson, &text);
	bool ndjson = x->route.streams && want_ndjson;
	const char *format = want_ndjson ? "ndjson" : text ? "text" : "json";
	if (request_plan_build(&x->route, body, &x->q, format, s->cfg->state_dir, s->cfg->config,
			       &args, &e) != 0) {
		request_plan_release(&args);
		return reply_error(conn, x, &e);
	}
	if (front_get() == FRONT_CLI)
		request_plan_front_cli(&args);
	unsigned want = 1;
	if (batch && batch_want(s, &x->q, x->batch_lines, &want, &e) != 0) {
		request_plan_release(&args);
		return reply_error(conn, x, &e);
	}
	if (batch) { /* the NDJSON body as it came: api_check_batch read it */
		args.input_len = x->body.len;
		args.input = xmalloc(args.input_len + 1);
		memcpy(args.input, x->body.data ? x->body.data : "", args.input_len);
	}
	unsigned places = admission_enter_upto(&s->admission, want ? want : 1);
	if (!places) {
		request_plan_release(&args);
		api_fail(&e, ERROR_UNAVAILABLE, "overloaded",
			 "the server is busy (%u running, %u waiting): retry after a second, or "
			 "start it with a larger --max-concurrent/--max-queue",
			 s->cfg->max_concurrent, s->cfg->max_queue);
		return reply_error(conn, x, &e);
	}
	if (batch && want)
		batch_set_jobs(&args, places);
	struct stream *st = xcalloc(1, sizeof(*st));
	st->s = s;
	st->places = places;
	st->args = args;
	if (request_child_start_plan(&st->ch, &st->args, client_fd(conn)) != 0) {
		api_fail(&e, ERROR_INTERNAL, "internal", "cannot start sbx: %s", strerror(errno));
		admission_leave_n(&s->admission, places);
		request_plan_release(&st->args);
		free(st);
		return reply_error(conn, x, &e);
	}
	/* A batch that fails as a whole (a bad ?jobs=, a bad default) says so
	 * in its first line, before any request ran: that is a 4xx, not a
	 * stream. So the answer waits for the child's first output. */
	if (batch) {
		st->first = xmalloc(65536);
		ssize_t n = request_child_pump(&st->ch, st->first, 65536);
		json_t *head = n > 0 ? json_loadb(st->first, (size_t)n,
						  JSON_DISABLE_EOF_CHECK | JSON_ALLOW_NUL, NULL)
				     : NULL;
		/* In NDJSON, sbx's own failure is an event around the record. */
		json_t *hr =
		    json_object_get(head, "record") ? json_object_get(head, "record") : head;
		const char *hs = json_string_value(json_object_get(hr, "status"));
		if (n > 0 && !(hs && !strcmp(hs, "sbx_error") && !json_object_get(hr, "line"))) {
			st->first_len = (size_t)n;
		} else {
			const char *m = json_string_value(
			    json_object_get(json_object_get(hr, "error"), "message"));
			request_child_finish(&st->ch);
			char msg[512];
			child_message(&st->ch, msg, sizeof(msg));
			if (m)
				snprintf(msg, sizeof(msg), "%s", m);
			api_fail_kind(&e, api_record_kind(hr), "%s", msg); /* before hr goes */
			json_decref(head);
			stream_free(st);
			if (n < 0)
				return MHD_NO; /* the client went away */
			return reply_error(conn, x, &e);
		}
		json_decref(head);
	}
	if (ndjson)
		return respond_ndjson_stream(conn, stream_read, st, stream_free);
	struct buf out;
	buf_init(&out, RECORD_CAP);
	int gone = request_child_collect(&st->ch, &out);
	int code = request_child_finish(&st->ch);
	char msg[512];
	child_message(&st->ch, msg, sizeof(msg));
	buf_release(&st->ch.errbuf);
	admission_leave_n(&s->admission, places);
	char *files_dir = st->args.files_dir; /* read below, then removed */
	st->args.files_dir = NULL;
	request_plan_release(&st->args);
	free(st);
	enum MHD_Result rc;
	/* A deploy of code that fails validation exits 1, as sbx deploy does:
	 * a failure like sbx's own, with that exit code. */
	bool not_deployed = x->route.op == API_DEPLOY && code == 1;
	if (not_deployed)
		code = 125;
	json_t *rec =
	    text ? handler_failure_record(&out, code)
		 : json_loadb(out.data ? out.data : "", out.len,
			      JSON_ALLOW_NUL | (want_ndjson ? JSON_DISABLE_EOF_CHECK : 0), NULL);
	json_t *status = json_object_get(rec, "status");
	bool deletes = x->route.op == API_DELETE || x->route.op == API_SESSION_DELETE;
	bool stop_text = x->route.op == API_SESSION_STOP && text; /* prints nothing */
	if (gone) {
		rc = MHD_NO; /* nobody to answer; the run was cancelled and recorded */
	} else if (out.dropped) {
		api_fail(&e, ERROR_INTERNAL, "internal", "the answer is larger than %u bytes",
			 RECORD_CAP);
		rc = reply_error(conn, x, &e);
	} else if (json_is_string(status) && !strcmp(json_string_value(status), "sbx_error")) {
		const char *m =
		    json_string_value(json_object_get(json_object_get(rec, "error"), "message"));
		api_fail_kind(&e, api_record_kind(rec), "%s", m ? m : msg);
		e.exit_code = not_deployed ? 1 : 0;
		rc = reply_error(conn, x, &e);
	} else if (code == 125 || (!rec && !text && !deletes && !stop_text) ||
		   (deletes && code != 0)) {
		/* A record that failed (sandbox_error) carries its message. */
		const char *m =
		    json_string_value(json_object_get(json_object_get(rec, "error"), "message"));
		if (m)
			snprintf(msg, sizeof(msg), "%s", m);
		api_fail_kind(&e, api_record_kind(rec), "%s", msg);
		e.exit_code = not_deployed ? 1 : 0;
		rc = reply_error(conn, x, &e);
	} else if (deletes && text && x->route.op == API_SESSION_DELETE) {
		/* what sbx session delete prints ("deleted ID") */
		rc = respond_body(conn, 200, "text/plain; charset=utf-8", buf_cstr(&out), out.len,
				  code);
	} else if (deletes) {
		json_t *o = json_pack("{s:s}", "deleted", x->route.ref);
		if (x->route.op == API_SESSION_DELETE && json_is_object(rec)) /* its id too */
			json_object_update_missing(o, rec);
		char *b = json_dumps(o, JSON_COMPACT);
		rc = respond_json(conn, 200, b, code);
		free(b);
		json_decref(o);
	} else if (rec && x->route.compat == SERVE_COMPAT_PISTON) {
		rc = handler_piston_answer(s, conn, rec, x->compat_body, code);
	} else if (rec && x->route.compat == SERVE_COMPAT_SRE) {
		rc = handler_sre_answer(conn, rec, code);
	} else if (rec && files_dir) {
		returned_files_attach(rec, files_dir);
		char *b = json_dumps(rec, JSON_COMPACT | JSON_ENSURE_ASCII);
		rc = respond_body(conn, 200, "application/json", b, strlen(b), code);
		free(b);
	} else if (rec && !want_ndjson && describes_sessions(x->route.op)) {
		/* the server's host internals are not the client's to see */
		hide_host_fields(rec);
		char *b = json_dumps(rec, JSON_COMPACT | JSON_ENSURE_ASCII);
		rc = respond_body(conn, 200, "application/json", b, strlen(b), code);
		free(b);
	} else {
		rc =
		    respond_body(conn, 200, text ? "text/plain; charset=utf-8" : "application/json",
				 buf_cstr(&out), out.len, code);
	}
	json_decref(rec);
	buf_release(&out);
	returned_files_drop(files_dir);
	return rc;
}

static enum MHD_Result answer(struct server *s, struct MHD_Connection *conn, struct req_ctx *x)
{
	struct api_error e = {0};
	char location[128];
	if (handler_session_elsewhere(s, &x->route, location, sizeof location))
		return respond_redirect(conn, location);
	switch (x->route.op) {
	case API_HEALTH: {
		unsigned run, wait;
		admission_counts(&s->admission, &run, &wait);
		char b[160];
		snprintf(b, sizeof(b), "{\"status\":\"ok\",\"running\":%u,\"queued\":%u}", run,
			 wait);
		return respond_json(conn, 200, b, -1);
	}
	case API_READY: return handler_ready(s, conn);
	case API_OPENAPI: {
		char why[300];
		const char *doc = openapi_text(why, sizeof why);
		if (!doc) {
			api_fail(&e, ERROR_INTERNAL, "internal", "%s", why);
			return respond_error(conn, &e);
		}
		return respond_json(conn, 200, doc, -1);
	}
	case API_RUN_STATE:
	case API_RUN_CANCEL: return async_runs_answer(s, conn, &x->route, &x->q);
	case API_PISTON_RUNTIMES: return handler_piston_runtimes(s, conn);
	case API_SRE_EXECUTE:
	case API_PISTON_EXECUTE: {
		const char *b = x->body.data ? x->body.data : "";
		json_t *req = x->route.op == API_SRE_EXECUTE
				  ? handler_sre_request(b, x->body.len, &e)
				  : handler_piston_request(b, x->body.len, &x->compat_body, &e);
		if (!req)
			return reply_error(conn, x, &e);
		x->route.op = API_RUN; /* run as POST /v1/run, answered as that client's */
		enum MHD_Result prc = run_child(s, conn, x, req);
		json_decref(req);
		return prc;
	}
	case API_E2B:
		return handler_e2b_answer(s, conn, &x->route, &x->q, x->body.data, x->body.len);
	case API_EVENTS:
		return events_sse_answer(s, conn, &x->q, accepts(conn, "application/x-ndjson"));
	case API_SESSION_FILES_GET:
	case API_SESSION_FILES_PUT:
	case API_SESSION_FILES_DELETE:
		return session_files_http_answer(s, conn, &x->route, &x->q, x->body.data,
						 x->body.len);
	case API_LATER:
		api_fail(&e, ERROR_UNSUPPORTED, "not_implemented",
			 "this route is not served yet: use the matching sbx command on the "
			 "server's machine");
		return reply_error(conn, x, &e);
	default: break;
	}
	json_t *body = NULL;
	if (x->route.op == API_BATCH) {
		x->batch_lines = api_check_batch(x->body.data ? x->body.data : "", x->body.len, &e);
		if (x->batch_lines < 0)
			return reply_error(conn, x, &e);
	} else if (x->route.has_body) {
		body = api_parse_body(&x->route, x->body.data ? x->body.data : "", x->body.len, &e);
		if (!body)
			return reply_error(conn, x, &e);
	}
	/* A running session's execution goes straight to its daemon. */
	bool child = true;
	enum MHD_Result rc = MHD_NO;
	/* The files come inside the record, at the end: not in a stream. */
	bool want_ndjson, text;
	answer_format(conn, &x->route, &want_ndjson, &text);
	if (json_is_true(json_object_get(body, "return_files")) && (want_ndjson || text)) {
		api_fail(&e, ERROR_INVALID, "bad_field",
			 "\"return_files\" needs the JSON answer (Accept: application/json): the "
			 "files come inside the record, at the end");
		json_decref(body);
		return reply_error(conn, x, &e);
	}
	if (async_wanted(body)) {
		rc = async_runs_start(s, conn, &x->route, body, &x->q);
		json_decref(body);
		return rc;
	}
	json_object_del(body, "wait"); /* true: as without it */
	if (x->route.op == API_SESSION_EXEC)
		rc = session_direct_answer(s, conn, &x->route, body,
					   accepts(conn, "application/x-ndjson"), &child);
	if (child)
		rc = run_child(s, conn, x, body);
	json_decref(body);
	return rc;
}

/* The connection showed a complete head with its token: no deadline any
 * more, and the idle timeout of a trusted client (long runs, event
 * streams, keep-alive). A connection that never does is shut at its
 * deadline, whatever it sends (401s included). */
static void head_passed(struct server *s, struct MHD_Connection *conn)
{
	const union MHD_ConnectionInfo *ci =
	    mhd.get_connection_info(conn, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
	if (!ci)
		return;
	conn_guard_pass(&s->guard, ci->socket_context);
	mhd.set_connection_option(conn, MHD_CONNECTION_OPTION_TIMEOUT, SERVE_IDLE_TIMEOUT_S);
}

void handler_connection(void *cls, struct MHD_Connection *conn, void **socket_context,
			enum MHD_ConnectionNotificationCode toe)
{
	struct server *s = cls;
	if (toe == MHD_CONNECTION_NOTIFY_STARTED) {
		int fd = client_fd(conn);
		*socket_context = fd >= 0 ? conn_guard_open(&s->guard, fd) : NULL;
	} else if (toe == MHD_CONNECTION_NOTIFY_CLOSED) {
		conn_guard_close(&s->guard, *socket_context);
		*socket_context = NULL;
	}
}

enum MHD_Result handler_access(void *cls, struct MHD_Connection *conn, const char *url,
			       const char *method, const char *version, const char *upload_data,
			       size_t *upload_data_size, void **con_cls)
{
	(void)version;
	struct server *s = cls;
	struct req_ctx *x = *con_cls;
	struct api_error e = {0};
	/* This thread's messages name the API's fields; sbx --remote is the
	 * command line's front, and says so (X-Sbx-Front: cli). */
	const char *fr = mhd.lookup_connection_value(conn, MHD_HEADER_KIND, "X-Sbx-Front");
	front_set(fr && !strcmp(fr, "cli") ? FRONT_CLI : FRONT_HTTP);
	if (!x) {
		x = xcalloc(1, sizeof(*x));
		*con_cls = x;
		admission_track(&s->admission, 1);
		buf_init(&x->body, s->cfg->max_body);
		mhd.get_connection_values(conn, MHD_GET_ARGUMENT_KIND, take_param, &x->q);
		const char *cl =
		    mhd.lookup_connection_value(conn, MHD_HEADER_KIND, "Content-Length");
		const char *path;
		int by_url = handler_url_token(s, url, &path, &e);
		/* A Piston client reads Piston's errors, the 401 too. */
		const struct compat_api *api = compat_api_of_path(path);
		x->route.compat = api ? api->bit : 0;
		if (by_url < 0 || (by_url == 0 && handler_check_token(s, conn, &e))) {
			/* A load balancer's or a probe's liveness check needs no
			 * token and learns nothing but that the server answers
			 * (with the token: the counts too). */
			struct api_route open = {0};
			struct api_error ignored = {0};
			if (!api_route(method, path, &open, &ignored) &&
			    (open.row->flags & ROUTE_OPEN)) {
				x->answered = true;
				return respond_json(conn, 200, "{\"status\":\"ok\"}", -1);
			}
			x->answered = true;
		} else {
			head_passed(s, conn);
		}
		if (x->answered || api_route(method, path, &x->route, &e) ||
		    api_check_query(&x->route, &x->q, &e))
			x->answered = true;
		else if (x->route.compat && !(s->cfg->compat & x->route.compat))
			x->answered = api_fail(&e, ERROR_NOT_FOUND, "not_found",
					       "the %s API is not served here: start sbx serve "
					       "with --compat %s",
					       compat_api_of(x->route.compat)->title,
					       compat_api_of(x->route.compat)->option) != 0;
		else if (atomic_load(&s->draining) && x->route.op != API_HEALTH &&
			 x->route.op != API_READY)
			x->answered = api_fail(&e, ERROR_UNAVAILABLE, "draining",
					       "this server is stopping: it finishes what runs and "
					       "takes nothing new; send the request again (to "
					       "another node, behind a load balancer)") != 0;
		else if (cl && strtoull(cl, NULL, 10) > s->cfg->max_body)
			x->answered =
			    api_fail(&e, ERROR_TOO_LARGE, "body_too_large",
				     "the body is %s bytes; this server takes at most %zu "
				     "(its --max-body)",
				     cl, s->cfg->max_body) != 0;
		/* Answered before the body is read: libmicrohttpd then closes
		 * the connection instead of reading what was refused. */
		return x->answered ? reply_error(conn, x, &e) : MHD_YES;
	}
	if (*upload_data_size) {
		if (!x->answered)
			x->too_big |= !buf_append(&x->body, upload_data, *upload_data_size);
		*upload_data_size = 0;
		return MHD_YES;
	}
	if (x->answered)
		return MHD_YES;
	x->answered = true;
	if (x->too_big) {
		api_fail(&e, ERROR_TOO_LARGE, "body_too_large",
			 "the body is larger than %zu bytes (this server's --max-body)",
			 s->cfg->max_body);
		return respond_error(conn, &e);
	}
	return answer(s, conn, x);
}

void handler_completed(void *cls, struct MHD_Connection *conn, void **con_cls,
		       enum MHD_RequestTerminationCode toe)
{
	(void)conn;
	(void)toe;
	struct server *s = cls;
	struct req_ctx *x = *con_cls;
	if (!x)
		return;
	buf_release(&x->body);
	json_decref(x->compat_body);
	free(x);
	*con_cls = NULL;
	admission_track(&s->admission, -1);
}
