/* buf — a growable byte buffer with a hard cap.
 *
 * Every buffer that holds outside data has a cap: appends past it are counted
 * in `dropped` but not stored, so a flood can be measured without being kept.
 */
#ifndef SBX_BUF_H
#define SBX_BUF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct buf {
	char *data;	  /* NUL-terminated when len > 0 or after buf_cstr() */
	size_t len;	  /* bytes kept */
	size_t alloc;	  /* bytes allocated */
	size_t cap;	  /* most bytes kept; 0 means SIZE_MAX */
	uint64_t dropped; /* bytes offered past the cap */
};

#define BUF_INIT                                                                                   \
	{                                                                                          \
		NULL, 0, 0, 0, 0                                                                   \
	}

void buf_init(struct buf *b, size_t cap);
/* Appends up to the cap; returns false if anything was dropped. Aborts on
 * allocation failure (sbx's own allocations are small and bounded). */
bool buf_append(struct buf *b, const void *data, size_t len);
bool buf_puts(struct buf *b, const char *s);
bool buf_printf(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Always a valid C string (possibly ""), owned by the buffer. */
const char *buf_cstr(struct buf *b);
/* Hands the data to the caller (malloc'd, NUL-terminated) and resets b. */
char *buf_detach(struct buf *b, size_t *len);
void buf_reset(struct buf *b);
void buf_release(struct buf *b);
/* Copies at most max bytes of data[*off, len) to out and advances *off:
 * how a streamed answer hands out what it has ready. The bytes copied. */
size_t buf_copy_out(const char *data, size_t len, size_t *off, char *out, size_t max);

#endif
