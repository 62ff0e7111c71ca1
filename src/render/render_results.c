#include "render/render_results.h"

#include "core/results.h"
#include "util/buf.h"

static void put_size(struct buf *b, uint64_t n)
{
	if (n < 1024)
		buf_printf(b, "%llu B", (unsigned long long)n);
	else if (n < (1u << 20))
		buf_printf(b, "%llu KiB", (unsigned long long)((n + 512) >> 10));
	else
		buf_printf(b, "%.1f MiB", (double)n / (1 << 20));
}

void render_results_text(FILE *f, const json_t *results, const json_t *skip, uint64_t limit)
{
	size_t i;
	json_t *e;
	json_array_foreach(results, i, e)
	{
		if (e == skip)
			continue;
		/* The mime type passed results_mime_valid: no control characters;
		 * the file name is sbx's own. */
		const char *mime = json_string_value(json_object_get(e, "mime"));
		const char *file = json_string_value(json_object_get(e, "file"));
		json_t *bytes = json_object_get(e, "bytes");
		unsigned w, h;
		struct buf b = BUF_INIT;
		buf_printf(&b, "[%s ", mime ? mime : "?");
		/* "640×480, 12 KiB, left out: ...": the parts known, by ", ". */
		const char *sep = "";
		if (results_image_size(e, &w, &h)) {
			buf_printf(&b, "%u\xc3\x97%u", w, h); /* U+00D7 MULTIPLICATION SIGN */
			sep = ", ";
		}
		if (json_is_integer(bytes)) {
			buf_puts(&b, sep);
			put_size(&b, (uint64_t)json_integer_value(bytes));
			sep = ", ";
		}
		if (json_is_true(json_object_get(e, "truncated"))) {
			buf_printf(&b, "%sleft out: over the ", sep);
			put_size(&b, limit);
			buf_puts(&b, " output limit (raise --max-output)");
		}
		if (file)
			buf_printf(&b, " \xe2\x86\x92 %s", file); /* U+2192 RIGHTWARDS ARROW */
		buf_puts(&b, "]\n");
		fputs(buf_cstr(&b), f);
		buf_release(&b);
	}
}
