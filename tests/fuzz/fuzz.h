/* fuzz.h — what the libFuzzer targets in tests/fuzz/ share.
 *
 * Each fuzz_<name>.c defines LLVMFuzzerTestOneInput for one parser of
 * outside input. A crash, a sanitizer report, a leak or a failed FUZZ_CHECK
 * (a property the parser promises, e.g. "what was written reads back") is a
 * finding; the parsers' own error messages are expected and go to stderr,
 * which `make fuzz` closes (-close_fd_mask=2).
 */
#ifndef SBX_FUZZ_H
#define SBX_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* abort() rather than return: libFuzzer then saves the input and the
 * sanitizer prints the stack, which names the failed line. */
#define FUZZ_CHECK(cond)                                                                    \
	do {                                                                                \
		if (!(cond)) {                                                              \
			fprintf(stderr, "%s:%d: fuzz check failed: %s\n", __FILE__, __LINE__, \
				#cond);                                                     \
			abort();                                                            \
		}                                                                           \
	} while (0)

/* The input as a C string (the parsers under test take NUL-terminated
 * text); a NUL inside the input ends it early, as it would on a command
 * line. The caller frees. */
static inline char *fuzz_cstr(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	if (!s)
		abort();
	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

/* Whether s[0..len) is valid UTF-8 by RFC 3629: no overlong forms, no
 * surrogates, nothing past U+10FFFF. Written here, not borrowed from the
 * code under test, so the two can disagree. */
static inline int fuzz_utf8_valid(const unsigned char *s, size_t len)
{
	size_t i = 0;
	while (i < len) {
		unsigned c = s[i];
		size_t n;
		unsigned cp, min;
		if (c < 0x80) {
			i++;
			continue;
		} else if ((c & 0xE0) == 0xC0) {
			n = 2, cp = c & 0x1F, min = 0x80;
		} else if ((c & 0xF0) == 0xE0) {
			n = 3, cp = c & 0x0F, min = 0x800;
		} else if ((c & 0xF8) == 0xF0) {
			n = 4, cp = c & 0x07, min = 0x10000;
		} else {
			return 0;
		}
		if (i + n > len)
			return 0;
		for (size_t k = 1; k < n; k++) {
			if ((s[i + k] & 0xC0) != 0x80)
				return 0;
			cp = (cp << 6) | (s[i + k] & 0x3F);
		}
		if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
			return 0;
		i += n;
	}
	return 1;
}

/* Whether name stays below the directory it is joined to: not absolute,
 * no empty, "." or ".." part (written here, not borrowed from the code
 * under test, so the two can disagree). */
static inline int fuzz_path_below(const char *name)
{
	const char *p = name;
	if (!*p || *p == '/')
		return 0;
	for (;;) {
		size_t n = strcspn(p, "/");
		if (n == 0 || (n == 1 && p[0] == '.') || (n == 2 && p[0] == '.' && p[1] == '.'))
			return 0;
		if (!p[n])
			return 1;
		p += n + 1;
	}
}

#endif
