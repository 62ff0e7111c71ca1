/* server — the stdio loop of `sbx mcp` (see mcp.h).
 *
 * One thread, one poll loop: stdin, and the pipes of every tool call in
 * flight. Everything written to stdout is a whole line written by this one
 * thread, so messages can never interleave, while calls still run
 * concurrently (each is a child process) and answer in any order. Memory
 * is bounded: the line buffer (--max-message), the calls in flight
 * (--max-concurrent), the queue (MCP_QUEUE_MAX) and each child's output cap. */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mcp/call_child.h"
#include "mcp/jsonrpc.h"
#include "mcp/mcp.h"
#include "mcp/result.h"
#include "mcp/server_int.h"
#include "util/util.h"

static volatile sig_atomic_t stop_signal;

static void on_stop(int sig)
{
	stop_signal = sig;
}

/* Writes one message as one line; a client that went away ends the
 * server (there is nobody left to answer). */
void mcp_send(struct mcp_server *s, json_t *msg)
{
	char *text = json_dumps(msg, JSON_COMPACT);
	json_decref(msg);
	if (!text)
		return;
	size_t len = strlen(text);
	text[len] = '\n'; /* json_dumps' NUL becomes the line's end */
	if (write_all(1, text, len + 1) != 0)
		s->client_gone = true;
	free(text);
}

json_t *mcp_result_for(json_t *id, json_t *result, bool stateless)
{
	if (stateless)
		json_object_set_new(result, "resultType", json_string("complete"));
	return jsonrpc_result(id, result);
}

static struct mcp_call *free_slot(struct mcp_server *s)
{
	for (int i = 0; i < s->opt.max_concurrent; i++)
		if (!s->calls[i].active)
			return &s->calls[i];
	return NULL;
}

/* Starts a queued or new call in slot c; answers at once if the command
 * cannot start. Takes over cmd, id and token. */
static void start_call(struct mcp_server *s, struct mcp_call *c, struct mcp_pending *p)
{
	if (mcp_call_child_start(&c->child, &p->cmd) != 0) {
		char msg[256];
		snprintf(msg, sizeof(msg), "could not start sbx: %s", strerror(errno));
		mcp_send(s, mcp_result_for(p->id, mcp_result_error(ERROR_INTERNAL, msg, true),
					   p->stateless));
		json_decref(p->id);
		json_decref(p->token);
		mcp_cmd_release(&p->cmd);
		return;
	}
	c->active = true;
	c->id = p->id;
	c->token = p->token;
	c->stateless = p->stateless;
	c->progress = 0;
	c->cancelled = false;
}

void mcp_submit(struct mcp_server *s, struct mcp_pending *p)
{
	struct mcp_call *c = free_slot(s);
	if (c) {
		start_call(s, c, p);
		return;
	}
	if (s->nqueued == MCP_QUEUE_MAX) {
		char msg[160];
		snprintf(msg, sizeof(msg),
			 "server busy: %d calls running and %d waiting; retry when one finishes",
			 s->opt.max_concurrent, MCP_QUEUE_MAX);
		mcp_send(s, jsonrpc_error(p->id, JSONRPC_SERVER_BUSY, msg, NULL));
		json_decref(p->id);
		json_decref(p->token);
		mcp_cmd_release(&p->cmd);
		return;
	}
	s->queue[(s->qhead + s->nqueued++) % MCP_QUEUE_MAX] = *p;
}

void mcp_cancel(struct mcp_server *s, json_t *request_id)
{
	for (int i = 0; i < s->opt.max_concurrent; i++) {
		struct mcp_call *c = &s->calls[i];
		if (c->active && !c->cancelled && json_equal(c->id, request_id)) {
			c->cancelled = true; /* no response: the client gave up on it */
			mcp_call_child_kill(&c->child);
		}
	}
	for (int k = 0; k < s->nqueued; k++) {
		struct mcp_pending *p = &s->queue[(s->qhead + k) % MCP_QUEUE_MAX];
		if (p->id && json_equal(p->id, request_id)) {
			json_decref(p->id);
			p->id = NULL; /* skipped when its turn comes */
		}
	}
}

static void start_queued(struct mcp_server *s)
{
	struct mcp_call *c;
	while (s->nqueued && (c = free_slot(s))) {
		struct mcp_pending p = s->queue[s->qhead];
		s->qhead = (s->qhead + 1) % MCP_QUEUE_MAX;
		s->nqueued--;
		if (!p.id) {
			json_decref(p.token);
			mcp_cmd_release(&p.cmd);
			continue;
		}
		start_call(s, c, &p);
	}
}

/* How many bytes of s, at most max, end on a UTF-8 character's boundary:
 * a message cut inside a character would not be valid JSON text. */
static int utf8_prefix(const char *s, size_t max)
{
	size_t n = strnlen(s, max + 1);
	if (n > max) {
		n = max;
		while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
			n--;
	}
	return (int)n;
}

/* A short description of one run event, for a progress message. */
static void event_message(json_t *ev, char *msg, size_t len)
{
	const char *type = json_string_value(json_object_get(ev, "event"));
	json_t *data = json_object_get(ev, "data");
	const char *mime = json_string_value(json_object_get(ev, "mime"));
	/* A rich result as it was made: its type, then its data (the record
	 * at the end holds it whole). */
	if (type && !strcmp(type, "result") && mime && json_is_string(data))
		snprintf(msg, len, "result %s: %.*s", mime,
			 utf8_prefix(json_string_value(data), 200), json_string_value(data));
	else if (json_is_string(data))
		snprintf(msg, len, "%s: %.*s", type, utf8_prefix(json_string_value(data), 200),
			 json_string_value(data));
	else
		snprintf(msg, len, "%s", type ? type : "event");
}

/* New complete ndjson lines of a run: one progress notification each,
 * when the client asked for progress. */
static void report_progress(struct mcp_server *s, struct mcp_call *c)
{
	struct buf *out = &c->child.out;
	const char *text = buf_cstr(out);
	while (c->child.scanned < out->len) {
		const char *start = text + c->child.scanned;
		const char *nl = memchr(start, '\n', out->len - c->child.scanned);
		if (!nl)
			break;
		c->child.scanned = (size_t)(nl - text) + 1;
		if (!c->token || c->cancelled || !c->child.cmd.ndjson)
			continue;
		json_t *ev = json_loadb(start, (size_t)(nl - start), JSON_ALLOW_NUL, NULL);
		if (json_is_object(ev)) {
			char msg[512]; /* "result " + a mime type (127) + 200 bytes of data */
			event_message(ev, msg, sizeof(msg));
			c->progress += 1;
			mcp_send(s, jsonrpc_notification(
					"notifications/progress",
					json_pack("{s:O, s:f, s:s}", "progressToken", c->token,
						  "progress", c->progress, "message", msg)));
		}
		json_decref(ev);
	}
}

static void finish_call(struct mcp_server *s, struct mcp_call *c)
{
	mcp_call_child_reap(&c->child);
	if (!c->cancelled)
		mcp_send(s, mcp_result_for(c->id, mcp_result_from_child(&c->child), c->stateless));
	mcp_call_child_release(&c->child);
	json_decref(c->id);
	json_decref(c->token);
	memset(c, 0, sizeof(*c));
}

/* Splits what stdin gave into lines and handles each; a line longer than
 * the limit is answered once and skipped up to its newline. */
static void read_stdin(struct mcp_server *s)
{
	char chunk[65536];
	ssize_t got = read(0, chunk, sizeof(chunk));
	if (got < 0 && errno == EINTR)
		return;
	if (got <= 0) {
		s->stdin_eof = true;
		return;
	}
	const char *p = chunk, *end = chunk + got;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
		if (!s->skipping) {
			if (s->line.len + len > s->opt.max_message) {
				char msg[160];
				snprintf(
				    msg, sizeof(msg),
				    "message longer than %zu bytes: send less inline, or raise "
				    "`sbx mcp --max-message`",
				    s->opt.max_message);
				mcp_send(s,
					 jsonrpc_error(NULL, JSONRPC_INVALID_REQUEST, msg, NULL));
				buf_reset(&s->line);
				s->skipping = true;
			} else {
				buf_append(&s->line, p, len);
			}
		}
		if (!nl)
			break;
		if (!s->skipping)
			mcp_handle_line(s, buf_cstr(&s->line), s->line.len);
		buf_reset(&s->line);
		s->skipping = false;
		p = nl + 1;
	}
}

static int running(const struct mcp_server *s)
{
	int n = 0;
	for (int i = 0; i < s->opt.max_concurrent; i++)
		n += s->calls[i].active;
	return n;
}

static void loop_once(struct mcp_server *s)
{
	struct pollfd fds[1 + 4 * MCP_MAX_CONCURRENT_LIMIT];
	int first[MCP_MAX_CONCURRENT_LIMIT], count[MCP_MAX_CONCURRENT_LIMIT];
	int n = 0;
	start_queued(s);
	if (!s->stdin_eof) {
		fds[n++] = (struct pollfd){.fd = 0, .events = POLLIN};
	}
	for (int i = 0; i < s->opt.max_concurrent; i++) {
		first[i] = n;
		count[i] =
		    s->calls[i].active ? mcp_call_child_pollfds(&s->calls[i].child, fds + n) : 0;
		n += count[i];
	}
	if (n == 0)
		return;
	if (poll(fds, (nfds_t)n, -1) < 0)
		return; /* EINTR: the caller looks at stop_signal */
	if (!s->stdin_eof && fds[0].revents)
		read_stdin(s);
	for (int i = 0; i < s->opt.max_concurrent; i++) {
		struct mcp_call *c = &s->calls[i];
		if (!c->active || !count[i])
			continue;
		mcp_call_child_service(&c->child, fds + first[i], count[i]);
		report_progress(s, c);
		if (mcp_call_child_drained(&c->child))
			finish_call(s, c);
	}
	start_queued(s);
}

int mcp_serve(const struct mcp_options *o)
{
	struct mcp_server s;
	memset(&s, 0, sizeof(s));
	s.opt = *o;
	buf_init(&s.line, 0);
	struct sigaction sa = {0};
	sa.sa_handler = on_stop;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	while (!stop_signal && !s.client_gone && (!s.stdin_eof || running(&s) || s.nqueued))
		loop_once(&s);
	for (int i = 0; i < s.opt.max_concurrent; i++)
		if (s.calls[i].active) {
			mcp_call_child_kill(&s.calls[i].child);
			mcp_call_child_release(&s.calls[i].child);
			json_decref(s.calls[i].id);
			json_decref(s.calls[i].token);
		}
	while (s.nqueued) {
		struct mcp_pending *p = &s.queue[s.qhead];
		json_decref(p->id);
		json_decref(p->token);
		mcp_cmd_release(&p->cmd);
		s.qhead = (s.qhead + 1) % MCP_QUEUE_MAX;
		s.nqueued--;
	}
	buf_release(&s.line);
	return 0;
}
