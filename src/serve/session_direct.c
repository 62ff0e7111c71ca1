/* session_direct — POST /v1/sessions/REF/executions answered in the
 * connection's own thread: the request goes straight to the session
 * daemon's control socket (session_run_* of session_client.c) instead of
 * through an `sbx session exec --request -` child, whose start (an exec,
 * its dynamic loader, the config, the manifest) cost more than the
 * execution itself. The request is built, checked and rendered by the
 * same code as the child's (request_json_apply, session_exec_refuse,
 * session_exec_prepare, the renderer with a writer instead of stdout), so
 * the answer is the same byte for byte.
 *
 * A session whose daemon is not running goes to the child as before:
 * starting it forks, which a threaded server leaves to a fresh process.
 * JSON answers when the record is there; NDJSON streams each line as the
 * daemon's frames come, read a frame at a time in libmicrohttpd's content
 * callback. A client that hangs up loses its record only: the execution
 * finishes in the session (SPEC "Sessions") and the next one waits for it.
 *
 * Every call here is per request: the request, the run and the buffers
 * live in one struct owned by one thread; the first error of a thread is
 * thread-local (util.c), and nothing calls exit or die but xmalloc's out
 * of memory, as everywhere in sbx.
 *
 * May call: session (session_run_*, session_exec_*), run (runopt,
 * request_json), render (the writer), serve's handler and admission, util.
 */
#include "serve/session_direct.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>

#include "render/render.h"
#include "run/request_json.h"
#include "run/runopt.h"
#include "serve/returned_files.h"
#include "session/session.h"
#include "util/buf.h"
#include "util/util.h"

/* The most one answer may hold (as the child's RECORD_CAP): the output is
 * capped per stream by the execution's own limits before that. */
#define DIRECT_CAP (256u << 20)

struct direct {
	struct server *s;
	struct request req;
	struct run_options ro;
	struct request_json_tmp tmp;
	json_t *body;
	struct session_run *run;
	struct buf out; /* rendered, not yet handed to libmicrohttpd */
	size_t off;
	bool ended;
	int code;
	int client;	 /* the client's socket, watched for a hang-up; -1 */
	char *files_dir; /* "return_files": where the daemon saves them (returned_files.h) */
};

static void to_buf(void *ctx, const char *data, size_t len)
{
	struct direct *d = ctx;
	buf_append(&d->out, data, len);
}

static void direct_free(struct direct *d)
{
	if (d->run)
		session_run_abandon(d->run);
	buf_release(&d->out);
	request_json_cleanup(&d->tmp);
	request_release(&d->req);
	json_decref(d->body);
	returned_files_drop(d->files_dir);
	admission_leave(&d->s->admission);
	free(d);
}

/* The record's error message (a record whose status is sbx_error or
 * sandbox_error is an HTTP error, as the child's is). */
static const char *record_message(json_t *rec)
{
	return json_string_value(json_object_get(json_object_get(rec, "error"), "message"));
}

bool session_direct_client_waits(struct session_run *run, int client)
{
	int fd = session_run_fd(run);
	if (fd < 0 || client < 0)
		return true;
	for (;;) {
		struct pollfd p[2] = {{fd, POLLIN, 0}, {client, POLLRDHUP, 0}};
		if (poll(p, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			return true; /* the step's read then says what went wrong */
		}
		if (p[1].revents)
			return false;
		if (p[0].revents)
			return true;
	}
}

static ssize_t stream_read(void *cls, uint64_t pos, char *buf, size_t max)
{
	(void)pos;
	struct direct *d = cls;
	error_quiet(true);
	while (d->off == d->out.len && !d->ended) {
		buf_reset(&d->out);
		d->off = 0;
		if (!session_direct_client_waits(d->run, d->client)) {
			error_quiet(false);
			return MHD_CONTENT_READER_END_WITH_ERROR; /* stream_free abandons */
		}
		if (!session_run_step(d->run)) {
			d->code = session_run_end(d->run);
			d->run = NULL;
			d->ended = true;
		}
	}
	error_quiet(false);
	if (d->off == d->out.len)
		return MHD_CONTENT_READER_END_OF_STREAM;
	return (ssize_t)buf_copy_out(d->out.data, d->out.len, &d->off, buf, max);
}

static void stream_free(void *cls)
{
	direct_free(cls);
}

/* The private directory the daemon saves the execution's files in. */
static int set_files_dir(struct direct *d)
{
	if (!(d->files_dir = returned_files_dir()))
		return -1;
	free(d->req.out_dir);
	d->req.out_dir = xstrdup(d->files_dir);
	return 0;
}

/* kind: the record's, else this thread's first error's. */
static enum MHD_Result fail(struct MHD_Connection *conn, const char *kind, const char *msg)
{
	struct api_error e = {0};
	api_fail_kind(&e, kind ? kind : error_kind_name(error_first_kind()), "%s",
		      *msg ? msg : "the session execution failed without a message");
	return respond_error(conn, &e);
}

static enum MHD_Result answer(struct server *s, struct MHD_Connection *conn,
			      const struct api_route *route, json_t *body, bool ndjson,
			      bool *fallback)
{
	*fallback = false;
	if (admission_enter(&s->admission) != 0) {
		struct api_error e = {0};
		api_fail(&e, ERROR_UNAVAILABLE, "overloaded",
			 "the server is busy (%u running, %u waiting): retry after a second, or "
			 "start it with a larger --max-concurrent/--max-queue",
			 s->cfg->max_concurrent, s->cfg->max_queue);
		return respond_error(conn, &e);
	}
	struct direct *d = xcalloc(1, sizeof *d);
	d->s = s;
	const union MHD_ConnectionInfo *ci =
	    mhd.get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
	d->client = ci ? ci->connect_fd : -1;
	/* "return_files" is the server's to do: the execution gets --out-dir */
	bool files;
	d->body = returned_files_take(body, &files);
	buf_init(&d->out, DIRECT_CAP);
	request_init(&d->req);
	runopt_init(&d->ro, &d->req);
	d->ro.state_dir_flag = s->cfg->state_dir;
	d->ro.config_flag = s->cfg->config;
	char id[SESSION_ID_LEN + 1];
	bool stopped = false;
	if (runopt_handle(&d->ro, RO_FORMAT, ndjson ? "ndjson" : "json") == 0 &&
	    request_json_apply(&d->ro, d->body, false, NULL, &d->tmp) == 0 &&
	    (!files || set_files_dir(d) == 0) && session_exec_refuse(&d->req) == 0 &&
	    session_exec_prepare(&d->ro, route->ref, NULL, 0, id) == 0) {
		struct render_writer w = {to_buf, d};
		d->run = session_run_begin(d->req.state_dir, id, &d->req, &w, false, &stopped);
	}
	if (!d->run) {
		char msg[512];
		snprintf(msg, sizeof msg, "%s", error_first_message());
		direct_free(d);
		if (stopped) {
			*fallback = true; /* the child starts it */
			return MHD_NO;
		}
		return fail(conn, NULL, msg);
	}
	if (ndjson)
		return respond_ndjson_stream(conn, stream_read, d, stream_free);
	while (session_direct_client_waits(d->run, d->client) && session_run_step(d->run))
		;
	if (!d->ended && session_run_fd(d->run) >= 0) {
		direct_free(d); /* the client hung up: nobody to answer */
		return MHD_NO;
	}
	d->code = session_run_end(d->run);
	d->run = NULL;
	enum MHD_Result rc;
	json_t *rec = json_loadb(d->out.data ? d->out.data : "", d->out.len, 0, NULL);
	const char *status = json_string_value(json_object_get(rec, "status"));
	if (d->out.dropped) {
		struct api_error e = {0};
		api_fail(&e, ERROR_INTERNAL, "internal", "the answer is larger than %u bytes",
			 DIRECT_CAP);
		rc = respond_error(conn, &e);
	} else if (!rec || d->code == 125 || (status && !strcmp(status, "sbx_error"))) {
		const char *m = record_message(rec);
		rc = fail(conn, api_record_kind(rec), m ? m : error_first_message());
	} else if (d->files_dir) {
		returned_files_attach(rec, d->files_dir);
		char *b = json_dumps(rec, JSON_COMPACT | JSON_ENSURE_ASCII);
		rc = respond_body(conn, 200, "application/json", b, strlen(b), d->code);
		free(b);
	} else {
		rc = respond_body(conn, 200, "application/json", d->out.data, d->out.len, d->code);
	}
	json_decref(rec);
	direct_free(d);
	return rc;
}

enum MHD_Result session_direct_answer(struct server *s, struct MHD_Connection *conn,
				      const struct api_route *route, json_t *body, bool ndjson,
				      bool *fallback)
{
	/* A connection's thread serves its keep-alive requests one by one:
	 * each starts with no error of the one before, and its messages go to
	 * the client (as a child's stderr did), not to the server's log. */
	error_state_reset();
	error_quiet(true);
	enum MHD_Result rc = answer(s, conn, route, body, ndjson, fallback);
	error_quiet(false);
	return rc;
}
