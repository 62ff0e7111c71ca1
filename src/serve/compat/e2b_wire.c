/* e2b_wire — multipart uploads and Connect envelopes (e2b_wire.h). Both
 * read a body the server holds whole (bounded by --max-body), so a part
 * is a pointer into it: nothing is copied but a file's name. */
#include "serve/compat/e2b_wire.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#define BOUNDARY_MAX 70

int e2b_multipart_boundary(const char *ct, char *out, size_t n, char *msg, size_t mn)
{
	if (!ct || strncasecmp(ct, "multipart/form-data", 19)) {
		snprintf(msg, mn,
			 "files.write sends multipart/form-data or application/octet-stream; this "
			 "body is %.60s",
			 ct ? ct : "untyped");
		return -1;
	}
	const char *b = strcasestr(ct, "boundary=");
	if (!b) {
		snprintf(msg, mn, "the multipart Content-Type has no boundary=");
		return -1;
	}
	b += 9;
	bool quoted = *b == '"';
	b += quoted;
	size_t len = quoted ? strcspn(b, "\"") : strcspn(b, "; \t");
	if (!len || len > BOUNDARY_MAX || len >= n || (quoted && b[len] != '"')) {
		snprintf(msg, mn, "the multipart boundary must be 1-%d characters", BOUNDARY_MAX);
		return -1;
	}
	memcpy(out, b, len);
	out[len] = '\0';
	return 0;
}

/* A header parameter's value (name="value"), undici's escapes (%22 %0A
 * %0D for '"', LF, CR) decoded, into out; false when absent or too long. */
static bool header_param(const char *h, size_t hlen, const char *name, char *out, size_t n)
{
	size_t nl = strlen(name);
	for (size_t i = 0; i + nl + 2 <= hlen; i++) {
		if (strncasecmp(h + i, name, nl) || h[i + nl] != '=' || h[i + nl + 1] != '"')
			continue;
		if (i && h[i - 1] != ' ' && h[i - 1] != ';' && h[i - 1] != '\t')
			continue; /* "filename" is not "name" */
		size_t o = 0;
		for (size_t k = i + nl + 2; k < hlen && h[k] != '"'; k++) {
			char c = h[k];
			if (c == '%' && k + 2 < hlen &&
			    (!strncmp(h + k, "%22", 3) || !strncasecmp(h + k, "%0A", 3) ||
			     !strncasecmp(h + k, "%0D", 3))) {
				c = h[k + 2] == '2' ? '"' : (h[k + 2] | 0x20) == 'a' ? '\n' : '\r';
				k += 2;
			}
			if (o + 1 >= n)
				return false;
			out[o++] = c;
		}
		out[o] = '\0';
		return true;
	}
	return false;
}

/* The Content-Disposition line of a part's headers [h, h + len). */
static const char *disposition(const char *h, size_t len, size_t *dlen)
{
	const char *end = h + len;
	while (h < end) {
		const char *eol = memmem(h, (size_t)(end - h), "\r\n", 2);
		size_t l = eol ? (size_t)(eol - h) : (size_t)(end - h);
		if (l > 20 && !strncasecmp(h, "content-disposition:", 20)) {
			*dlen = l;
			return h;
		}
		h += l + 2;
	}
	return NULL;
}

int e2b_multipart_files(const char *boundary, const char *body, size_t len, struct e2b_part *parts,
			int max, char *msg, size_t mn)
{
	char delim[BOUNDARY_MAX + 5];
	int dl = snprintf(delim, sizeof delim, "\r\n--%s", boundary);
	if (dl < 5 || (size_t)dl >= sizeof delim) {
		snprintf(msg, mn, "the multipart boundary must be 1-%d characters", BOUNDARY_MAX);
		return -1;
	}
	/* The first delimiter may start the body (no CRLF before it). */
	const char *p = len >= (size_t)dl - 2 && !memcmp(body, delim + 2, (size_t)dl - 2)
			    ? body + dl - 2
			    : memmem(body, len, delim, (size_t)dl);
	if (p && p != body + dl - 2)
		p += dl;
	int count = 0;
	const char *end = body + len;
	while (p) {
		if (end - p >= 2 && !memcmp(p, "--", 2))
			return count; /* the closing delimiter */
		if (end - p < 2 || memcmp(p, "\r\n", 2))
			break;
		p += 2;
		const char *he = memmem(p, (size_t)(end - p), "\r\n\r\n", 4);
		if (!he) {
			snprintf(msg, mn, "a multipart part has no end of its headers");
			return -1;
		}
		const char *data = he + 4;
		const char *next = memmem(data, (size_t)(end - data), delim, (size_t)dl);
		if (!next)
			break;
		size_t hl;
		const char *d = disposition(p, (size_t)(he - p), &hl);
		char name[16];
		if (d && header_param(d, hl, "name", name, sizeof name) && !strcmp(name, "file")) {
			if (count == max) {
				snprintf(msg, mn, "at most %d files in one upload", max);
				return -1;
			}
			if (!header_param(d, hl, "filename", parts[count].filename,
					  sizeof parts[count].filename) ||
			    !parts[count].filename[0]) {
				snprintf(msg, mn,
					 "a multipart file has no filename (its path in the "
					 "sandbox), or one over %d bytes",
					 E2B_FILENAME_MAX - 1);
				return -1;
			}
			parts[count].data = data;
			parts[count].len = (size_t)(next - data);
			count++;
		}
		p = next + dl;
	}
	snprintf(msg, mn, "the multipart body ends without its closing boundary");
	return -1;
}

int e2b_connect_unwrap(const char *body, size_t len, const char **msg, size_t *mlen, char *why,
		       size_t wn)
{
	if (len < 5) {
		snprintf(why, wn, "a Connect streaming request starts with a 5-byte envelope");
		return -1;
	}
	const unsigned char *u = (const unsigned char *)body;
	if (u[0] & 0x01u) {
		snprintf(why, wn, "compressed Connect messages are not accepted: send them plain");
		return -1;
	}
	uint32_t n = (uint32_t)u[1] << 24 | (uint32_t)u[2] << 16 | (uint32_t)u[3] << 8 | u[4];
	if (n > len - 5) {
		snprintf(why, wn, "the Connect envelope says %u bytes; the body has %zu", n,
			 len - 5);
		return -1;
	}
	*msg = body + 5;
	*mlen = n;
	return 0;
}

void e2b_connect_frame(struct buf *out, unsigned flags, const char *json, size_t len)
{
	unsigned char h[5] = {(unsigned char)flags, (unsigned char)(len >> 24),
			      (unsigned char)(len >> 16), (unsigned char)(len >> 8),
			      (unsigned char)len};
	buf_append(out, h, 5);
	buf_append(out, json, len);
}
