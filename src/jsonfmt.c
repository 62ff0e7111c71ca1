/* jsonfmt — JSON text with numbers in their shortest round-trip form.
 *
 * jansson writes every real with "%.17g" (JSON_REAL_PRECISION can only fix
 * another digit count for all of them), so a result of 0.1 came back as
 * 0.10000000000000001. The SPEC wants the shortest text that reads back as
 * the same double, as JavaScript and Python's repr print. jansson has no
 * hook for number formatting, so this walks the value itself; strings are
 * still escaped by jansson.
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonfmt.h"

/* The shortest "%.*e" digits of d that read back as d, laid out as
 * JavaScript's Number::toString does (1e21 and up, and below 1e-6, in
 * exponent form); an integral value keeps a ".0" so that it reads back
 * as a real. */
size_t jsonfmt_double(char out[32], double d)
{
	char e[40], digits[20];
	int p, exp10 = 0, k = 0, i;
	size_t n = 0;

	if (!isfinite(d))
		return (size_t)snprintf(out, 32, "null");
	if (d == 0)
		return (size_t)snprintf(out, 32, signbit(d) ? "-0.0" : "0.0");
	for (p = 1; p <= 17; p++) {
		snprintf(e, sizeof(e), "%.*e", p - 1, d);
		if (strtod(e, NULL) == d)
			break;
	}
	/* e is "-d.ddde+XX": collect the digits and the exponent */
	for (i = 0; e[i] && e[i] != 'e'; i++) {
		if (e[i] >= '0' && e[i] <= '9' && k < (int)sizeof(digits) - 1)
			digits[k++] = e[i];
	}
	digits[k] = '\0';
	if (e[i] == 'e')
		exp10 = atoi(e + i + 1) + 1; /* value = 0.DIGITS × 10^exp10 */
	if (d < 0)
		out[n++] = '-';
	if (k <= exp10 && exp10 <= 21) { /* integral: digits, zeros, ".0" */
		memcpy(out + n, digits, (size_t)k);
		n += (size_t)k;
		for (i = k; i < exp10; i++)
			out[n++] = '0';
		memcpy(out + n, ".0", 2);
		n += 2;
	} else if (0 < exp10 && exp10 <= 21) {
		memcpy(out + n, digits, (size_t)exp10);
		n += (size_t)exp10;
		out[n++] = '.';
		memcpy(out + n, digits + exp10, (size_t)(k - exp10));
		n += (size_t)(k - exp10);
	} else if (-6 < exp10 && exp10 <= 0) {
		out[n++] = '0';
		out[n++] = '.';
		for (i = exp10; i < 0; i++)
			out[n++] = '0';
		memcpy(out + n, digits, (size_t)k);
		n += (size_t)k;
	} else {
		out[n++] = digits[0];
		if (k > 1) {
			out[n++] = '.';
			memcpy(out + n, digits + 1, (size_t)(k - 1));
			n += (size_t)(k - 1);
		}
		n += (size_t)snprintf(out + n, 32 - n, "e%c%d", exp10 - 1 < 0 ? '-' : '+',
				      abs(exp10 - 1));
	}
	out[n] = '\0';
	return n;
}

static void put_indent(struct buf *b, size_t flags, int depth)
{
	int width = (int)(flags & 0x1F), i;
	if (!width)
		return;
	buf_append(b, "\n", 1);
	for (i = 0; i < width * depth; i++)
		buf_append(b, " ", 1);
}

static int dump(struct buf *b, const json_t *j, size_t flags, int depth)
{
	const char *sep = (flags & 0x1F) ? ": " : ":";
	char num[32];
	size_t i;

	if (depth > 2048)
		return -1;
	switch (json_typeof(j)) {
	case JSON_REAL: buf_append(b, num, jsonfmt_double(num, json_real_value(j))); return 0;
	case JSON_OBJECT: {
		const char *key;
		json_t *v;
		bool first = true;
		if (json_object_size(j) == 0)
			return buf_puts(b, "{}"), 0;
		buf_append(b, "{", 1);
		json_object_foreach((json_t *)j, key, v)
		{
			json_t *k = json_string(key);
			char *ks =
			    k ? json_dumps(k, JSON_ENCODE_ANY | (flags & JSON_ENSURE_ASCII)) : NULL;
			json_decref(k);
			if (!ks)
				return -1;
			if (!first)
				buf_append(b, ",", 1);
			first = false;
			put_indent(b, flags, depth + 1);
			buf_puts(b, ks);
			free(ks);
			buf_puts(b, sep);
			if (dump(b, v, flags, depth + 1) != 0)
				return -1;
		}
		put_indent(b, flags, depth);
		buf_append(b, "}", 1);
		return 0;
	}
	case JSON_ARRAY:
		if (json_array_size(j) == 0)
			return buf_puts(b, "[]"), 0;
		buf_append(b, "[", 1);
		for (i = 0; i < json_array_size(j); i++) {
			if (i)
				buf_append(b, ",", 1);
			put_indent(b, flags, depth + 1);
			if (dump(b, json_array_get(j, i), flags, depth + 1) != 0)
				return -1;
		}
		put_indent(b, flags, depth);
		buf_append(b, "]", 1);
		return 0;
	default: {
		/* strings, integers, true, false, null: jansson's own text */
		char *s = json_dumps(j, JSON_ENCODE_ANY | (flags & JSON_ENSURE_ASCII));
		if (!s)
			return -1;
		buf_puts(b, s);
		free(s);
		return 0;
	}
	}
}

char *jsonfmt_dumps(const json_t *j, size_t flags)
{
	struct buf b = BUF_INIT;
	if (!j || (!(flags & JSON_ENCODE_ANY) && !json_is_object(j) && !json_is_array(j)))
		return NULL;
	if (dump(&b, j, flags, 0) != 0) {
		buf_release(&b);
		return NULL;
	}
	return buf_detach(&b, NULL);
}
