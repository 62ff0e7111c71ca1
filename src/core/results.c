#include "core/results.h"

#include <ctype.h>
#include <string.h>

bool results_mime_valid(const char *mime)
{
	size_t n = strlen(mime);
	const char *slash = strchr(mime, '/');
	if (!n || n > RESULTS_MIME_MAX || !slash || slash == mime || !slash[1] ||
	    strchr(slash + 1, '/'))
		return false;
	/* Each name starts with a letter or digit (RFC 6838 restricted-name). */
	if (!isalnum((unsigned char)mime[0]) || !isalnum((unsigned char)slash[1]))
		return false;
	for (const char *p = mime; *p; p++)
		if (!(('a' <= *p && *p <= 'z') || ('A' <= *p && *p <= 'Z') ||
		      ('0' <= *p && *p <= '9') || strchr("/!#$&^_.+-", *p)))
			return false;
	return true;
}

static bool ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), t = strlen(tail);
	return n >= t && !strcmp(s + n - t, tail);
}

bool results_mime_is_base64(const char *mime)
{
	/* Jupyter's convention: text types as text, binary ones in base64. */
	return strncmp(mime, "text/", 5) && !ends_with(mime, "+xml") && !ends_with(mime, "+json") &&
	       strcmp(mime, "application/json") && strcmp(mime, "application/javascript");
}

static int b64_value(unsigned char c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+')
		return 62;
	if (c == '/')
		return 63;
	return -1;
}

long results_base64_decode(const char *in, size_t len, unsigned char *out, size_t cap)
{
	while (len && in[len - 1] == '=')
		len--;
	if (len % 4 == 1)
		return -1;
	size_t n = 0;
	unsigned acc = 0;
	int bits = 0;
	for (size_t i = 0; i < len; i++) {
		int v = b64_value((unsigned char)in[i]);
		if (v < 0)
			return -1;
		acc = (acc << 6) | (unsigned)v;
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			if (n == cap)
				return (long)n;
			out[n++] = (unsigned char)(acc >> bits);
		}
	}
	return (long)n;
}

uint64_t results_data_bytes(const char *mime, const char *data, size_t len)
{
	if (!results_mime_is_base64(mime))
		return len;
	while (len && data[len - 1] == '=')
		len--;
	return (uint64_t)len / 4 * 3 + (len % 4 ? len % 4 - 1 : 0);
}

static unsigned be32(const unsigned char *p)
{
	return (unsigned)p[0] << 24 | (unsigned)p[1] << 16 | (unsigned)p[2] << 8 | p[3];
}

/* A JPEG's size is in its first start-of-frame segment, after the others. */
static bool jpeg_size(const unsigned char *p, size_t n, unsigned *w, unsigned *h)
{
	size_t i = 2;
	while (i + 9 < n && p[i] == 0xff) {
		unsigned char m = p[i + 1];
		size_t seg = (size_t)p[i + 2] << 8 | p[i + 3];
		if (m >= 0xc0 && m <= 0xcf && m != 0xc4 && m != 0xc8 && m != 0xcc) {
			*h = (unsigned)p[i + 5] << 8 | p[i + 6];
			*w = (unsigned)p[i + 7] << 8 | p[i + 8];
			return true;
		}
		i += 2 + seg;
	}
	return false;
}

bool results_image_size(const json_t *entry, unsigned *w, unsigned *h)
{
	const char *mime = json_string_value(json_object_get(entry, "mime"));
	json_t *data = json_object_get(entry, "data");
	unsigned char head[4096];
	if (!mime || !json_is_string(data) || !results_mime_is_base64(mime))
		return false;
	size_t len = json_string_length(data);
	if (len > sizeof head / 3 * 4)
		len = sizeof head / 3 * 4;
	long n = results_base64_decode(json_string_value(data), len, head, sizeof head);
	if (n >= 24 && !memcmp(head, "\x89PNG\r\n\x1a\n", 8) && !memcmp(head + 12, "IHDR", 4)) {
		*w = be32(head + 16);
		*h = be32(head + 20);
		return true;
	}
	if (n >= 10 && (!memcmp(head, "GIF87a", 6) || !memcmp(head, "GIF89a", 6))) {
		*w = head[6] | (unsigned)head[7] << 8;
		*h = head[8] | (unsigned)head[9] << 8;
		return true;
	}
	if (n >= 4 && head[0] == 0xff && head[1] == 0xd8)
		return jpeg_size(head, (size_t)n, w, h);
	return false;
}

json_t *results_bound(const json_t *items, uint64_t budget)
{
	json_t *a = json_array();
	uint64_t used = 0;
	size_t i;
	json_t *item;
	json_array_foreach(items, i, item)
	{
		const char *mime = json_string_value(json_object_get(item, "mime"));
		json_t *data = json_object_get(item, "data");
		if (json_array_size(a) >= RESULTS_MAX_ITEMS)
			break;
		if (!mime || !results_mime_valid(mime) || !json_is_string(data))
			continue;
		size_t len = json_string_length(data);
		uint64_t bytes = results_data_bytes(mime, json_string_value(data), len);
		/* An entry the interpreter's prelude already left out past the
		 * limit: sbx never saw its data, so its size is not known (the
		 * "bytes" the report gives is the code's word, and the code can
		 * write the report). */
		bool left_out = json_is_true(json_object_get(item, "truncated")) && !len;
		bool truncated = left_out || len > budget || used + len > budget;
		if (!truncated)
			used += len;
		json_array_append_new(
		    a, json_pack("{s:s, s:o, s:n, s:o, s:b}", "mime", mime, "data",
				 truncated ? json_string("") : json_incref(data), "file", "bytes",
				 left_out ? json_null() : json_integer((json_int_t)bytes),
				 "truncated", truncated));
	}
	return a;
}

size_t results_value_bytes(const json_t *value)
{
	/* json_dumpb with no buffer counts the bytes without writing them. */
	return json_dumpb(value, NULL, 0, JSON_COMPACT | JSON_ENCODE_ANY);
}

void results_bound_value(json_t **result, json_t **results, uint64_t budget)
{
	size_t n = *result ? results_value_bytes(*result) : 0;
	if (n <= budget)
		return;
	json_decref(*result);
	*result = NULL;
	if (!*results)
		*results = json_array();
	json_array_append_new(*results, json_pack("{s:s, s:s, s:n, s:I, s:b}", "mime",
						  RESULTS_VALUE_MIME, "data", "", "file", "bytes",
						  (json_int_t)n, "truncated", 1));
}

bool results_value_left_out(const json_t *results)
{
	size_t i;
	json_t *e;
	json_array_foreach(results, i, e)
	{
		const char *mime = json_string_value(json_object_get(e, "mime"));
		if (mime && !strcmp(mime, RESULTS_VALUE_MIME) &&
		    json_is_true(json_object_get(e, "truncated")))
			return true;
	}
	return false;
}
