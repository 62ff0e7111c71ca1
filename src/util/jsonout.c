#include "util/jsonout.h"

#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The fewest significant digits that read back as d, as "d.ddde±XX". For a
 * normal double, any decimal of at most 15 digits that reads back as d is
 * also what "%.14e" rounds d to (trailing zeros aside), so the search starts
 * there; subnormals have fewer bits and may need fewer digits. */
static void shortest_e(double d, char *buf, size_t cap)
{
	int p = fabs(d) < DBL_MIN ? 1 : 15;
	for (; p <= 17; p++) {
		snprintf(buf, cap, "%.*e", p - 1, d);
		if (strtod(buf, NULL) == d)
			return;
	}
}

size_t jsonout_double(double d, char *out, size_t cap)
{
	char e[40], digits[24];
	size_t nd = 0;
	if (d == 0) {
		return (size_t)snprintf(out, cap, "%s", signbit(d) ? "-0.0" : "0.0");
	}
	shortest_e(d, e, sizeof e);
	const char *p = e;
	bool neg = *p == '-';
	if (neg)
		p++;
	for (; *p && *p != 'e'; p++)
		if (*p >= '0' && *p <= '9' && nd < sizeof digits - 1)
			digits[nd++] = *p;
	int exp = *p == 'e' ? atoi(p + 1) : 0;
	while (nd > 1 && digits[nd - 1] == '0')
		nd--;
	digits[nd] = '\0';

	char s[64];
	size_t n = 0;
	if (neg)
		s[n++] = '-';
	if (exp >= -4 && exp < 16) {
		/* Fixed notation, as Python's repr: always a fraction part. */
		if (exp >= 0) {
			for (int i = 0; i <= exp; i++)
				s[n++] = (size_t)i < nd ? digits[i] : '0';
			s[n++] = '.';
			if ((size_t)exp + 1 < nd)
				for (size_t i = (size_t)exp + 1; i < nd; i++)
					s[n++] = digits[i];
			else
				s[n++] = '0';
		} else {
			s[n++] = '0';
			s[n++] = '.';
			for (int i = 0; i < -exp - 1; i++)
				s[n++] = '0';
			for (size_t i = 0; i < nd; i++)
				s[n++] = digits[i];
		}
		s[n] = '\0';
	} else {
		s[n++] = digits[0];
		if (nd > 1) {
			s[n++] = '.';
			for (size_t i = 1; i < nd; i++)
				s[n++] = digits[i];
		}
		snprintf(s + n, sizeof s - n, "e%c%02d", exp < 0 ? '-' : '+', abs(exp));
	}
	return (size_t)snprintf(out, cap, "%s", s);
}

static void append_string(struct buf *out, const char *s, size_t len)
{
	json_t *str = json_stringn_nocheck(s, len);
	char *text = str ? json_dumps(str, JSON_ENCODE_ANY | JSON_COMPACT) : NULL;
	buf_puts(out, text ? text : "\"\"");
	free(text);
	json_decref(str);
}

void jsonout_append(struct buf *out, const json_t *v)
{
	char num[64];
	switch (json_typeof(v)) {
	case JSON_OBJECT: {
		const char *key;
		json_t *x;
		bool first = true;
		buf_append(out, "{", 1);
		/* jansson keeps insertion order: the record's keys stay in the
		 * order outcome_to_json sets them. */
		json_object_foreach((json_t *)v, key, x)
		{
			if (!first)
				buf_append(out, ",", 1);
			first = false;
			append_string(out, key, strlen(key));
			buf_append(out, ":", 1);
			jsonout_append(out, x);
		}
		buf_append(out, "}", 1);
		break;
	}
	case JSON_ARRAY:
		buf_append(out, "[", 1);
		for (size_t i = 0; i < json_array_size(v); i++) {
			if (i)
				buf_append(out, ",", 1);
			jsonout_append(out, json_array_get(v, i));
		}
		buf_append(out, "]", 1);
		break;
	case JSON_STRING: append_string(out, json_string_value(v), json_string_length(v)); break;
	case JSON_INTEGER:
		snprintf(num, sizeof num, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
		buf_puts(out, num);
		break;
	case JSON_REAL: {
		double d = json_real_value(v);
		if (isfinite(d)) {
			jsonout_double(d, num, sizeof num);
			buf_puts(out, num);
		} else {
			buf_puts(out, "null"); /* jansson never holds one; be safe */
		}
		break;
	}
	case JSON_TRUE: buf_puts(out, "true"); break;
	case JSON_FALSE: buf_puts(out, "false"); break;
	case JSON_NULL:
	default: buf_puts(out, "null"); break;
	}
}

char *jsonout_dumps(const json_t *v)
{
	struct buf b = BUF_INIT;
	jsonout_append(&b, v);
	buf_cstr(&b);
	return buf_detach(&b, NULL);
}

size_t jsonout_utf8_seq_len(unsigned char c)
{
	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		return 2;
	if (c >= 0xe0 && c <= 0xef)
		return 3;
	if (c >= 0xf0 && c <= 0xf4)
		return 4;
	return 0;
}

/* Is s[0..n) one valid UTF-8 sequence (no overlongs, no surrogates)? */
static bool utf8_valid_seq(const unsigned char *s, size_t n)
{
	for (size_t i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return false;
	if (n == 3) {
		if (s[0] == 0xe0 && s[1] < 0xa0)
			return false;
		if (s[0] == 0xed && s[1] >= 0xa0)
			return false;
	}
	if (n == 4) {
		if (s[0] == 0xf0 && s[1] < 0x90)
			return false;
		if (s[0] == 0xf4 && s[1] >= 0x90)
			return false;
	}
	return true;
}

json_t *json_string_utf8_lossy(const char *data, size_t len)
{
	/* jansson rejects invalid UTF-8 instead of replacing it, and the
	 * record must stay valid JSON whatever the code printed: replace each
	 * invalid byte with U+FFFD here. NULs pass through (json_stringn
	 * escapes them as \u0000). */
	const unsigned char *s = (const unsigned char *)data;
	struct buf b = BUF_INIT;
	size_t i = 0, clean_from = 0;
	while (i < len) {
		size_t n = jsonout_utf8_seq_len(s[i]);
		if (n && i + n <= len && utf8_valid_seq(s + i, n)) {
			i += n;
			continue;
		}
		buf_append(&b, data + clean_from, i - clean_from);
		buf_append(&b, "\xef\xbf\xbd", 3);
		i++;
		clean_from = i;
	}
	json_t *str;
	if (clean_from == 0) {
		str = json_stringn(data, len);
	} else {
		buf_append(&b, data + clean_from, len - clean_from);
		str = json_stringn(b.data, b.len);
	}
	buf_release(&b);
	return str ? str : json_string("");
}
