/* render_text — the end of a run in text mode (render_text.h). */
#include "render/render_text.h"

#include <stdlib.h>
#include <string.h>

#include "core/results.h"
#include "render/render_results.h"
#include "util/jsonout.h"
#include "util/textout.h"
#include "util/util.h"

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

/* The value's text form, which a notebook prints for it: the last
 * text/plain entry kept (a DataFrame's print, the short repr of a result
 * left out), when there is a value. NULL: none. */
static const json_t *text_form(const json_t *results, const json_t *result)
{
	const json_t *found = NULL;
	size_t i;
	json_t *e;
	if ((!result || json_is_null(result)) && !results_value_left_out(results))
		return NULL;
	json_array_foreach(results, i, e)
	{
		const char *mime = json_string_value(json_object_get(e, "mime"));
		if (mime && !strcmp(mime, "text/plain") &&
		    !json_is_true(json_object_get(e, "truncated")) &&
		    json_string_length(json_object_get(e, "data")))
			found = e;
	}
	return found;
}

void render_text_results(FILE *f, const json_t *results, const json_t *result, char last_byte,
			 uint64_t limit)
{
	const json_t *plain = text_form(results, result);
	if (json_array_size(results) > (plain ? 1 : 0)) {
		if (last_byte != '\n')
			fputc('\n', f);
		last_byte = '\n';
		render_results_text(f, results, plain, limit);
	}
	if (plain) {
		/* The code's text: escaped for the terminal, its lines kept. */
		json_t *data = json_object_get(plain, "data");
		struct buf b = BUF_INIT;
		buf_put_escaped(&b, json_string_value(data), json_string_length(data), true);
		if (last_byte != '\n')
			fputc('\n', f);
		fputs(buf_cstr(&b), f);
		if (!b.len || b.data[b.len - 1] != '\n')
			fputc('\n', f);
		buf_release(&b);
	} else if (result && !json_is_null(result)) {
		char *text = jsonout_dumps(result);
		if (text) {
			if (last_byte != '\n')
				fputc('\n', f);
			put_result_line(f, text);
			free(text);
		}
	}
}

void render_text_forms(FILE *f, const json_t *results, char last_byte, uint64_t limit)
{
	if (!json_array_size(results))
		return;
	if (last_byte != '\n')
		fputc('\n', f);
	render_results_text(f, results, NULL, limit);
}

/* Output past the limit is cut whatever the status: say so, as the
 * record's "truncated" does (a silent cut reads as the program's own end). */
static void put_truncated(FILE *f, const struct render_failure *x)
{
	if (x->truncated)
		fprintf(f,
			"sbx: output beyond %llu bytes per stream was not kept "
			"(raise --max-output)\n",
			(unsigned long long)x->output_bytes);
}

static void put_failure(FILE *f, const struct render_failure *x)
{
	json_t *e = json_is_object(x->error) ? x->error : NULL;
	json_t *name = json_object_get(e, "name"), *msg = json_object_get(e, "message");
	json_t *line = json_object_get(e, "line"), *col = json_object_get(e, "column");
	json_t *tb = json_object_get(e, "traceback"), *hint = json_object_get(e, "hint");
	bool err = !strcmp(x->status, "error");
	if (!strcmp(x->status, "ok"))
		return;
	/* A FILE prints what its interpreter prints: an error the interpreter
	 * reported, an exit status the code chose, or a signal it died of that
	 * sbx did not send, gets no line of sbx's, not even a hint (the record
	 * has them; a wall of the sandbox is named in the error's own message,
	 * as the Python prelude does for the network). */
	if (x->code_is_file && (err || !strcmp(x->status, "signaled"))) {
		struct buf h = BUF_INIT;
		/* JavaScript's engine is sbx's own: it prints the uncaught error
		 * where node would, its "Name: message" line and the frames. */
		if (!x->shown && err && json_string_length(tb) > 0) {
			put_text(&h, tb, true);
			if (h.data[h.len - 1] != '\n')
				buf_puts(&h, "\n");
		}
		if (err && x->engine_hint && json_string_value(hint) &&
		    !strcmp(json_string_value(hint), x->engine_hint))
			put_hint(&h, hint);
		fputs(buf_cstr(&h), f);
		buf_release(&h);
		return;
	}
	if (err && !e) {
		if (x->exited)
			fprintf(f, "sbx: error: the code exited with status %d\n", x->exit_code);
		return;
	}
	struct buf b = BUF_INIT;
	buf_printf(&b, "sbx: %s: ", x->status);
	put_text(&b, name, false);
	if (json_is_string(name) && json_string_length(msg) > 0)
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
	if (json_string_length(tb) > 0 && !x->shown) { /* once is enough */
		put_text(&b, tb, true);
		if (b.data[b.len - 1] != '\n')
			buf_puts(&b, "\n");
	}
	fputs(buf_cstr(&b), f);
	buf_release(&b);
}

void render_text_failure(FILE *f, const struct render_failure *x)
{
	put_failure(f, x);
	put_truncated(f, x);
}

#define VERDICT_LINES 10 /* lines of each side shown after the first difference */

/* The line of s starting at *at (without its newline), *at moved past it;
 * trailing blanks set aside as the verdict compares. False at the end. */
static bool next_line(const char *s, size_t len, size_t *at, size_t *start, size_t *n)
{
	if (*at >= len)
		return false;
	const char *nl = memchr(s + *at, '\n', len - *at);
	size_t end = nl ? (size_t)(nl - s) : len;
	*start = *at;
	*n = end - *at;
	while (*n && strchr(" \t\r\f\v", s[*start + *n - 1]))
		(*n)--;
	*at = end + 1;
	return true;
}

void render_text_verdict(FILE *f, const char *expected, const char *got, size_t got_len)
{
	size_t elen = strlen(expected), ea = 0, ga = 0, es = 0, en = 0, gs = 0, gn = 0;
	size_t line = 1;
	bool he, hg;
	/* skip the lines both have */
	for (;; line++) {
		size_t ea0 = ea, ga0 = ga;
		he = next_line(expected, elen, &ea, &es, &en);
		hg = next_line(got, got_len, &ga, &gs, &gn);
		if (!he || !hg || en != gn || memcmp(expected + es, got + gs, en)) {
			ea = ea0;
			ga = ga0;
			break;
		}
	}
	struct buf b = BUF_INIT;
	buf_printf(&b,
		   "sbx: verdict: failed: stdout differs from the expected output at line %zu\n",
		   line);
	buf_puts(&b, "--- expected\n+++ stdout\n");
	for (int side = 0; side < 2; side++) {
		const char *s = side ? got : expected;
		size_t len = side ? got_len : elen, at = side ? ga : ea, st, n;
		int shown = 0;
		while (next_line(s, len, &at, &st, &n)) {
			if (shown++ == VERDICT_LINES) {
				buf_printf(&b, "%c... (more lines)\n", side ? '+' : '-');
				break;
			}
			buf_append(&b, side ? "+" : "-", 1);
			buf_put_escaped(&b, s + st, n, false);
			buf_append(&b, "\n", 1);
		}
	}
	fputs(buf_cstr(&b), f);
	buf_release(&b);
}
