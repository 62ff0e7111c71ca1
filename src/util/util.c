/* OpenSSL's low-level SHA-256 is marked deprecated in 3.0 in favour of the
 * EVP interface, but it is the same code without the provider machinery:
 * EVP's first use builds OpenSSL's name tables, ~1 ms of CPU per sbx
 * process, more than a whole JavaScript run. */
#define OPENSSL_SUPPRESS_DEPRECATED
#include "util/util.h"

#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <openssl/sha.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "util/textout.h"

/* Per thread: sbx serve answers session executions in its connection
 * threads (serve/session_direct.c), each with its own first error. */
static _Thread_local char first_error[2048];
static _Thread_local enum error_kind first_kind;
static _Thread_local bool wrote_record;
static _Thread_local bool quiet;
void (*die_hook)(void);

static void vmessage(const char *prefix, const char *fmt, va_list ap, bool is_error,
		     enum error_kind kind)
{
	/* Every %s is a value (a name, a path, the code's text): escaped, so
	 * that the message stays the one line it is (util/textout.h). */
	char line[2048];
	text_vsnprintf(line, sizeof(line), fmt, ap);
	if (!quiet)
		fprintf(stderr, "sbx: %s%s\n", prefix, line);
	/* The first error is the cause; later ones tend to be its echoes. */
	if (is_error && !first_error[0]) {
		snprintf(first_error, sizeof(first_error), "%s", line);
		first_kind = kind;
	}
}

enum error_kind error_first_kind(void)
{
	return first_error[0] ? first_kind : ERROR_INVALID;
}

const char *error_kind_name(enum error_kind kind)
{
	static const char *const names[ERROR_KINDS] = {
	    [ERROR_INVALID] = "invalid",	   [ERROR_NOT_FOUND] = "not_found",
	    [ERROR_CONFLICT] = "conflict",	   [ERROR_LIMIT] = "limit",
	    [ERROR_UNAVAILABLE] = "unavailable",   [ERROR_INTERNAL] = "internal",
	    [ERROR_UNAUTHORIZED] = "unauthorized", [ERROR_NOT_ALLOWED] = "method_not_allowed",
	    [ERROR_TOO_LARGE] = "too_large",	   [ERROR_UNSUPPORTED] = "not_implemented"};
	return (unsigned)kind < ERROR_KINDS ? names[kind] : "internal";
}

const char *error_first_message(void)
{
	return first_error;
}

void record_written_set(void)
{
	wrote_record = true;
}

bool record_written(void)
{
	return wrote_record;
}

void error_quiet(bool on)
{
	quiet = on;
}

void error_state_reset(void)
{
	first_error[0] = '\0';
	first_kind = ERROR_INVALID;
	wrote_record = false;
}

int error(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmessage("", fmt, ap, true, ERROR_INVALID);
	va_end(ap);
	return -1;
}

int error_of(enum error_kind kind, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmessage("", fmt, ap, true, kind);
	va_end(ap);
	return -1;
}

void warning(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmessage("warning: ", fmt, ap, false, ERROR_INVALID);
	va_end(ap);
}

_Noreturn void die(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmessage("", fmt, ap, true, ERROR_INVALID);
	va_end(ap);
	if (die_hook)
		die_hook();
	exit(125);
}

static _Noreturn void out_of_memory(size_t n)
{
	/* sbx's own allocations are small and bounded: failing one means the
	 * machine is out of memory, and there is nothing sensible to undo. */
	fprintf(stderr, "sbx: out of memory allocating %zu bytes\n", n);
	abort();
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		out_of_memory(n);
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		out_of_memory(n * size);
	return p;
}

void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (!q)
		out_of_memory(n);
	return q;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *s = NULL;
	if (vasprintf(&s, fmt, ap) < 0)
		die("out of memory");
	va_end(ap);
	return s;
}

int read_fd(int fd, size_t cap, struct buf *out)
{
	char chunk[65536];
	for (;;) {
		ssize_t n = read(fd, chunk, sizeof(chunk));
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		if (n == 0)
			return 0;
		if (out->len + (size_t)n > cap) {
			errno = EFBIG;
			return -1;
		}
		buf_append(out, chunk, (size_t)n);
	}
}

int read_file(const char *path, size_t cap, struct buf *out)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	struct stat st;
	if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
		close(fd);
		errno = EISDIR;
		return -1;
	}
	int rc = read_fd(fd, cap, out);
	int saved = errno;
	close(fd);
	errno = saved;
	return rc;
}

int write_all(int fd, const void *data, size_t len)
{
	const char *p = data;
	while (len) {
		ssize_t n = write(fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

double now_monotonic_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

double now_wall_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

_Static_assert(sizeof(SHA256_CTX) <= sizeof(struct sha256), "struct sha256 is too small");

void sha256_init(struct sha256 *h)
{
	SHA256_Init((SHA256_CTX *)(void *)h->state);
}

void sha256_update(struct sha256 *h, const void *data, size_t len)
{
	SHA256_Update((SHA256_CTX *)(void *)h->state, data, len);
}

void sha256_final(struct sha256 *h, unsigned char digest[32])
{
	SHA256_Final(digest, (SHA256_CTX *)(void *)h->state);
}

void sha256_final_hex(struct sha256 *h, char out[65])
{
	static const char hex[] = "0123456789abcdef";
	unsigned char md[32];
	sha256_final(h, md);
	for (unsigned i = 0; i < 32; i++) {
		out[2 * i] = hex[md[i] >> 4];
		out[2 * i + 1] = hex[md[i] & 15];
	}
	out[64] = '\0';
}

void sha256_hex(const void *data, size_t len, char out[65])
{
	struct sha256 h;
	sha256_init(&h);
	sha256_update(&h, data, len);
	sha256_final_hex(&h, out);
}

void make_execution_id(char out[27])
{
	/* ULID layout by hand: no Debian library does it, and it is 20 lines.
	 * 48 bits of milliseconds then 80 random bits, Crockford base32. */
	static const char alphabet[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
	unsigned char bytes[16];
	uint64_t ms = (uint64_t)now_wall_ms();
	for (int i = 5; i >= 0; i--) {
		bytes[i] = (unsigned char)(ms & 0xff);
		ms >>= 8;
	}
	if (getrandom(bytes + 6, 10, 0) != 10) {
		/* Fall back to a time- and pid-derived value: ids stay unique
		 * enough for one machine, and sortable by time. */
		uint64_t x = (uint64_t)now_monotonic_ms() * 1000003u ^ (uint64_t)getpid();
		for (int i = 6; i < 16; i++) {
			x = x * 6364136223846793005ull + 1442695040888963407ull;
			bytes[i] = (unsigned char)(x >> 56);
		}
	}
	/* 128 bits → 26 base32 digits, most significant first. */
	for (int i = 25; i >= 0; i--) {
		int bit = i * 5 - 2; /* the top digit holds only 3 bits */
		unsigned v = 0;
		for (int k = 0; k < 5; k++) {
			int pos = bit + k; /* bit index from the most significant end */
			if (pos < 0)
				continue;
			v = (v << 1) | ((bytes[pos / 8] >> (7 - pos % 8)) & 1u);
		}
		out[i] = alphabet[v];
	}
	out[26] = '\0';
}
