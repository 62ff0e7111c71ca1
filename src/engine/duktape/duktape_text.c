/* duktape_text — Duktape's strings on their way out: JSON text as
 * pure ASCII for the report, and strings as UTF-8 (not Duktape's CESU-8)
 * for the program's output. Pure byte work: calls buf only. */
#include <string.h>

#include "engine/duktape/duktape_text.h"

static void put_u16(struct buf *b, unsigned cp)
{
	static const char hex[] = "0123456789abcdef";
	char e[6] = {
	    '\\',	 'u', hex[(cp >> 12) & 15], hex[(cp >> 8) & 15], hex[(cp >> 4) & 15],
	    hex[cp & 15]};
	buf_append(b, e, sizeof(e));
}

/* Decodes one sequence of Duktape's extended UTF-8 at s[*i]; -1 if invalid. */
static long next_cp(const unsigned char *s, size_t len, size_t *i)
{
	unsigned c = s[*i], n, k;
	unsigned long cp;
	if (c < 0xc0 || c >= 0xf8) {
		(*i)++;
		return -1;
	}
	n = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : 1;
	cp = c & (0x3f >> n);
	for (k = 1; k <= n; k++) {
		if (*i + k >= len || (s[*i + k] & 0xc0) != 0x80) {
			(*i)++;
			return -1;
		}
		cp = (cp << 6) | (s[*i + k] & 0x3f);
	}
	*i += n + 1;
	return (long)cp;
}

void duktape_text_json_ascii(struct buf *b, const char *text, size_t len)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t i = 0, run = 0;

	while (i < len) {
		long cp;
		if (s[i] < 0x80) {
			i++;
			run++;
			continue;
		}
		buf_append(b, s + i - run, run);
		run = 0;
		cp = next_cp(s, len, &i);
		if (cp >= 0xd800 && cp <= 0xdbff) {
			/* A CESU-8 pair (from "\ud83d\ude00" in source) is one
			 * character; a lone half is not valid JSON text. */
			size_t j = i;
			long lo = j < len ? next_cp(s, len, &j) : -1;
			if (lo >= 0xdc00 && lo <= 0xdfff) {
				put_u16(b, (unsigned)cp);
				put_u16(b, (unsigned)lo);
				i = j;
			} else {
				put_u16(b, 0xfffd);
			}
		} else if (cp < 0 || (cp >= 0xdc00 && cp <= 0xdfff) || cp > 0x10ffff) {
			put_u16(b, 0xfffd);
		} else if (cp > 0xffff) {
			cp -= 0x10000;
			put_u16(b, 0xd800 + (unsigned)(cp >> 10));
			put_u16(b, 0xdc00 + (unsigned)(cp & 0x3ff));
		} else {
			put_u16(b, (unsigned)cp);
		}
	}
	buf_append(b, s + i - run, run);
}

/* ---- strings out as UTF-8 ---- */

/* Duktape keeps a string's UTF-16 code units in CESU-8: a character beyond
 * the BMP is two 3-byte surrogate halves, which are not UTF-8. node writes
 * a string as UTF-8 with each such pair as one 4-byte character and every
 * lone half (and, here, any byte that is not Duktape's UTF-8) as U+FFFD.
 * The output is gathered in a block on the stack (no allocation: the
 * string may be as large as the heap) and handed to sink in pieces of at
 * most its size; a string that needs no change goes out whole, as one. */
struct utf8_out {
	char data[4096];
	size_t len;
	void (*sink)(void *arg, const char *p, size_t n);
	void *arg;
};

static void utf8_put(struct utf8_out *o, const void *p, size_t n)
{
	const char *c = p;
	while (n) {
		size_t k = sizeof(o->data) - o->len;
		if (k == 0) {
			o->sink(o->arg, o->data, o->len);
			o->len = 0;
			k = sizeof(o->data);
		}
		if (k > n)
			k = n;
		memcpy(o->data + o->len, c, k);
		o->len += k;
		c += k;
		n -= k;
	}
}

/* The length of the valid sequence at s[i] that can go out as it is; 0
 * if it must be converted (a surrogate half, an invalid or truncated
 * sequence, a code point past U+10FFFF). */
static size_t utf8_ok(const unsigned char *s, size_t len, size_t i)
{
	size_t j = i;
	long cp;
	if (s[i] < 0x80)
		return 1;
	cp = next_cp(s, len, &j);
	if (cp < 0 || (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		return 0;
	return j - i;
}

void duktape_text_utf8(const char *text, size_t len,
		       void (*sink)(void *arg, const char *p, size_t n), void *arg)
{
	const unsigned char *s = (const unsigned char *)text;
	struct utf8_out o;
	size_t i = 0, k, run;

	while (i < len && (k = utf8_ok(s, len, i)) > 0)
		i += k;
	if (i == len) { /* the common case: nothing to change */
		if (len)
			sink(arg, text, len);
		return;
	}
	o.len = 0;
	o.sink = sink;
	o.arg = arg;
	utf8_put(&o, s, i);
	while (i < len) {
		for (run = i; i < len && (k = utf8_ok(s, len, i)) > 0;)
			i += k;
		utf8_put(&o, s + run, i - run);
		if (i == len)
			break;
		size_t j = i;
		long cp = next_cp(s, len, &j), lo = -1;
		size_t after = j;
		if (cp >= 0xd800 && cp <= 0xdbff && j < len)
			lo = next_cp(s, len, &after);
		if (lo >= 0xdc00 && lo <= 0xdfff) {
			unsigned long c = 0x10000 + (((unsigned long)cp - 0xd800) << 10) +
					  ((unsigned long)lo - 0xdc00);
			unsigned char u[4] = {(unsigned char)(0xf0 | (c >> 18)),
					      (unsigned char)(0x80 | ((c >> 12) & 0x3f)),
					      (unsigned char)(0x80 | ((c >> 6) & 0x3f)),
					      (unsigned char)(0x80 | (c & 0x3f))};
			utf8_put(&o, u, sizeof(u));
			i = after;
		} else {
			utf8_put(&o, "\xef\xbf\xbd", 3); /* U+FFFD */
			i = j;
		}
	}
	if (o.len)
		sink(arg, o.data, o.len);
}
