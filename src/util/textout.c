/* textout — escaped text for the terminal (textout.h). */
#include "util/textout.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Where formatted text goes: a growing buffer, or a fixed array that keeps
 * what fits (len counts everything, as snprintf's result does). */
struct sink {
	struct buf *b;
	char *out;
	size_t size;
	size_t len;
};

static void put(struct sink *k, const void *p, size_t n)
{
	if (k->b) {
		buf_append(k->b, p, n);
	} else if (k->size > 0 && k->len < k->size - 1) {
		size_t room = k->size - 1 - k->len;
		memcpy(k->out + k->len, p, n < room ? n : room);
	}
	k->len += n;
}

/* \xHH for a byte, or \uHHHH for a C1 character. */
static void put_hex(struct sink *k, bool unicode, unsigned v)
{
	char tmp[8];
	int n = snprintf(tmp, sizeof tmp, unicode ? "\\u%04x" : "\\x%02x", v);
	put(k, tmp, (size_t)n);
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

static void escape(struct sink *k, const char *s, size_t len, bool multiline)
{
	const unsigned char *p = (const unsigned char *)s;
	for (size_t i = 0; i < len;) {
		unsigned char c = p[i];
		size_t n = utf8_valid_len(p + i, len - i);
		if (n == 1 && c >= 0x20 && c != 0x7f) {
			size_t run = 1; /* printable ASCII goes out in one piece */
			while (i + run < len && p[i + run] >= 0x20 && p[i + run] < 0x7f)
				run++;
			n = run;
			put(k, p + i, n);
		} else if (n == 1 && multiline && (c == '\n' || c == '\t')) {
			put(k, p + i, 1);
		} else if (n == 1 && (c == '\n' || c == '\t' || c == '\r')) {
			put(k, c == '\n' ? "\\n" : c == '\t' ? "\\t" : "\\r", 2);
		} else if (n == 1) {
			put_hex(k, false, c); /* C0 (ESC included), DEL */
		} else if (n == 2 && c == 0xc2 && p[i + 1] < 0xa0) {
			put_hex(k, true, p[i + 1]); /* C1: U+0080..U+009F */
		} else if (n) {
			put(k, p + i, n);
		} else {
			n = 1;
			put_hex(k, false, c); /* not UTF-8: a lone 0x9b is CSI too */
		}
		i += n;
	}
}

void buf_put_escaped(struct buf *b, const char *s, size_t len, bool multiline)
{
	struct sink k = {.b = b};
	escape(&k, s, len, multiline);
}

bool utf8_printable(const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	for (size_t i = 0; i < len;) {
		size_t n = utf8_valid_len(p + i, len - i);
		if (!n || (n == 1 && (p[i] < 0x20 || p[i] == 0x7f)) ||
		    (n == 2 && p[i] == 0xc2 && p[i + 1] < 0xa0))
			return false;
		i += n;
	}
	return true;
}

/* At most max bytes of s (strnlen), cut before a UTF-8 continuation byte. */
static size_t cut(const char *s, size_t max)
{
	size_t n = strnlen(s, max);
	if (s[n] != '\0')
		while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
			n--;
	return n;
}

static void pad(struct sink *k, size_t n)
{
	while (n-- > 0)
		put(k, " ", 1);
}

/* One %s: cut to the precision, escaped, padded to the width. */
static void put_value(struct sink *k, const char *s, bool left, int width, int prec)
{
	if (!s)
		s = "(null)";
	size_t n = prec >= 0 ? cut(s, (size_t)prec) : strlen(s);
	size_t before = k->len;
	if (!left && width > 0) {
		/* The escaped length first, for the padding before it. */
		struct sink probe = {0};
		escape(&probe, s, n, false);
		if (probe.len < (size_t)width)
			pad(k, (size_t)width - probe.len);
		escape(k, s, n, false);
		return;
	}
	escape(k, s, n, false);
	if (left && width > 0 && k->len - before < (size_t)width)
		pad(k, (size_t)width - (k->len - before));
}

/* The format's own conversions, formatted by snprintf from a spec made of
 * the checked pieces of fmt (so not a literal: the warning is off here). */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
static void format(struct sink *k, const char *fmt, va_list ap)
{
	for (const char *p = fmt; *p;) {
		const char *pct = strchr(p, '%');
		if (!pct) {
			put(k, p, strlen(p));
			break;
		}
		put(k, p, (size_t)(pct - p));
		p = pct + 1;
		if (*p == '%') {
			put(k, "%", 1);
			p++;
			continue;
		}
		char spec[48] = "%";
		size_t sl = 1;
		bool left = false;
		while (*p && strchr("-+ #0'", *p) && sl < 8) {
			left |= *p == '-';
			spec[sl++] = *p++;
		}
		int width = 0, prec = -1;
		if (*p == '*') {
			width = va_arg(ap, int);
			if (width < 0) {
				left = true;
				width = -width;
				spec[sl++] = '-';
			}
			p++;
		} else {
			width = (int)strtol(p, (char **)&p, 10);
		}
		if (*p == '.') {
			p++;
			if (*p == '*') {
				prec = va_arg(ap, int);
				p++;
			} else {
				prec = (int)strtol(p, (char **)&p, 10);
			}
		}
		if (width > 0)
			sl += (size_t)snprintf(spec + sl, sizeof spec - sl, "%d", width);
		if (prec >= 0)
			sl += (size_t)snprintf(spec + sl, sizeof spec - sl, ".%d", prec);
		char len[3] = "";
		size_t ll = 0;
		while (*p && strchr("hljztL", *p) && ll < 2)
			len[ll++] = *p++;
		char conv = *p ? *p++ : '\0';
		snprintf(spec + sl, sizeof spec - sl, "%s%c", len, conv);
		char tmp[512];
		int n = 0;
		switch (conv) {
		case 's': put_value(k, va_arg(ap, const char *), left, width, prec); continue;
		case 'd':
		case 'i':
			if (!strcmp(len, "ll"))
				n = snprintf(tmp, sizeof tmp, spec, va_arg(ap, long long));
			else if (!strcmp(len, "l"))
				n = snprintf(tmp, sizeof tmp, spec, va_arg(ap, long));
			else if (!strcmp(len, "z") || !strcmp(len, "t"))
				n = snprintf(tmp, sizeof tmp, spec, va_arg(ap, ptrdiff_t));
			else if (!strcmp(len, "j"))
				n = snprintf(tmp, sizeof tmp, spec, va_arg(ap, intmax_t));
			else
				n = snprintf(tmp, sizeof tmp, spec, va_arg(ap, int));
			break;
		case 'u':
		case 'o':
		case 'x':
		case 'X':
			if (!strcmp(len, "ll"))
				n = snprintf(tmp, sizeof tmp, spec, va_arg(ap, unsigned long long));
			else if (!strcmp(len, "l"))
				n = snprintf(tmp, sizeof tmp, spec, va_arg(ap, unsigned long));
			else if (!strcmp(len, "z") || !strcmp(len, "t"))
				n = snprintf(tmp, sizeof tmp, spec, va_arg(ap, size_t));
			else if (!strcmp(len, "j"))
				n = snprintf(tmp, sizeof tmp, spec, va_arg(ap, uintmax_t));
			else
				n = snprintf(tmp, sizeof tmp, spec, va_arg(ap, unsigned));
			break;
		case 'c': {
			char c = (char)va_arg(ap, int);
			put_value(k, (char[2]){c, '\0'}, left, width, -1);
			continue;
		}
		case 'f':
		case 'F':
		case 'e':
		case 'E':
		case 'g':
		case 'G':
		case 'a':
		case 'A':
			if (!strcmp(len, "L"))
				n = snprintf(tmp, sizeof tmp, spec, va_arg(ap, long double));
			else
				n = snprintf(tmp, sizeof tmp, spec, va_arg(ap, double));
			break;
		case 'p': n = snprintf(tmp, sizeof tmp, spec, va_arg(ap, void *)); break;
		default: abort(); /* %n or a typo: the format attribute flags both */
		}
		put(k, tmp, n < 0 ? 0 : (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
	}
}
#pragma GCC diagnostic pop

int text_printf(FILE *f, const char *fmt, ...)
{
	struct buf b = BUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	struct sink k = {.b = &b};
	format(&k, fmt, ap);
	va_end(ap);
	int rc = b.len && fwrite(b.data, 1, b.len, f) != b.len ? -1 : (int)b.len;
	buf_release(&b);
	return rc;
}

bool buf_printf_text(struct buf *b, const char *fmt, ...)
{
	uint64_t dropped = b->dropped;
	va_list ap;
	va_start(ap, fmt);
	struct sink k = {.b = b};
	format(&k, fmt, ap);
	va_end(ap);
	return b->dropped == dropped;
}

size_t text_vsnprintf(char *out, size_t size, const char *fmt, va_list ap)
{
	struct sink k = {.out = out, .size = size};
	format(&k, fmt, ap);
	if (size)
		out[k.len < size ? k.len : size - 1] = '\0';
	return k.len;
}
