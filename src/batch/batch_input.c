/* batch_input — request lines from FILE or stdin, bounded: each line is
 * checked just enough to be ordered and named (a JSON object, an "id" that
 * is a short string); everything else about the request is checked by the
 * `sbx run --request -` child, exactly as flags would be. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "batch/batch_int.h"
#include "util/buf.h"
#include "util/util.h"

struct batch_input {
	FILE *f;
	bool is_stdin;
	size_t line, index;
};

struct batch_input *batch_input_open(const char *path)
{
	struct batch_input *in = calloc(1, sizeof(*in));
	if (!in)
		return NULL;
	if (!strcmp(path, "-")) {
		in->f = stdin;
		in->is_stdin = true;
	} else if (!(in->f = fopen(path, "r"))) {
		error("cannot read the batch input %s: %s (give an NDJSON file, or - for stdin)",
		      path, strerror(errno));
		free(in);
		return NULL;
	}
	return in;
}

struct batch_input *batch_input_from(FILE *f)
{
	struct batch_input *in = calloc(1, sizeof(*in));
	if (in) {
		in->f = f;
		in->is_stdin = true; /* the caller's stream: not closed here */
	}
	return in;
}

void batch_input_close(struct batch_input *in)
{
	if (!in)
		return;
	if (!in->is_stdin)
		fclose(in->f);
	free(in);
}

void batch_item_release(struct batch_item *it)
{
	free(it->id);
	free(it->text);
	memset(it, 0, sizeof(*it));
}

static bool blank(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
			return false;
	return true;
}

/* One line into b (without its newline), at most BATCH_LINE_MAX bytes kept;
 * *too_long when more were dropped. 0 at the end of the input. */
static int read_line(FILE *f, struct buf *b, bool *too_long)
{
	int c = 0;
	bool any = false;
	char chunk[4096];
	size_t n = 0;
	*too_long = false;
	while ((c = getc_unlocked(f)) != EOF) {
		any = true;
		if (c == '\n')
			break;
		chunk[n++] = (char)c;
		if (n == sizeof(chunk)) {
			if (!buf_append(b, chunk, n))
				*too_long = true;
			n = 0;
		}
	}
	if (n && !buf_append(b, chunk, n))
		*too_long = true;
	if (ferror(f))
		return -1;
	return any ? 1 : 0;
}

/* The id, the kind and the first problems of a line. */
static void inspect(struct batch_item *it)
{
	json_error_t je;
	json_t *obj = json_loadb(it->text, it->len, JSON_REJECT_DUPLICATES, &je);
	char num[32];
	snprintf(num, sizeof(num), "%zu", it->line);
	if (!obj) {
		snprintf(it->error, sizeof(it->error),
			 "line %zu: invalid JSON at column %d: %s (each line is one JSON object: "
			 "{\"id\": ..., \"language\": ..., \"code\": ...})",
			 it->line, je.column, je.text);
	} else if (!json_is_object(obj)) {
		snprintf(it->error, sizeof(it->error),
			 "line %zu: a request is a JSON object, not %s: write {\"language\": "
			 "\"python\", \"code\": \"...\"}",
			 it->line, json_is_array(obj) ? "an array" : "a scalar");
	}
	json_t *id = json_is_object(obj) ? json_object_get(obj, "id") : NULL;
	if (id && !json_is_string(id)) {
		snprintf(it->error, sizeof(it->error),
			 "line %zu: \"id\" must be a string (e.g. \"task-7\"), not %s", it->line,
			 json_is_integer(id) ? "a number" : "another JSON type");
	} else if (id && (json_string_length(id) == 0 || json_string_length(id) > BATCH_ID_MAX)) {
		snprintf(it->error, sizeof(it->error),
			 "line %zu: \"id\" must be 1 to %d bytes long, not %zu", it->line,
			 BATCH_ID_MAX, json_string_length(id));
		id = NULL;
	}
	it->id = xstrdup(json_is_string(id) ? json_string_value(id) : num);
	it->deployment = json_is_object(obj) && json_object_get(obj, "deployment");
	json_decref(obj);
}

int batch_input_next(struct batch_input *in, struct batch_item *it)
{
	struct buf b;
	bool too_long;
	memset(it, 0, sizeof(*it));
	for (;;) {
		buf_init(&b, BATCH_LINE_MAX);
		int r = read_line(in->f, &b, &too_long);
		if (r < 0) {
			buf_release(&b);
			return error("cannot read the batch input: %s", strerror(errno));
		}
		if (r == 0) {
			buf_release(&b);
			return 0;
		}
		in->line++;
		if (!too_long && blank(buf_cstr(&b), b.len)) {
			buf_release(&b);
			continue;
		}
		it->line = in->line;
		it->index = in->index++;
		if (too_long) {
			char num[32];
			snprintf(num, sizeof(num), "%zu", it->line);
			it->id = xstrdup(num);
			snprintf(it->error, sizeof(it->error),
				 "line %zu: longer than %zu MiB: a request line is at most that "
				 "(keep big inputs in \"files\", or split the request)",
				 it->line, BATCH_LINE_MAX >> 20);
			buf_release(&b);
			return 1;
		}
		buf_cstr(&b);
		it->text = buf_detach(&b, &it->len);
		inspect(it);
		return 1;
	}
}

long batch_count_requests(const char *path)
{
	struct stat st;
	if (!strcmp(path, "-") || stat(path, &st) != 0 || !S_ISREG(st.st_mode))
		return -1;
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	long n = 0;
	bool content = false;
	int c;
	while ((c = getc_unlocked(f)) != EOF) {
		if (c == '\n') {
			n += content;
			content = false;
		} else if (c != ' ' && c != '\t' && c != '\r') {
			content = true;
		}
	}
	n += content;
	fclose(f);
	return n;
}

json_t *batch_invalid_record(const struct batch_item *it)
{
	json_t *rec = json_object();
	json_object_set_new(rec, "id", json_null());
	json_object_set_new(rec, "status", json_string("sbx_error"));
	json_object_set_new(rec, "ok", json_false());
	json_object_set_new(rec, "command", json_string("batch"));
	json_object_set_new(rec, "language", json_null());
	json_object_set_new(rec, "exit_code", json_null());
	json_object_set_new(rec, "signal", json_null());
	json_object_set_new(rec, "result", json_null());
	json_object_set_new(rec, "stdout", json_string(""));
	json_object_set_new(rec, "stderr", json_string(""));
	json_t *err = json_object();
	json_object_set_new(err, "name", json_string("InvalidRequest"));
	json_object_set_new(err, "message", json_string(it->error));
	json_object_set_new(err, "line", json_null());
	json_object_set_new(err, "column", json_null());
	json_object_set_new(err, "traceback", json_string(""));
	json_object_set_new(rec, "error", err);
	json_object_set_new(rec, "request_id", json_string(it->id));
	json_object_set_new(rec, "line", json_integer((json_int_t)it->line));
	return rec;
}
