#include "util/buf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"

void buf_init(struct buf *b, size_t cap)
{
	memset(b, 0, sizeof(*b));
	b->cap = cap;
}

static size_t buf_limit(const struct buf *b)
{
	return b->cap ? b->cap : SIZE_MAX - 1;
}

static void buf_grow(struct buf *b, size_t need)
{
	if (need + 1 <= b->alloc)
		return;
	size_t n = b->alloc ? b->alloc : 256;
	while (n < need + 1)
		n = n > SIZE_MAX / 2 ? need + 1 : n * 2;
	b->data = xrealloc(b->data, n);
	b->alloc = n;
}

bool buf_append(struct buf *b, const void *data, size_t len)
{
	size_t room = buf_limit(b) - b->len;
	size_t take = len < room ? len : room;
	if (take) {
		buf_grow(b, b->len + take);
		memcpy(b->data + b->len, data, take);
		b->len += take;
		b->data[b->len] = '\0';
	}
	b->dropped += len - take;
	return take == len;
}

bool buf_puts(struct buf *b, const char *s)
{
	return buf_append(b, s, strlen(s));
}

bool buf_printf(struct buf *b, const char *fmt, ...)
{
	char small[256];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n < 0)
		return false;
	if ((size_t)n < sizeof(small))
		return buf_append(b, small, (size_t)n);
	char *big = xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(big, (size_t)n + 1, fmt, ap);
	va_end(ap);
	bool ok = buf_append(b, big, (size_t)n);
	free(big);
	return ok;
}

const char *buf_cstr(struct buf *b)
{
	if (!b->data)
		return "";
	return b->data;
}

char *buf_detach(struct buf *b, size_t *len)
{
	char *d = b->data ? b->data : xstrdup("");
	if (len)
		*len = b->len;
	size_t cap = b->cap;
	buf_init(b, cap);
	return d;
}

void buf_reset(struct buf *b)
{
	b->len = 0;
	b->dropped = 0;
	if (b->data)
		b->data[0] = '\0';
}

void buf_release(struct buf *b)
{
	free(b->data);
	size_t cap = b->cap;
	buf_init(b, cap);
}

/* Length of the valid UTF-8 sequence at s (n bytes left), 0 if none. */
static size_t utf8_valid_len(const unsigned char *s, size_t n)
{
	size_t len = s[0] < 0x80		    ? 1
		     : s[0] >= 0xc2 && s[0] <= 0xdf ? 2
		     : s[0] >= 0xe0 && s[0] <= 0xef ? 3
		     : s[0] >= 0xf0 && s[0] <= 0xf4 ? 4
						    : 0;
	if (!len || len > n)
		return 0;
	for (size_t i = 1; i < len; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] >= 0xa0) ||
	    (s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] >= 0x90))
		return 0; /* overlong, surrogate, past U+10FFFF */
	return len;
}

void buf_put_escaped(struct buf *b, const char *s, size_t len, bool multiline)
{
	const unsigned char *p = (const unsigned char *)s;
	for (size_t i = 0; i < len;) {
		unsigned char c = p[i];
		size_t n = utf8_valid_len(p + i, len - i);
		if (n == 1 && c >= 0x20 && c != 0x7f) {
			buf_append(b, p + i, 1);
		} else if (n == 1 && multiline && (c == '\n' || c == '\t')) {
			buf_append(b, p + i, 1);
		} else if (n == 1 && (c == '\n' || c == '\t' || c == '\r')) {
			buf_puts(b, c == '\n' ? "\\n" : c == '\t' ? "\\t" : "\\r");
		} else if (n == 1) {
			buf_printf(b, "\\x%02x", c); /* C0 (ESC included), DEL */
		} else if (n == 2 && c == 0xc2 && p[i + 1] < 0xa0) {
			buf_printf(b, "\\u%04x", p[i + 1]); /* C1: U+0080..U+009F */
		} else if (n) {
			buf_append(b, p + i, n);
		} else {
			n = 1;
			buf_printf(b, "\\x%02x", c); /* not UTF-8: a lone 0x9b is CSI too */
		}
		i += n;
	}
}

size_t buf_copy_out(const char *data, size_t len, size_t *off, char *out, size_t max)
{
	size_t n = len - *off;
	if (n > max)
		n = max;
	memcpy(out, data + *off, n);
	*off += n;
	return n;
}
