/* result — CallToolResult from a command's output (see result.h).
 *
 * A run's record is the structured result as is; the text content is a
 * short report in the order a person reads a run (status, result, stdout,
 * stderr, error), with long streams cut, since a model pays for every
 * token and the full streams are in the structured result anyway. */
#include "mcp/result.h"

#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include <openssl/evp.h>
#include <stdlib.h>

#include "core/file_types.h"
#include "util/buf.h"
#include "util/textout.h"

static void put_stream(struct buf *b, const char *name, json_t *s)
{
	size_t len = json_string_length(s);
	if (!len)
		return;
	buf_printf(b, "%s:\n", name);
	size_t show = len > MCP_TEXT_STREAM_MAX ? MCP_TEXT_STREAM_MAX : len;
	buf_append(b, json_string_value(s), show);
	if (show < len)
		buf_printf(b, "\n[... %zu more bytes: see structuredContent.%s]", len - show, name);
	if (json_string_value(s)[show - 1] != '\n')
		buf_puts(b, "\n");
}

static char *summary(json_t *rec)
{
	struct buf b;
	buf_init(&b, 0);
	const char *status = json_string_value(json_object_get(rec, "status"));
	buf_printf(&b, "status: %s", status ? status : "unknown");
	json_t *code = json_object_get(rec, "exit_code");
	if (json_is_integer(code))
		buf_printf(&b, ", exit code %lld", (long long)json_integer_value(code));
	const char *sig = json_string_value(json_object_get(rec, "signal"));
	if (sig)
		buf_printf(&b, ", signal %s", sig);
	json_t *wall = json_object_get(json_object_get(rec, "time_ms"), "wall");
	if (json_is_number(wall))
		buf_printf(&b, ", %.1f ms", json_number_value(wall));
	const char *verdict = json_string_value(json_object_get(rec, "verdict"));
	if (verdict)
		buf_printf(&b, ", verdict %s", verdict);
	buf_puts(&b, "\n");
	json_t *result = json_object_get(rec, "result");
	if (result && !json_is_null(result)) {
		char *text = json_dumps(result, JSON_COMPACT | JSON_ENCODE_ANY);
		if (text && strlen(text) > MCP_TEXT_STREAM_MAX)
			strcpy(text + MCP_TEXT_STREAM_MAX - 4, "...");
		buf_printf(&b, "result: %s\n", text ? text : "?");
		free(text);
	}
	put_stream(&b, "stdout", json_object_get(rec, "stdout"));
	put_stream(&b, "stderr", json_object_get(rec, "stderr"));
	json_t *err = json_object_get(rec, "error");
	if (json_is_object(err)) {
		const char *name = json_string_value(json_object_get(err, "name"));
		const char *msg = json_string_value(json_object_get(err, "message"));
		buf_printf(&b, "error: %s%s%s", name ? name : "", name && msg ? ": " : "",
			   msg ? msg : "");
		json_t *line = json_object_get(err, "line");
		if (json_is_integer(line))
			buf_printf(&b, " (line %lld)", (long long)json_integer_value(line));
		buf_puts(&b, "\n");
	}
	size_t nfiles = json_array_size(json_object_get(rec, "files"));
	if (nfiles)
		buf_printf(&b, "files: %zu produced (see structuredContent.files)\n", nfiles);
	return buf_detach(&b, NULL);
}

static bool image_mime(const char *mime)
{
	return mime && (!strcmp(mime, "image/png") || !strcmp(mime, "image/jpeg") ||
			!strcmp(mime, "image/gif") || !strcmp(mime, "image/webp"));
}

json_t *mcp_result_from_record(json_t *rec)
{
	json_t *content = json_array();
	char *text = summary(rec);
	json_array_append_new(content, json_pack("{s:s, s:s}", "type", "text", "text", text));
	free(text);
	size_t i;
	json_t *r;
	json_array_foreach(json_object_get(rec, "results"), i, r)
	{
		const char *mime = json_string_value(json_object_get(r, "mime"));
		json_t *data = json_object_get(r, "data");
		if (image_mime(mime) && json_string_length(data))
			json_array_append_new(content, json_pack("{s:s, s:O, s:s}", "type", "image",
								 "data", data, "mimeType", mime));
	}
	return json_pack("{s:o, s:O, s:b}", "content", content, "structuredContent", rec, "isError",
			 !json_is_true(json_object_get(rec, "ok")));
}

/* Seed 004's result: {success, output, logs, error, executionTime,
 * resourceUsage {memory (MB), timeout}}; the logs are the output's lines,
 * stdout's then stderr's. */
json_t *mcp_result_code_execute(json_t *rec)
{
	json_t *logs = json_array();
	const char *streams[] = {"stdout", "stderr"};
	for (size_t i = 0; i < 2; i++) {
		const char *p = json_string_value(json_object_get(rec, streams[i]));
		while (p && *p) {
			const char *nl = strchr(p, '\n');
			size_t n = nl ? (size_t)(nl - p) : strlen(p);
			json_array_append_new(logs, json_stringn(p, n));
			p = nl ? nl + 1 : p + n;
		}
	}
	bool ok = json_is_true(json_object_get(rec, "ok"));
	const char *status = json_string_value(json_object_get(rec, "status"));
	json_t *peak = json_object_get(json_object_get(rec, "memory_kb"), "peak");
	json_t *wall = json_object_get(json_object_get(rec, "time_ms"), "wall");
	json_t *out = json_pack(
	    "{s:b, s:O, s:o, s:f, s:{s:f, s:b}}", "success", ok, "output",
	    json_object_get(rec, "result") ? json_object_get(rec, "result") : json_null(), "logs",
	    logs, "executionTime", json_is_number(wall) ? json_number_value(wall) : 0.0,
	    "resourceUsage", "memory",
	    json_is_integer(peak) ? (double)json_integer_value(peak) / 1024.0 : 0.0, "timeout",
	    status && !strcmp(status, "timeout"));
	json_t *err = json_object_get(rec, "error");
	if (!ok && json_is_object(err)) {
		const char *name = json_string_value(json_object_get(err, "name"));
		const char *msg = json_string_value(json_object_get(err, "message"));
		char text[1024];
		snprintf(text, sizeof text, "%s%s%s", name ? name : "", name && msg ? ": " : "",
			 msg ? msg : "");
		json_object_set_new(out, "error", json_string(text));
	}
	char *text = json_dumps(out, JSON_COMPACT);
	json_t *res = json_pack("{s:[{s:s, s:s}], s:o, s:b}", "content", "type", "text", "text",
				text ? text : "{}", "structuredContent", out, "isError", !ok);
	free(text);
	return res;
}

json_t *mcp_result_error(enum error_kind kind, const char *message, bool record)
{
	json_t *res = json_pack("{s:[{s:s, s:s}], s:b}", "content", "type", "text", "text", message,
				"isError", true);
	if (record)
		json_object_set_new(res, "structuredContent",
				    json_pack("{s:n, s:s, s:b, s:{s:s, s:s, s:s}}", "id", "status",
					      "sbx_error", "ok", false, "error", "name", "SbxError",
					      "kind", error_kind_name(kind), "message", message));
	return res;
}

/* The record in --format ndjson output: the last event's "record", or a
 * plain record line (sbx prints its sbx_error record that way). */
static json_t *ndjson_record(struct buf *out)
{
	json_t *rec = NULL;
	const char *p = buf_cstr(out), *end = p + out->len;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
		json_t *line = json_loadb(p, len, JSON_ALLOW_NUL, NULL);
		json_t *inner = json_object_get(line, "record");
		json_t *found = json_is_object(inner) ? inner
				: (json_is_object(line) && json_object_get(line, "status") &&
				   !json_object_get(line, "event"))
				    ? line
				    : NULL;
		if (found) {
			json_decref(rec);
			rec = json_incref(found);
		}
		json_decref(line);
		p += len + 1;
	}
	return rec;
}

/* sbx's own message: the last line of its stderr, without "sbx: ". */
static void last_message(struct mcp_call_child *c, char *msg, size_t len)
{
	const char *s = buf_cstr(&c->err);
	size_t n = c->err.len;
	while (n && (s[n - 1] == '\n' || s[n - 1] == ' '))
		n--;
	size_t start = n;
	while (start && s[start - 1] != '\n')
		start--;
	if (!strncmp(s + start, "sbx: ", 5))
		start += 5;
	if (n > start)
		snprintf(msg, len, "%.*s", (int)(n - start), s + start);
	else if (WIFSIGNALED(c->status))
		snprintf(msg, len, "sbx was killed by signal %d", WTERMSIG(c->status));
	else
		snprintf(msg, len, "sbx exited with status %d and printed no result",
			 WIFEXITED(c->status) ? WEXITSTATUS(c->status) : -1);
}

/* Printable UTF-8 with tabs and line ends: text for a model. */
static bool text_like(const char *s, size_t len)
{
	size_t start = 0;
	for (size_t i = 0; i <= len; i++)
		if (i == len || s[i] == '\n' || s[i] == '\t' || s[i] == '\r') {
			if (!utf8_printable(s + start, i - start))
				return false;
			start = i + 1;
		}
	return true;
}

/* session_files_read's bytes (text, an image, else base64) or
 * session_files_write's {path, size}. */
static json_t *file_result(struct mcp_call_child *c)
{
	const char *path = c->cmd.file_path;
	if (!c->cmd.file_read) {
		json_t *val =
		    json_pack("{s:s, s:I}", "path", path, "size", (json_int_t)c->cmd.file_size);
		char *text = json_dumps(val, JSON_COMPACT);
		json_t *res = json_pack("{s:[{s:s, s:s}], s:o, s:b}", "content", "type", "text",
					"text", text, "structuredContent", val, "isError", false);
		free(text);
		return res;
	}
	const char *mime = file_content_type(path);
	const char *data = c->out.data ? c->out.data : "";
	size_t len = c->out.len;
	json_t *val = json_pack("{s:s, s:I, s:s%}", "path", path, "size", (json_int_t)len,
				"mimeType", mime, strcspn(mime, ";"));
	json_t *content = json_array();
	/* Text a model reads as text: printable UTF-8, tabs and newlines. */
	if (text_like(data, len)) {
		json_object_set_new(val, "text", json_stringn(data, len));
		json_array_append_new(content,
				      json_pack("{s:s, s:s%}", "type", "text", "text", data, len));
	} else {
		char *enc = malloc(4 * ((len + 2) / 3) + 1);
		if (!enc)
			abort();
		EVP_EncodeBlock((unsigned char *)enc, (const unsigned char *)data, (int)len);
		json_object_set_new(val, "base64", json_string(enc));
		const char *m = json_string_value(json_object_get(val, "mimeType"));
		if (image_mime(m))
			json_array_append_new(content, json_pack("{s:s, s:s, s:s}", "type", "image",
								 "data", enc, "mimeType", m));
		else
			json_array_append_new(
			    content, json_pack("{s:s, s:s+}", "type", "text", "text",
					       "binary file (not text): its bytes as base64 are in "
					       "structuredContent.base64; ",
					       path));
		free(enc);
	}
	return json_pack("{s:o, s:o, s:b}", "content", content, "structuredContent", val, "isError",
			 false);
}

json_t *mcp_result_from_child(struct mcp_call_child *c)
{
	char msg[1024];
	if (c->out.dropped) {
		snprintf(msg, sizeof(msg), "sbx printed more than %u MiB: the result was dropped",
			 MCP_CALL_CHILD_OUT_CAP >> 20);
		return mcp_result_error(ERROR_LIMIT, msg, c->cmd.is_record);
	}
	if (c->cmd.file_path && (!WIFEXITED(c->status) || WEXITSTATUS(c->status) != 0)) {
		last_message(c, msg, sizeof(msg));
		return mcp_result_error(ERROR_INVALID, msg, false);
	}
	if (c->cmd.file_path)
		return file_result(c);
	json_t *val = c->cmd.ndjson
			  ? ndjson_record(&c->out)
			  : json_loadb(buf_cstr(&c->out), c->out.len, JSON_ALLOW_NUL, NULL);
	if (!val) {
		last_message(c, msg, sizeof(msg));
		return mcp_result_error(ERROR_INTERNAL, msg, c->cmd.is_record);
	}
	if (c->cmd.is_record && json_is_object(val)) {
		json_t *res = c->cmd.code_execute ? mcp_result_code_execute(val)
						  : mcp_result_from_record(val);
		json_decref(val);
		return res;
	}
	if (c->cmd.wrap)
		val = json_pack("{s:o}", c->cmd.wrap, val);
	if (!json_is_object(val))
		val = json_pack("{s:o}", "value", val);
	bool failed = !WIFEXITED(c->status) || WEXITSTATUS(c->status) != 0;
	char *text = json_dumps(val, JSON_INDENT(1));
	json_t *res = json_pack("{s:[{s:s, s:s}], s:o, s:b}", "content", "type", "text", "text",
				text ? text : "{}", "structuredContent", val, "isError", failed);
	free(text);
	return res;
}
