/* events_sse — GET /v1/events (events_sse.h). */
#include "serve/events_sse.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "serve/events_query.h"
#include "serve/handler.h"
#include "session/session.h"
#include "state/events_log.h"
#include "state/history.h"
#include "util/buf.h"
#include "util/jsonout.h"
#include "util/util.h"

static atomic_uint subscribers;
static int stop_pipe[2] = {-1, -1};
static atomic_bool stopping;

struct sub {
	struct events_reader *r;
	struct events_query q;
	bool ndjson;
	int client_fd;
	struct buf pending; /* one formatted event not yet handed over */
	size_t pending_off;
	char session_id[SESSION_ID_LEN + 1]; /* session=NAME resolved */
};

/* session=NAME as every session route takes it: the events carry the id.
 * An id is taken as it is (a deleted session's events are still kept). */
static int resolve_session(struct sub *s, const char *state_dir, struct api_error *e)
{
	const char *ref = s->q.f.session;
	int rc = handler_session_name(state_dir, ref, s->session_id);
	if (rc == 0)
		return 0;
	if (rc < 0)
		return api_fail(
		    e, ERROR_NOT_FOUND, "not_found",
		    "no session has the id or name '%.60s': GET /v1/sessions lists them", ref);
	s->q.f.session = s->session_id;
	return 0;
}

int events_sse_init(void)
{
	if (stop_pipe[0] >= 0)
		return 0;
	return pipe2(stop_pipe, O_CLOEXEC);
}

void events_sse_shutdown(void)
{
	atomic_store(&stopping, true);
	if (stop_pipe[1] >= 0) {
		close(stop_pipe[1]); /* every poll on stop_pipe[0] sees the hang-up */
		stop_pipe[1] = -1;
	}
}

static void sub_free(void *cls)
{
	struct sub *s = cls;
	events_reader_free(s->r);
	events_query_release(&s->q);
	buf_release(&s->pending);
	free(s);
	atomic_fetch_sub(&subscribers, 1);
}

/* with_id: an event of the log, whose position is its SSE id ("INODE.OFFSET"
 * of the log file after its line): a client that reconnects sends it back
 * as Last-Event-ID and goes on from there. */
static void format_event(struct sub *s, json_t *ev, bool with_id)
{
	uint64_t ino, off;
	buf_reset(&s->pending);
	s->pending_off = 0;
	if (!s->ndjson) {
		const char *t = json_string_value(json_object_get(ev, "event"));
		if (with_id && events_reader_pos(s->r, &ino, &off))
			buf_printf(&s->pending, "id: %llu.%llu\n", (unsigned long long)ino,
				   (unsigned long long)off);
		/* The type is sbx's own word, but never trust a line break in it. */
		buf_printf(&s->pending,
			   "event: %s\ndata: ", t && !strpbrk(t, "\r\n") ? t : "event");
	}
	jsonout_append(&s->pending, ev);
	buf_puts(&s->pending, s->ndjson ? "\n" : "\n\n");
}

static json_t *lagged_event(void)
{
	char ts[32];
	history_format_time((int64_t)now_wall_ms(), ts);
	return json_pack("{s:s, s:s}", "event", "lagged", "ts", ts);
}

static ssize_t sub_read(void *cls, uint64_t pos, char *out, size_t max)
{
	(void)pos;
	struct sub *s = cls;
	while (s->pending_off == s->pending.len) {
		if (atomic_load(&stopping))
			return MHD_CONTENT_READER_END_OF_STREAM;
		int wake[2] = {stop_pipe[0], s->client_fd};
		json_t *ev = NULL;
		enum events_next n = events_reader_next(
		    s->r, &s->q.f, wake, s->client_fd >= 0 ? 2 : 1, EVENTS_SSE_KEEP_MS, &ev);
		if (n == EVENTS_END)
			return MHD_CONTENT_READER_END_OF_STREAM;
		if (n == EVENTS_ERROR)
			return MHD_CONTENT_READER_END_WITH_ERROR;
		if (n == EVENTS_WAKE) {
			char b;
			if (atomic_load(&stopping))
				return MHD_CONTENT_READER_END_OF_STREAM;
			/* The client sends nothing once it asked: readable means gone. */
			if (s->client_fd >= 0 &&
			    recv(s->client_fd, &b, 1, MSG_PEEK | MSG_DONTWAIT) >= 0)
				return MHD_CONTENT_READER_END_WITH_ERROR;
			if (s->client_fd >= 0 && errno != EAGAIN && errno != EWOULDBLOCK)
				return MHD_CONTENT_READER_END_WITH_ERROR;
			buf_reset(&s->pending);
			s->pending_off = 0;
			buf_puts(&s->pending, s->ndjson ? "\n" : ": keep-alive\n\n");
			break;
		}
		if (n == EVENTS_LAGGED)
			ev = lagged_event();
		format_event(s, ev, n != EVENTS_LAGGED);
		json_decref(ev);
	}
	return (ssize_t)buf_copy_out(s->pending.data, s->pending.len, &s->pending_off, out, max);
}

enum MHD_Result events_sse_answer(struct server *srv, struct MHD_Connection *conn,
				  const struct api_query *q, bool ndjson)
{
	struct api_error e = {0};
	unsigned max = srv->cfg->max_subscribers;
	if (atomic_fetch_add(&subscribers, 1) >= max || atomic_load(&stopping)) {
		atomic_fetch_sub(&subscribers, 1);
		api_fail(&e, ERROR_UNAVAILABLE, "overloaded",
			 "this server already streams events to %u subscribers: retry after a "
			 "second, close a stream you no longer read, or start the server with a "
			 "larger --max-subscribers",
			 max);
		return respond_error(conn, &e);
	}
	struct sub *s = xcalloc(1, sizeof(*s));
	buf_init(&s->pending, 2 * EVENTS_LINE_MAX + 64);
	s->ndjson = ndjson;
	if (events_query_parse(&s->q, q, &e) != 0 ||
	    resolve_session(s, srv->cfg->state_dir, &e) != 0) {
		sub_free(s);
		return respond_error(conn, &e);
	}
	/* A reconnecting EventSource sends the id of the last event it got. */
	const char *last = mhd.lookup_connection_value(conn, MHD_HEADER_KIND, "Last-Event-ID");
	unsigned long long ino = 0, off = 0;
	int used = 0;
	if (last && (sscanf(last, "%llu.%llu%n", &ino, &off, &used) != 2 || last[used] ||
		     !strchr("0123456789", last[0]))) {
		sub_free(s);
		api_fail(&e, ERROR_INVALID, "bad_query",
			 "invalid Last-Event-ID '%.60s': send back an id this stream sent "
			 "(INODE.OFFSET), or none to start at the present",
			 last);
		return respond_error(conn, &e);
	}
	const union MHD_ConnectionInfo *ci =
	    mhd.get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
	s->client_fd = ci ? ci->connect_fd : -1;
	s->r = events_reader_open(srv->cfg->state_dir, s->q.past || last, s->q.follow,
				  EVENTS_SSE_MAX_LAG);
	if (!s->r) {
		sub_free(s);
		api_fail(&e, ERROR_INTERNAL, "internal",
			 "cannot watch the state directory for events");
		return respond_error(conn, &e);
	}
	/* Sent at once: the client knows it is subscribed before any event.
	 * A Last-Event-ID whose log was rotated away: the events kept, after a
	 * 'lagged' event that says some were lost. */
	if (last && !events_reader_seek(s->r, ino, off)) {
		json_t *lag = lagged_event();
		format_event(s, lag, false);
		json_decref(lag);
	} else {
		buf_puts(&s->pending, ndjson ? "\n" : ": subscribed\n\n");
	}
	struct MHD_Response *r =
	    mhd.create_response_from_callback(MHD_SIZE_UNKNOWN, 16384, sub_read, s, sub_free);
	if (!r) {
		sub_free(s);
		return MHD_NO;
	}
	mhd.add_response_header(r, "Content-Type",
				ndjson ? "application/x-ndjson" : "text/event-stream");
	mhd.add_response_header(r, "Cache-Control", "no-cache");
	handler_add_node(r);
	enum MHD_Result rc = mhd.queue_response(conn, 200, r);
	mhd.destroy_response(r);
	return rc;
}
