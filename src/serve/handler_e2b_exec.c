/* handler_e2b_exec — runCode and commands.run as session executions
 * (handler_e2b.h). The execution takes the path POST
 * /v1/sessions/ID/executions takes (session_direct.c): the request checked
 * and settled by request_json_apply and session_exec_prepare, then sent
 * straight to the session's daemon (session_run_*), its NDJSON events
 * rendered into this stream; a session whose daemon is stopped goes to the
 * session-exec child (a fork of the runner), which starts it, as there. The events are
 * turned into E2B's lines as they come (compat/e2b.c): stdout and stderr
 * stream, the record's results, error and count come at its end.
 */
#include "serve/handler_e2b.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "render/render.h"
#include "run/request_json.h"
#include "run/runopt.h"
#include "serve/request_child.h"
#include "serve/request_plan.h"
#include "serve/compat/e2b.h"
#include "serve/compat/e2b_wire.h"
#include "serve/session_direct.h"
#include "session/session.h"
#include "util/buf.h"
#include "util/util.h"

#define E2B_STREAM_CAP (256u << 20)

struct e2b_stream {
	struct server *s;
	bool process; /* Connect process events, else the interpreter's NDJSON */
	char lang[32];
	/* the daemon's way (session_direct.c's) */
	struct request req;
	struct run_options ro;
	struct request_json_tmp tmp;
	struct session_run *run;
	/* the child's way, when the daemon is stopped */
	struct request_child ch;
	struct request_plan args;
	bool child;
	struct buf events; /* sbx's NDJSON, its last line maybe partial */
	struct buf out;	   /* E2B's answer, not yet handed over */
	size_t off;
	bool ended, said_end;
	bool started; /* the process's start event was given */
	int client;
};

static void to_events(void *ctx, const char *data, size_t len)
{
	struct e2b_stream *st = ctx;
	buf_append(&st->events, data, len);
}

/* Turns the complete lines of events into E2B's; at the end, what is
 * left too, and an end the events never gave (the stream was cut). */
static void convert(struct e2b_stream *st)
{
	size_t start = 0;
	for (;;) {
		char *nl = st->events.len > start
			       ? memchr(st->events.data + start, '\n', st->events.len - start)
			       : NULL;
		size_t end = nl ? (size_t)(nl - st->events.data) : st->events.len;
		if (!nl && !(st->ended && end > start))
			break;
		if (end > start && !st->said_end)
			st->said_end = st->process
					   ? e2b_process_line(st->events.data + start, end - start,
							      &st->started, &st->out)
					   : e2b_exec_line(st->events.data + start, end - start,
							   st->lang, &st->out);
		start = nl ? end + 1 : end;
	}
	memmove(st->events.data, st->events.data + start, st->events.len - start);
	st->events.len -= start;
	if (st->ended && !st->said_end) {
		static const char cut[] = "{\"status\":\"sbx_error\",\"error\":{\"name\":"
					  "\"SandboxError\",\"message\":\"the execution's "
					  "stream ended before its record\"}}";
		st->said_end = st->process
				   ? e2b_process_line(cut, sizeof cut - 1, &st->started, &st->out)
				   : e2b_exec_line(cut, sizeof cut - 1, st->lang, &st->out);
	}
	if (st->ended && st->process) { /* Connect's end of stream: no error */
		e2b_connect_frame(&st->out, E2B_CONNECT_END, "{}", 2);
		st->process = false; /* once */
		st->said_end = true;
	}
}

/* One more piece of the execution: false when the client went away. */
static bool advance(struct e2b_stream *st)
{
	if (st->child) {
		char tmp[65536];
		ssize_t n = request_child_pump(&st->ch, tmp, sizeof tmp);
		if (n < 0)
			return false;
		if (n > 0)
			buf_append(&st->events, tmp, (size_t)n);
		else {
			request_child_finish(&st->ch);
			st->ended = true;
		}
	} else {
		if (!session_direct_client_waits(st->run, st->client))
			return false;
		if (!session_run_step(st->run)) {
			session_run_end(st->run); /* renders the record: one more line */
			st->run = NULL;
			st->ended = true;
		}
	}
	convert(st);
	return true;
}

static ssize_t stream_read(void *cls, uint64_t pos, char *buf, size_t max)
{
	(void)pos;
	struct e2b_stream *st = cls;
	error_quiet(true);
	while (st->off == st->out.len && !(st->ended && st->said_end)) {
		buf_reset(&st->out);
		st->off = 0;
		if (!advance(st)) {
			error_quiet(false);
			return MHD_CONTENT_READER_END_WITH_ERROR;
		}
	}
	error_quiet(false);
	if (st->off == st->out.len)
		return MHD_CONTENT_READER_END_OF_STREAM;
	return (ssize_t)buf_copy_out(st->out.data, st->out.len, &st->off, buf, max);
}

static void stream_free(void *cls)
{
	struct e2b_stream *st = cls;
	if (st->run)
		session_run_abandon(st->run);
	if (st->child) {
		if (st->ch.out >= 0)
			request_child_cancel(&st->ch);
		request_child_finish(&st->ch);
		buf_release(&st->ch.errbuf);
		request_plan_release(&st->args);
	}
	buf_release(&st->events);
	buf_release(&st->out);
	request_json_cleanup(&st->tmp);
	request_release(&st->req);
	admission_leave(&st->s->admission);
	free(st);
}

/* A streaming call's error is its end-of-stream message (a 200): the
 * Connect client reads its code and message only there. */
static enum MHD_Result stream_error(struct MHD_Connection *conn, const struct api_error *e)
{
	json_t *o = json_pack("{s:{s:s, s:s}}", "error", "code",
			      e->status == 404	 ? "not_found"
			      : e->status == 400 ? "invalid_argument"
			      : e->status == 503 ? "unavailable"
						 : "internal",
			      "message", e->message);
	char *j = json_dumps(o, JSON_COMPACT);
	json_decref(o);
	struct buf b;
	buf_init(&b, 4096);
	e2b_connect_frame(&b, E2B_CONNECT_END, j ? j : "{}", j ? strlen(j) : 2);
	free(j);
	enum MHD_Result rc = respond_body(conn, 200, "application/connect+json", b.data, b.len, -1);
	buf_release(&b);
	return rc;
}

static enum MHD_Result fail(struct MHD_Connection *conn, bool process, const char *kind,
			    const char *msg)
{
	struct api_error e = {0};
	api_fail_kind(&e, kind ? kind : error_kind_name(error_first_kind()), "%s",
		      *msg ? msg : "the session execution failed without a message");
	return process ? stream_error(conn, &e) : handler_e2b_error(conn, &e);
}

/* The child for a stopped session (a session-exec job of the runner,
 * serve/runner_job.h): it starts it. */
static int start_child(struct e2b_stream *st, struct MHD_Connection *conn, const char *id,
		       json_t *body, struct api_error *e)
{
	struct api_route r = {.op = API_SESSION_EXEC, .has_body = true, .spawns = true};
	snprintf(r.ref, sizeof r.ref, "%s", id);
	struct api_query q = {0};
	if (request_plan_build(&r, body, &q, "ndjson", st->s->cfg->state_dir, st->s->cfg->config,
			       &st->args, e) != 0) {
		request_plan_release(&st->args);
		return -1;
	}
	if (request_child_start_plan(&st->ch, &st->args, st->client)) {
		request_plan_release(&st->args);
		return api_fail(e, ERROR_INTERNAL, "internal", "cannot start sbx: %s",
				strerror(errno));
	}
	(void)conn;
	st->child = true;
	return 0;
}

static enum MHD_Result begin(struct server *s, struct MHD_Connection *conn, const char *ref,
			     json_t *body, bool process, const char *lang)
{
	if (admission_enter(&s->admission) != 0) {
		struct api_error e = {0};
		api_fail(&e, ERROR_UNAVAILABLE, "overloaded",
			 "the server is busy (%u running, %u waiting): retry after a second, or "
			 "start it with a larger --max-concurrent/--max-queue",
			 s->cfg->max_concurrent, s->cfg->max_queue);
		return process ? stream_error(conn, &e) : handler_e2b_error(conn, &e);
	}
	struct e2b_stream *st = xcalloc(1, sizeof *st);
	st->s = s;
	st->process = process;
	snprintf(st->lang, sizeof st->lang, "%s", lang);
	const union MHD_ConnectionInfo *ci =
	    mhd.get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
	st->client = ci ? ci->connect_fd : -1;
	buf_init(&st->events, E2B_STREAM_CAP);
	buf_init(&st->out, E2B_STREAM_CAP);
	request_init(&st->req);
	runopt_init(&st->ro, &st->req);
	st->ro.state_dir_flag = s->cfg->state_dir;
	st->ro.config_flag = s->cfg->config;
	char id[SESSION_ID_LEN + 1];
	bool stopped = false;
	if (runopt_handle(&st->ro, RO_FORMAT, "ndjson") == 0 &&
	    request_json_apply(&st->ro, body, false, NULL, &st->tmp) == 0 &&
	    session_exec_refuse(&st->req) == 0 &&
	    session_exec_prepare(&st->ro, ref, NULL, 0, id) == 0) {
		struct render_writer w = {to_events, st};
		st->run = session_run_begin(st->req.state_dir, id, &st->req, &w, false, &stopped);
	}
	if (!st->run) {
		struct api_error e = {0};
		if (stopped && start_child(st, conn, id, body, &e) == 0)
			goto stream;
		char msg[512];
		snprintf(msg, sizeof msg, "%s", stopped ? e.message : error_first_message());
		stream_free(st);
		return fail(conn, process, stopped ? e.kind : NULL, msg);
	}
stream:;
	struct MHD_Response *r = mhd.create_response_from_callback(MHD_SIZE_UNKNOWN, 65536,
								   stream_read, st, stream_free);
	if (!r) {
		stream_free(st);
		return MHD_NO;
	}
	mhd.add_response_header(r, "Content-Type",
				process ? "application/connect+json" : "application/x-ndjson");
	handler_add_node(r);
	enum MHD_Result rc = mhd.queue_response(conn, 200, r);
	mhd.destroy_response(r);
	return rc;
}

enum MHD_Result handler_e2b_execute(struct server *s, struct MHD_Connection *conn, const char *id,
				    const char *body, size_t len)
{
	json_t *b = json_loadb(body ? body : "", len, JSON_REJECT_DUPLICATES, NULL);
	char lang[32], msg[256];
	json_t *req =
	    json_is_object(b) ? e2b_exec_request(b, lang, sizeof lang, msg, sizeof msg) : NULL;
	if (!json_is_object(b))
		snprintf(msg, sizeof msg, "the body must be a JSON object {\"code\": ...}");
	json_decref(b);
	if (!req)
		return fail(conn, false, "invalid", msg);
	error_state_reset();
	error_quiet(true);
	enum MHD_Result rc = begin(s, conn, id, req, false, lang);
	error_quiet(false);
	json_decref(req);
	return rc;
}

/* Single quotes for bash, ' as '\''. */
static void shell_quote(struct buf *b, const char *s)
{
	buf_puts(b, "'");
	for (; *s; s++)
		buf_puts(b, *s == '\'' ? "'\\''" : (char[2]){*s, 0});
	buf_puts(b, "'");
}

static const char *str_at(json_t *a, size_t i)
{
	const char *v = json_string_value(json_array_get(a, i));
	return v ? v : "";
}

/* StartRequest.process ({cmd, args, cwd}) as a bash program: the SDK's
 * `/bin/bash -l -c CMD` is CMD; anything else is quoted word by word;
 * nothing of it is kept for the next (as E2B's commands). */
static json_t *process_request(json_t *start, char *msg, size_t n)
{
	json_t *p = json_object_get(start, "process");
	const char *cmd = json_string_value(json_object_get(p, "cmd"));
	json_t *args = json_object_get(p, "args");
	if (!cmd) {
		snprintf(msg, n, "process.cmd must be a string");
		return NULL;
	}
	if (json_is_true(json_object_get(start, "stdin")) || json_object_get(start, "pty")) {
		snprintf(msg, n,
			 "stdin and PTYs are not mapped: sbx runs a command to its end "
			 "(commands.run in the foreground)");
		return NULL;
	}
	struct buf code;
	buf_init(&code, 1u << 24);
	const char *cwd = json_string_value(json_object_get(p, "cwd"));
	char dir[4096];
	if (cwd && !e2b_workspace_path(cwd, dir, sizeof dir, msg, n)) {
		buf_release(&code);
		return NULL;
	}
	/* E2B's commands keep nothing of each other: the EXIT trap by which a
	 * session's shell keeps its cd and exports (lang/bash_shell_state.c)
	 * is dropped first. */
	buf_puts(&code, "trap - EXIT; ");
	if (cwd && *dir) {
		buf_puts(&code, "cd ");
		shell_quote(&code, dir);
		buf_puts(&code, " && ");
	}
	size_t na = json_array_size(args);
	if (!strcmp(cmd, "/bin/bash") && na == 3 && !strcmp(str_at(args, 0), "-l") &&
	    !strcmp(str_at(args, 1), "-c") && json_is_string(json_array_get(args, 2))) {
		buf_puts(&code, json_string_value(json_array_get(args, 2)));
	} else {
		shell_quote(&code, cmd);
		for (size_t i = 0; i < na; i++) {
			buf_puts(&code, " ");
			shell_quote(&code, str_at(args, i));
		}
	}
	json_t *req = json_pack("{s:s, s:s}", "code", buf_cstr(&code), "language", "bash");
	buf_release(&code);
	json_t *env = json_object_get(p, "envs");
	if (json_object_size(env))
		json_object_set(req, "env", env);
	return req;
}

enum MHD_Result handler_e2b_process(struct server *s, struct MHD_Connection *conn, const char *id,
				    const char *body, size_t len)
{
	const char *m;
	size_t ml;
	char msg[256];
	json_t *start = NULL, *req = NULL;
	if (e2b_connect_unwrap(body ? body : "", len, &m, &ml, msg, sizeof msg) == 0) {
		start = json_loadb(m, ml, JSON_REJECT_DUPLICATES, NULL);
		if (!json_is_object(start))
			snprintf(msg, sizeof msg, "the StartRequest is not a JSON object");
		else
			req = process_request(start, msg, sizeof msg);
	}
	json_decref(start);
	if (!req)
		return fail(conn, true, "invalid", msg);
	error_state_reset();
	error_quiet(true);
	enum MHD_Result rc = begin(s, conn, id, req, true, "bash");
	error_quiet(false);
	json_decref(req);
	return rc;
}
