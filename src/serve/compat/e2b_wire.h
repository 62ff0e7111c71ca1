/* e2b_wire — the two wire formats E2B's SDK sends beside plain JSON:
 * files.write's multipart/form-data upload (RFC 7578, what undici's
 * FormData makes) and Connect's enveloped messages (a flags byte and a
 * big-endian length before each JSON message: a server-streaming call's
 * request and answer). Both parse outside input: tests/fuzz/fuzz_e2b_wire.c.
 *
 * May call: util, libc.
 */
#ifndef SBX_SERVE_COMPAT_E2B_WIRE_H
#define SBX_SERVE_COMPAT_E2B_WIRE_H

#include <stdbool.h>
#include <stddef.h>

#include "util/buf.h"

#define E2B_PARTS_MAX	 64
#define E2B_FILENAME_MAX 4096

/* One uploaded file: its name (the form's filename, decoded) and its bytes
 * (pointing into the body). */
struct e2b_part {
	char filename[E2B_FILENAME_MAX];
	const char *data;
	size_t len;
};

/* The boundary of a multipart/form-data Content-Type into out (at most 70
 * bytes, RFC 2046), or -1 with a message. */
int e2b_multipart_boundary(const char *content_type, char *out, size_t n, char *msg, size_t mn);
/* The "file" parts of body, at most max: their count, or -1 with a
 * message (no closing boundary, a part without headers, a file without a
 * name, too many parts). */
int e2b_multipart_files(const char *boundary, const char *body, size_t len, struct e2b_part *parts,
			int max, char *msg, size_t mn);

/* Connect's envelope flags. */
#define E2B_CONNECT_END 0x02u /* the end-of-stream message */

/* The first enveloped message of a streaming request: 0 with *msg, *mlen
 * (pointing into body), -1 with a message (cut, compressed, or longer
 * than the body). */
int e2b_connect_unwrap(const char *body, size_t len, const char **msg, size_t *mlen, char *why,
		       size_t wn);
/* Appends one enveloped message. */
void e2b_connect_frame(struct buf *out, unsigned flags, const char *json, size_t len);

#endif
