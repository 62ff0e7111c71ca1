/* lower — see lower.h. This file decides whether code is lowered, keeps
 * the line map, maps error records back to the user's source and takes the
 * child's lowered code on the parent's side. The transpiler run is
 * lower_child.c, the runtime library lower_runtime.c, the cache
 * lower_cache.c. Calls js/tokenize, util and the engine's JSON helper. */
#include "engine/js/lower.h"
#include "engine/js/lower_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "engine/duktape/duktape_text.h"
#include "engine/js/tokenize.h"
#include "util/util.h"

#include "js_lower_gen.h"

const char *js_lower_transpiler(void)
{
	return "typescript " JS_LOWER_TS_VERSION;
}

/* ---- line maps ---- */

/* "3,3,4,0,5" → array. Strict: digits and commas only. */
static int parse_lines(const char *s, size_t len, unsigned **out, size_t *n)
{
	size_t cap = 1, k = 0;
	unsigned *a;
	unsigned long v = 0;
	bool digit = false;

	for (size_t i = 0; i < len; i++)
		cap += s[i] == ',';
	a = xcalloc(cap, sizeof *a);
	for (size_t i = 0; i <= len; i++) {
		if (i == len || s[i] == ',') {
			if (!digit && len) {
				free(a);
				return -1;
			}
			if (k < cap)
				a[k++] = (unsigned)v;
			v = 0;
			digit = false;
		} else if (s[i] >= '0' && s[i] <= '9' && v < 100000000) {
			v = v * 10 + (unsigned long)(s[i] - '0');
			digit = true;
		} else {
			free(a);
			return -1;
		}
	}
	*out = a;
	*n = len ? k : 0;
	return 0;
}

/* owned = CODE LINES_TAG "n,n,n" "\n": split it into code and the map. */
int js_lower_split_owned(struct js_lower *l, size_t total)
{
	const char *tag = NULL;
	for (const char *p = l->owned; (p = strstr(p, LINES_TAG)); p++)
		tag = p;
	if (!tag)
		return -1;
	const char *nums = tag + strlen(LINES_TAG);
	size_t nlen = total - (size_t)(nums - l->owned);
	while (nlen && (nums[nlen - 1] == '\n' || nums[nlen - 1] == '\r'))
		nlen--;
	if (parse_lines(nums, nlen, &l->lines, &l->nlines) != 0)
		return -1;
	l->code = l->owned;
	l->code_len = (size_t)(tag - l->owned) + 1; /* keep the newline */
	return 0;
}

unsigned js_lower_map_line(const struct js_lower *l, unsigned line)
{
	if (!l->lines)
		return line;
	if (line == 0 || line > l->nlines)
		return 0;
	return l->lines[line - 1];
}

void js_lower_scan(struct js_lower *l, struct js_scan *sc)
{
	js_scan(l->code, l->code_len, sc);
	l->runtime = sc->runtime;
	l->corejs = sc->corejs;
}

const char *js_lower_module_kind(const struct request *req)
{
	const char *o = req->code_origin, *dot;
	if ((req->lang->id != LANG_JAVASCRIPT && req->lang->id != LANG_TYPESCRIPT) || !o ||
	    !strcmp(o, "-e") || !strcmp(o, "-"))
		return "";
	dot = strrchr(o, '.');
	if (dot && (!strcmp(dot, ".mjs") || !strcmp(dot, ".mts")))
		return "esm";
	if (dot && !strcmp(dot, ".cjs"))
		return "cjs";
	return "";
}

void js_lower_prepare(struct js_lower *l, const struct request *req)
{
	struct js_scan sc;

	memset(l, 0, sizeof *l);
	l->code = req->code;
	l->code_len = req->code_len;
	js_lower_scan(l, &sc);
	if (req->lang->id == LANG_TYPESCRIPT) {
		l->needed = true;
		l->feature = "TypeScript";
	} else if (sc.feature) {
		l->needed = true;
		l->feature = sc.feature;
	} else if (!strcmp(js_lower_module_kind(req), "esm")) {
		l->needed = true; /* strict, no require: a module's scope */
		l->feature = "an ES module (.mjs)";
	}
	if (!l->needed)
		return;
	js_lower_cache_key(req, l->key);
	js_lower_cache_lookup(l, req);
	if (l->cached)
		js_lower_scan(l, &sc);
}

/* ---- child: error records and the report ---- */

/* Rewrites every "FILE:N" in s with the mapped line. */
static char *map_frames(const struct js_lower *l, const char *filename, const char *s)
{
	struct buf b = BUF_INIT;
	size_t flen = strlen(filename);
	const char *p = s;

	while (*p) {
		const char *hit = strstr(p, filename);
		if (!hit) {
			buf_puts(&b, p);
			break;
		}
		const char *q = hit + flen;
		buf_append(&b, p, (size_t)(q - p));
		if (*q == ':' && q[1] >= '0' && q[1] <= '9') {
			char *end;
			unsigned long n = strtoul(q + 1, &end, 10);
			unsigned m = js_lower_map_line(l, (unsigned)(n > UINT32_MAX ? 0 : n));
			if (m)
				buf_printf(&b, ":%u", m);
			else
				buf_append(&b, q, (size_t)(end - q));
			q = end;
		}
		p = q;
	}
	return buf_detach(&b, NULL);
}

void js_lower_map_error(const struct js_lower *l, const char *filename, const char *json,
			size_t len, struct buf *out)
{
	json_t *o, *v;
	char *s;

	if (!l->lines || !(o = json_loadb(json, len, 0, NULL))) {
		buf_append(out, json, len);
		return;
	}
	if ((v = json_object_get(o, "line")) && json_is_integer(v)) {
		unsigned m = js_lower_map_line(l, (unsigned)json_integer_value(v));
		json_object_set_new(o, "line", m ? json_integer(m) : json_null());
		json_object_set_new(o, "column", json_null());
	}
	if ((v = json_object_get(o, "traceback")) && json_is_string(v) && filename && *filename) {
		char *tb = map_frames(l, filename, json_string_value(v));
		json_object_set_new(o, "traceback", json_string(tb));
		free(tb);
	}
	s = json_dumps(o, JSON_COMPACT | JSON_ENSURE_ASCII);
	if (s)
		buf_puts(out, s);
	else
		buf_append(out, json, len);
	free(s);
	json_decref(o);
}

void js_lower_report_extra(const struct js_lower *l, struct buf *report)
{
	struct buf q = BUF_INIT;

	if (!l->fresh || !l->owned)
		return;
	/* Escape the ASCII specials here; duktape_text_json_ascii() then
	 * turns everything non-ASCII (Duktape's internal encoding, which is
	 * not always UTF-8) into \u escapes. */
	buf_puts(&q, "\"");
	for (const unsigned char *p = (const unsigned char *)l->owned; *p; p++) {
		if (*p == '"' || *p == '\\')
			buf_printf(&q, "\\%c", *p);
		else if (*p == '\n')
			buf_puts(&q, "\\n");
		else if (*p < 0x20 || *p == 0x7f)
			buf_printf(&q, "\\u%04x", *p);
		else
			buf_append(&q, p, 1);
	}
	buf_puts(&q, "\"");
	buf_puts(report, ",\"extra\":{\"lowered\":");
	duktape_text_json_ascii(report, q.data, q.len);
	buf_puts(report, "}");
	buf_release(&q);
}

void js_lower_finish(struct js_lower *l, const struct request *req, struct outcome *out)
{
	json_t *v;

	if (!out->extra || !(v = json_object_get(out->extra, "lowered")))
		return;
	if (l->needed && !l->cached && l->key[0] && json_is_string(v)) {
		const char *text = json_string_value(v);
		size_t len = json_string_length(v);
		/* The child is untrusted: keep only something shaped like our
		 * output. It can only ever poison the entry of its own source,
		 * and cached code runs in the same sandbox. */
		if (len < CACHE_MAX && memchr(text, '\0', len) == NULL && strstr(text, LINES_TAG))
			js_lower_cache_store(l, req, text, len);
	}
	json_object_del(out->extra, "lowered");
	if (json_object_size(out->extra) == 0) {
		json_decref(out->extra);
		out->extra = NULL;
	}
}

void js_lower_release(struct js_lower *l)
{
	free(l->owned);
	free(l->lines);
	l->owned = NULL;
	l->lines = NULL;
}
