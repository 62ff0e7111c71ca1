/* handler — one HTTP request (handler.h). */
#include "serve/handler.h"

#include <errno.h>
#include <openssl/crypto.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "openapi_gen.h"
#include "serve/child.h"
#include "serve/events_sse.h"
#include "util/buf.h"
#include "util/util.h"

/* The most a record (a run's JSON, a list) may be: output is capped per
 * stream by the run's own limits, so this only stops a runaway. */
#define RECORD_CAP (256u << 20)

struct req_ctx {
	struct api_route route;
	struct api_query q;
	struct buf body;
	bool too_big;
	bool answered; /* an error was queued before the body */
};

/* A streamed run: the child and its place in the gate live until
 * libmicrohttpd is done with the response. */
struct stream {
	struct server *s;
	struct child ch;
	struct api_child args;
};

static int check_token(struct server *s, struct MHD_Connection *conn, struct api_error *e)
{
	if (!s->have_token)
		return 0;
	const char *h = mhd.lookup_connection_value(conn, MHD_HEADER_KIND, "Authorization");
	if (!h || strncasecmp(h, "Bearer ", 7))
		return api_fail(e, 401, "unauthorized",
				"this server needs a bearer token: send 'Authorization: Bearer "
				"TOKEN' (sbx --remote: --token-file FILE or SBX_TOKEN)");
	/* Compared as SHA-256 digests with CRYPTO_memcmp: the time taken says
	 * nothing about the token, not even its length. */
	unsigned char d[32];
	char hex[65];
	sha256_hex(h + 7, strlen(h + 7), hex);
	for (int i = 0; i < 32; i++) {
		unsigned v;
		sscanf(hex + 2 * i, "%2x", &v);
		d[i] = (unsigned char)v;
	}
	if (CRYPTO_memcmp(d, s->token_sha256, 32) != 0)
		return api_fail(e, 401, "unauthorized",
				"wrong bearer token: use the one in the server's --token-file");
	return 0;
}

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
	ssize_t n = child_pump(&st->ch, buf, max);
	if (n > 0)
		return n;
	return n == 0 ? MHD_CONTENT_READER_END_OF_STREAM : MHD_CONTENT_READER_END_WITH_ERROR;
}

static void stream_free(void *cls)
{
	struct stream *st = cls;
	/* Freed before the child ended: the client went away mid-stream. */
	if (st->ch.out >= 0)
		child_cancel(&st->ch);
	child_finish(&st->ch);
	buf_release(&st->ch.errbuf);
	gate_leave(&st->s->gate);
	api_child_release(&st->args);
	free(st);
}

/* The first line of the child's stderr without "sbx: ": its message. */
static void child_message(struct child *ch, char *out, size_t len)
{
	const char *m = buf_cstr(&ch->errbuf);
	if (!strncmp(m, "sbx: ", 5))
		m += 5;
	size_t n = strcspn(m, "\n");
	snprintf(out, len, "%.*s", (int)n, m);
	if (!*out)
		snprintf(out, len, "sbx exited with status %d and no message", ch->exit_code);
}

static enum MHD_Result run_child(struct server *s, struct MHD_Connection *conn, struct req_ctx *x,
				 json_t *body)
{
	struct api_error e = {0};
	struct api_child args;
	/* A run streams its NDJSON events; the other commands answer at the
	 * end, in the format asked for (sbx --remote list --format ndjson). */
	bool want_ndjson = accepts(conn, "application/x-ndjson");
	bool ndjson = x->route.streams && want_ndjson;
	bool text = !x->route.streams && !want_ndjson && accepts(conn, "text/plain");
	const char *format = want_ndjson ? "ndjson" : text ? "text" : "json";
	if (api_child_build(&x->route, body, &x->q, format, s->cfg->state_dir, s->cfg->config,
			    &args, &e) != 0) {
		api_child_release(&args);
		return respond_error(conn, &e);
	}
	if (gate_enter(&s->gate) != 0) {
		api_child_release(&args);
		api_fail(&e, 503, "overloaded",
			 "the server is busy (%u running, %u waiting): retry after a second, or "
			 "start it with a larger --max-concurrent/--max-queue",
			 s->cfg->max_concurrent, s->cfg->max_queue);
		return respond_error(conn, &e);
	}
	struct stream *st = xcalloc(1, sizeof(*st));
	st->s = s;
	st->args = args;
	if (child_start(&st->ch, args.argv, args.input, args.input_len, client_fd(conn)) != 0) {
		api_fail(&e, 500, "internal", "cannot start sbx: %s", strerror(errno));
		gate_leave(&s->gate);
		api_child_release(&st->args);
		free(st);
		return respond_error(conn, &e);
	}
	if (ndjson) {
		struct MHD_Response *r = mhd.create_response_from_callback(
		    MHD_SIZE_UNKNOWN, 65536, stream_read, st, stream_free);
		if (!r) {
			stream_free(st);
			return MHD_NO;
		}
		mhd.add_response_header(r, "Content-Type", "application/x-ndjson");
		enum MHD_Result rc = mhd.queue_response(conn, 200, r);
		mhd.destroy_response(r);
		return rc;
	}
	struct buf out;
	buf_init(&out, RECORD_CAP);
	int gone = child_collect(&st->ch, &out);
	int code = child_finish(&st->ch);
	char msg[512];
	child_message(&st->ch, msg, sizeof(msg));
	buf_release(&st->ch.errbuf);
	gate_leave(&s->gate);
	api_child_release(&st->args);
	free(st);
	enum MHD_Result rc;
	json_t *rec = text ? NULL
			   : json_loadb(out.data ? out.data : "", out.len,
					want_ndjson ? JSON_DISABLE_EOF_CHECK : 0, NULL);
	json_t *status = json_object_get(rec, "status");
	if (gone) {
		rc = MHD_NO; /* nobody to answer; the run was cancelled and recorded */
	} else if (out.dropped) {
		api_fail(&e, 500, "internal", "the answer is larger than %u bytes", RECORD_CAP);
		rc = respond_error(conn, &e);
	} else if (json_is_string(status) && !strcmp(json_string_value(status), "sbx_error")) {
		const char *m =
		    json_string_value(json_object_get(json_object_get(rec, "error"), "message"));
		api_fail(&e, api_failure_status(m ? m : msg), "sbx_error", "%s", m ? m : msg);
		rc = respond_error(conn, &e);
	} else if (code == 125 || (!rec && !text && x->route.op != API_DELETE) ||
		   (x->route.op == API_DELETE && code != 0)) {
		api_fail(&e, api_failure_status(msg), "sbx_error", "%s", msg);
		rc = respond_error(conn, &e);
	} else if (x->route.op == API_DELETE) {
		json_t *o = json_pack("{s:s}", "deleted", x->route.ref);
		char *b = json_dumps(o, JSON_COMPACT);
		rc = respond_json(conn, 200, b, code);
		free(b);
		json_decref(o);
	} else {
		rc =
		    respond_body(conn, 200, text ? "text/plain; charset=utf-8" : "application/json",
				 buf_cstr(&out), out.len, code);
	}
	json_decref(rec);
	buf_release(&out);
	return rc;
}

static enum MHD_Result answer(struct server *s, struct MHD_Connection *conn, struct req_ctx *x)
{
	struct api_error e = {0};
	switch (x->route.op) {
	case API_HEALTH: {
		unsigned run, wait;
		gate_counts(&s->gate, &run, &wait);
		char b[160];
		snprintf(b, sizeof(b), "{\"status\":\"ok\",\"running\":%u,\"queued\":%u}", run,
			 wait);
		return respond_json(conn, 200, b, -1);
	}
	case API_OPENAPI: return respond_json(conn, 200, openapi_json, -1);
	case API_EVENTS:
		return events_sse_answer(s, conn, &x->q, accepts(conn, "application/x-ndjson"));
	case API_LATER:
		api_fail(&e, 501, "not_implemented",
			 "this route is not served yet: use the matching sbx command on the "
			 "server's machine");
		return respond_error(conn, &e);
	default: break;
	}
	json_t *body = NULL;
	if (x->route.has_body) {
		body = api_parse_body(&x->route, x->body.data ? x->body.data : "", x->body.len, &e);
		if (!body)
			return respond_error(conn, &e);
	}
	enum MHD_Result rc = run_child(s, conn, x, body);
	json_decref(body);
	return rc;
}

enum MHD_Result handler_access(void *cls, struct MHD_Connection *conn, const char *url,
			       const char *method, const char *version, const char *upload_data,
			       size_t *upload_data_size, void **con_cls)
{
	(void)version;
	struct server *s = cls;
	struct req_ctx *x = *con_cls;
	struct api_error e = {0};
	if (!x) {
		x = xcalloc(1, sizeof(*x));
		*con_cls = x;
		gate_track(&s->gate, 1);
		buf_init(&x->body, s->cfg->max_body);
		mhd.get_connection_values(conn, MHD_GET_ARGUMENT_KIND, take_param, &x->q);
		const char *cl =
		    mhd.lookup_connection_value(conn, MHD_HEADER_KIND, "Content-Length");
		if (check_token(s, conn, &e) || api_route(method, url, &x->route, &e) ||
		    api_check_query(&x->route, &x->q, &e))
			x->answered = true;
		else if (cl && strtoull(cl, NULL, 10) > s->cfg->max_body)
			x->answered =
			    !api_fail(&e, 413, "body_too_large",
				      "the body is %s bytes; this server takes at most %zu "
				      "(its --max-body)",
				      cl, s->cfg->max_body);
		/* Answered before the body is read: libmicrohttpd then closes
		 * the connection instead of reading what was refused. */
		return x->answered ? respond_error(conn, &e) : MHD_YES;
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
		api_fail(&e, 413, "body_too_large",
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
	free(x);
	*con_cls = NULL;
	gate_track(&s->gate, -1);
}
