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

size_t buf_copy_out(const char *data, size_t len, size_t *off, char *out, size_t max)
{
	size_t n = len - *off;
	if (n > max)
		n = max;
	memcpy(out, data + *off, n);
	*off += n;
	return n;
}
