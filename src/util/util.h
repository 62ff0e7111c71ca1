/* util — messages, checked allocation, small file and time helpers. */
#ifndef SBX_UTIL_H
#define SBX_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/buf.h"

/* What kind of failure an error is: it travels with the message (the
 * sbx_error record's "kind"), and every front looks its answer up from it
 * (core/error_kinds.c: the HTTP status, the MCP error), never from the
 * message's words. */
enum error_kind {
	ERROR_INVALID,	   /* the caller's input: a flag, a key, a value, a name */
	ERROR_NOT_FOUND,   /* what it names does not exist */
	ERROR_CONFLICT,	   /* it exists already, or is in use */
	ERROR_LIMIT,	   /* over a bound of the server's or the machine's */
	ERROR_UNAVAILABLE, /* cannot be done here now (a missing interpreter, a layer) */
	ERROR_INTERNAL,	   /* sbx's own trouble: its state directory, its database */
	/* The HTTP API's own: the request never reached sbx's work. */
	ERROR_UNAUTHORIZED, /* no token, or a wrong one */
	ERROR_NOT_ALLOWED,  /* the route exists, not with this method */
	ERROR_TOO_LARGE,    /* the body is over the server's cap */
	ERROR_UNSUPPORTED,  /* the route exists, the server does not do it */
	ERROR_KINDS
};

/* "sbx: MESSAGE" on stderr; returns -1 so library code can `return error(...)`.
 * Its kind is ERROR_INVALID; error_of says another. */
int error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int error_of(enum error_kind kind, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The kind of error_first_message (ERROR_INVALID when none). */
enum error_kind error_first_kind(void);
/* "invalid", "not_found", ... (the record's and the API's word). */
const char *error_kind_name(enum error_kind kind);
void warning(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* For the edges only (main and before any side effect): message, exit 125. */
_Noreturn void die(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The first message error() or die() printed in this process ("" if none),
 * without the "sbx: " prefix: main turns it into a JSON record under
 * --json, so an agent never has to parse stderr. */
const char *error_first_message(void);
/* Called by die() before it exits (main sets it); NULL: none. */
extern void (*die_hook)(void);
/* A result record went to stdout (render_finish, the JSON listings): main
 * then adds no failure record of its own. */
void record_written_set(void);
bool record_written(void);
/* Forgets the first message and the record flag: for a forked process
 * that runs a request of its own (sbx batch's workers). */
void error_state_reset(void);
/* This thread's errors and warnings are kept (error_first_message) but not
 * printed: sbx serve answers them to the client, as a child's stderr was. */
void error_quiet(bool on);

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
/* A new string formatted as printf does (dies when memory is out). */
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Reads a whole file or fd (up to cap bytes; more is an error). */
int read_file(const char *path, size_t cap, struct buf *out);
int read_fd(int fd, size_t cap, struct buf *out);
/* write(2) until done, retrying EINTR; returns -1 on error. */
int write_all(int fd, const void *data, size_t len);

/* Monotonic and wall clock in milliseconds (double for sub-ms precision). */
double now_monotonic_ms(void);
double now_wall_ms(void);

/* SHA-256 (libcrypto). Incremental: init, update..., final into 32 bytes,
 * or to 64 lower-case hex digits plus a NUL. */
struct sha256 {
	unsigned char state[128]; /* an OpenSSL SHA256_CTX (112 bytes) */
};
void sha256_init(struct sha256 *h);
void sha256_update(struct sha256 *h, const void *data, size_t len);
void sha256_final(struct sha256 *h, unsigned char digest[32]);
void sha256_final_hex(struct sha256 *h, char out[65]);
/* One shot: lower-case hex SHA-256 of data. */
void sha256_hex(const void *data, size_t len, char out[65]);

/* Time-sortable unique id: 26 chars of Crockford base32 (48-bit ms time,
 * 80 random bits, as ULID), NUL-terminated. */
void make_execution_id(char out[27]);

#endif
