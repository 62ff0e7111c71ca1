#include "render/render.h"

#include "render/render_results.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "util/jsonout.h"
#include "util/util.h"

struct render {
	enum output_format format;
	const char *id;
	/* Bytes of an incomplete UTF-8 sequence held back between NDJSON chunks,
	 * so a character split across two reads is not turned into two U+FFFD. */
	char partial[2][4];
	size_t npartial[2];
	char last_stdout_byte;
	bool write_failed;
};

struct render *render_new(const struct request *req)
{
	struct render *r = xcalloc(1, sizeof(*r));
	r->format = req->format;
	r->id = req->id;
	r->last_stdout_byte = '\n';
	return r;
}

void render_free(struct render *r)
{
	free(r);
}

void render_iso8601_now(char out[32])
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	struct tm tm;
	gmtime_r(&ts.tv_sec, &tm);
	size_t n = strftime(out, 32, "%Y-%m-%dT%H:%M:%S", &tm);
	snprintf(out + n, 32 - n, ".%03ldZ", ts.tv_nsec / 1000000);
}

static void emit_line(struct render *r, json_t *obj)
{
	struct buf b = BUF_INIT;
	jsonout_append(&b, obj);
	buf_append(&b, "\n", 1);
	if (write_all(STDOUT_FILENO, b.data, b.len) != 0)
		r->write_failed = true;
	buf_release(&b);
}

void render_event(struct render *r, const char *type, json_t *fields)
{
	if (r->format != FORMAT_NDJSON) {
		json_decref(fields);
		return;
	}
	char ts[32];
	render_iso8601_now(ts);
	json_t *ev = json_pack("{s:s, s:s, s:s}", "event", type, "id", r->id, "ts", ts);
	if (fields)
		json_object_update(ev, fields);
	json_decref(fields);
	emit_line(r, ev);
	json_decref(ev);
}

/* How many trailing bytes of data form an incomplete UTF-8 sequence. */
static size_t incomplete_tail(const char *data, size_t len)
{
	const unsigned char *s = (const unsigned char *)data;
	for (size_t back = 1; back <= 3 && back <= len; back++) {
		unsigned char c = s[len - back];
		if ((c & 0xc0) == 0x80)
			continue;
		size_t n = jsonout_utf8_seq_len(c);
		return n > back ? back : 0;
	}
	return 0;
}

void render_output(struct render *r, int stream, const char *data, size_t len)
{
	if (len == 0)
		return;
	if (r->format == FORMAT_TEXT) {
		if (write_all(stream == 2 ? STDERR_FILENO : STDOUT_FILENO, data, len) != 0 &&
		    stream == 1)
			r->write_failed = true;
		if (stream == 1)
			r->last_stdout_byte = data[len - 1];
		return;
	}
	if (r->format != FORMAT_NDJSON)
		return;
	int s = stream == 2 ? 1 : 0;
	struct buf b = BUF_INIT;
	buf_append(&b, r->partial[s], r->npartial[s]);
	buf_append(&b, data, len);
	size_t hold = incomplete_tail(b.data, b.len);
	memcpy(r->partial[s], b.data + b.len - hold, hold);
	r->npartial[s] = hold;
	if (b.len > hold)
		render_event(
		    r, stream == 2 ? "stderr" : "stdout",
		    json_pack("{s:o}", "data", json_string_utf8_lossy(b.data, b.len - hold)));
	buf_release(&b);
}

static void sink_write(void *ctx, int stream, const char *data, size_t len)
{
	render_output(ctx, stream, data, len);
}

struct output_sink render_sink(struct render *r)
{
	return (struct output_sink){sink_write, r};
}

/* A string of the error, escaped for the terminal (see buf_put_escaped):
 * the code chose its text, and must not be able to rewrite sbx's lines. */
static void put_text(struct buf *b, json_t *v, bool multiline)
{
	if (json_is_string(v))
		buf_put_escaped(b, json_string_value(v), json_string_length(v), multiline);
}

/* "sbx: hint: ..." — what the sandbox did or how to fix it (a missing
 * module's package), when the prelude knew. */
static void put_hint(struct buf *b, json_t *hint)
{
	if (json_string_length(hint) == 0)
		return;
	buf_puts(b, "sbx: hint: ");
	put_text(b, hint, false);
	buf_puts(b, "\n");
}

static void text_summary(const struct outcome *out, const struct request *req)
{
	json_t *e = out->error;
	json_t *name = e ? json_object_get(e, "name") : NULL;
	json_t *msg = e ? json_object_get(e, "message") : NULL;
	json_t *line = e ? json_object_get(e, "line") : NULL;
	json_t *col = e ? json_object_get(e, "column") : NULL;
	json_t *tb = e ? json_object_get(e, "traceback") : NULL;
	json_t *hint = e ? json_object_get(e, "hint") : NULL;
	bool has_name = json_is_string(name);
	bool has_msg = json_string_length(msg) > 0;
	/* Python, R, Java and node print their own errors on stderr, as their
	 * interpreters do (javac's messages too). */
	bool shown = req->lang && (req->lang->engine == ENGINE_SPAWN || request_uses_node(req));

	if (out->status == STATUS_OK)
		return;
	/* A FILE prints what its interpreter prints: an error the interpreter
	 * reported, an exit status the code chose, or a signal it died of that
	 * sbx did not send, gets no line of sbx's, not even a hint (the record
	 * has them; a wall of the sandbox is named in the error's own message,
	 * as the Python prelude does for the network). */
	if (request_code_is_file(req) &&
	    (out->status == STATUS_ERROR || out->status == STATUS_SIGNALED)) {
		struct buf h = BUF_INIT;
		/* JavaScript's engine is sbx's own: it prints the uncaught error
		 * where node would, its "Name: message" line and the frames. */
		if (!shown && out->status == STATUS_ERROR && json_string_length(tb) > 0) {
			put_text(&h, tb, true);
			if (h.data[h.len - 1] != '\n')
				buf_puts(&h, "\n");
		}
		fputs(buf_cstr(&h), stderr);
		buf_release(&h);
		return;
	}
	if (out->status == STATUS_ERROR && !e) {
		if (out->exited)
			fprintf(stderr, "sbx: error: the code exited with status %d\n",
				out->exit_code);
		return;
	}
	struct buf b = BUF_INIT;
	buf_printf(&b, "sbx: %s: ", status_name(out->status));
	put_text(&b, name, false);
	if (has_name && has_msg)
		buf_puts(&b, ": ");
	put_text(&b, msg, false);
	if (json_is_integer(line)) {
		buf_printf(&b, " (line %lld", (long long)json_integer_value(line));
		if (json_is_integer(col))
			buf_printf(&b, ", column %lld", (long long)json_integer_value(col));
		buf_puts(&b, ")");
	}
	buf_puts(&b, "\n");
	put_hint(&b, hint);
	if (json_string_length(tb) > 0 && !shown) { /* once is enough */
		put_text(&b, tb, true);
		if (b.data[b.len - 1] != '\n')
			buf_puts(&b, "\n");
	}
	fputs(buf_cstr(&b), stderr);
	buf_release(&b);
	if (out->out.total > out->out.kept.len || out->err.total > out->err.kept.len)
		fprintf(stderr, "sbx: output beyond %llu bytes per stream was not kept\n",
			(unsigned long long)req->limits.output_bytes);
}

/* The result line: JSON, in which jansson escapes C0 but not DEL or C1
 * (U+0080..U+009F, which terminals obey too). Both only occur inside JSON
 * strings, where \u escapes keep the line the same JSON value. */
static void put_result_line(FILE *f, const char *text)
{
	for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
		if (*p == 0x7f) {
			fputs("\\u007f", f);
		} else if (*p == 0xc2 && p[1] >= 0x80 && p[1] < 0xa0) {
			fprintf(f, "\\u%04x", p[1]);
			p++;
		} else {
			fputc(*p, f);
		}
	}
	fputc('\n', f);
}

int render_finish(struct render *r, const struct outcome *out, const struct request *req)
{
	json_t *rec;
	switch (r->format) {
	case FORMAT_TEXT:
		/* Code from a file prints what its interpreter prints, nothing
		 * more; -e, stdin and --markdown add the notebook-style result
		 * line (--print-result chooses). */
		/* The rich results, one line each, under the same rule: a
		 * FILE's run prints what its interpreter prints. */
		if (req->print_result != PRINT_RESULT_NEVER && json_array_size(out->results)) {
			if (r->last_stdout_byte != '\n')
				fputc('\n', stdout);
			r->last_stdout_byte = '\n';
			render_results_text(stdout, out->results, req->limits.output_bytes);
		}
		if (req->print_result != PRINT_RESULT_NEVER && out->result &&
		    !json_is_null(out->result)) {
			char *text = jsonout_dumps(out->result);
			if (text) {
				if (r->last_stdout_byte != '\n')
					fputc('\n', stdout);
				put_result_line(stdout, text);
				free(text);
			}
		}
		fflush(stdout);
		text_summary(out, req);
		break;
	case FORMAT_JSON:
		rec = outcome_to_json(out, req);
		emit_line(r, rec);
		json_decref(rec);
		break;
	case FORMAT_NDJSON:
		for (int s = 0; s < 2; s++)
			if (r->npartial[s]) {
				render_event(r, s ? "stderr" : "stdout",
					     json_pack("{s:o}", "data",
						       json_string_utf8_lossy(r->partial[s],
									      r->npartial[s])));
				r->npartial[s] = 0;
			}
		if (out->status == STATUS_TIMEOUT)
			render_event(r, "execution_timeout",
				     json_pack("{s:O?}", "error", out->error));
		else if (out->status == STATUS_MEMORY_LIMIT || out->status == STATUS_OUTPUT_LIMIT)
			render_event(
			    r, "resource_limit_exceeded",
			    json_pack("{s:s, s:O?}", "limit",
				      out->status == STATUS_MEMORY_LIMIT ? "memory" : "output",
				      "error", out->error));
		rec = outcome_to_json(out, req);
		render_event(r,
			     out->status == STATUS_OK ? "execution_completed" : "execution_failed",
			     json_pack("{s:o}", "record", rec));
		break;
	}
	if (r->format != FORMAT_TEXT)
		record_written_set();
	if (fflush(stdout) != 0 || ferror(stdout))
		r->write_failed = true;
	if (r->write_failed)
		return error("writing to standard output failed: %s",
			     strerror(errno ? errno : EIO));
	return 0;
}
