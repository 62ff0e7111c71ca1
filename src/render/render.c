#include "render/render.h"

#include "render/render_text.h"

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
	struct render_tap tap;
	struct render_writer writer;
};

struct render *render_new(const struct request *req)
{
	struct render *r = xcalloc(1, sizeof(*r));
	r->format = req->format;
	r->id = req->id;
	r->last_stdout_byte = '\n';
	return r;
}

void render_set_tap(struct render *r, const struct render_tap *tap)
{
	r->tap = tap ? *tap : (struct render_tap){0};
}

void render_set_writer(struct render *r, const struct render_writer *w)
{
	r->writer = w ? *w : (struct render_writer){0};
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
	if (r->writer.write)
		r->writer.write(r->writer.ctx, b.data, b.len);
	else if (write_all(STDOUT_FILENO, b.data, b.len) != 0)
		r->write_failed = true;
	buf_release(&b);
}

void render_event(struct render *r, const char *type, json_t *fields)
{
	if (r->tap.event)
		r->tap.event(r->tap.ctx, type, fields);
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
	if (r->tap.output)
		r->tap.output(r->tap.ctx, stream, len);
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

/* A rich result as it is made: a `result` event (NDJSON only; the text
 * and JSON formats show the record's results at the end). */
static void sink_result(void *ctx, json_t *entry)
{
	struct render *r = ctx;
	if (r->format == FORMAT_NDJSON)
		render_event(r, "result", json_deep_copy(entry));
}

struct output_sink render_sink(struct render *r)
{
	return (struct output_sink){sink_write, r, sink_result};
}

/* sbx's lines about a failure, from the outcome (render_text.c draws
 * them, as it does for sbx --remote from the record). */
static void text_summary(const struct outcome *out, const struct request *req)
{
	struct render_failure x = {
	    .status = status_name(out->status),
	    .error = out->error,
	    .code_is_file = request_code_is_file(req),
	    /* Python, R, Java and node print their own errors on stderr, as
	     * their interpreters do (javac's messages too). */
	    .shown = req->lang && (req->lang->engine == ENGINE_SPAWN || request_uses_node(req)),
	    .exited = out->exited,
	    .exit_code = out->exit_code,
	    .truncated = out->out.total > out->out.kept.len || out->err.total > out->err.kept.len,
	    .output_bytes = req->limits.output_bytes,
	    .engine_hint = req->engine_hint,
	};
	render_text_failure(stderr, &x);
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
		if (req->print_result == PRINT_RESULT_FORMS)
			render_text_forms(stdout, out->results, r->last_stdout_byte,
					  req->limits.output_bytes);
		else if (req->print_result != PRINT_RESULT_NEVER)
			render_text_results(stdout, out->results, out->result, r->last_stdout_byte,
					    req->limits.output_bytes);
		fflush(stdout);
		text_summary(out, req);
		if (req->expected_stdout && !outcome_verdict_passed(out, req->expected_stdout))
			render_text_verdict(stderr, req->expected_stdout,
					    out->out.kept.data ? out->out.kept.data : "",
					    out->out.kept.len);
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
	if (!r->writer.write && (fflush(stdout) != 0 || ferror(stdout)))
		r->write_failed = true;
	if (r->write_failed)
		return error("writing to standard output failed: %s",
			     strerror(errno ? errno : EIO));
	return 0;
}

json_t *render_failure_record(const char *command, char id[27])
{
	const char *msg = error_first_message();
	make_execution_id(id);
	/* The message may quote the caller's bytes (a file name that is not
	 * UTF-8): made valid, or jansson would give no record at all. */
	if (!*msg)
		msg = "sbx failed: see its standard error";
	/* "kind": what a front answers by (core/error_kinds.c). */
	return json_pack(
	    "{s:s, s:s, s:b, s:s?, s:n, s:n, s:n, s:n, s:s, s:s, s:{s:s, s:s, s:o, s:n, s:n, s:s}}",
	    "id", id, "status", "sbx_error", "ok", 0, "command", command, "language", "exit_code",
	    "signal", "result", "stdout", "", "stderr", "", "error", "name", "SbxError", "kind",
	    error_kind_name(error_first_kind()), "message",
	    json_string_utf8_lossy(msg, strlen(msg)), "line", "column", "traceback", "");
}
