/* duktape_text — Duktape's strings on their way out (duktape_text.c). */
#ifndef SBX_DUKTAPE_TEXT_H
#define SBX_DUKTAPE_TEXT_H

#include <stddef.h>

#include "util/buf.h"

/* Appends JSON text (as produced by Duktape's JSON.stringify, in Duktape's
 * internal extended UTF-8) as pure-ASCII JSON: non-ASCII characters become
 * \uXXXX escapes, lone surrogates and invalid bytes become \ufffd. */
void duktape_text_json_ascii(struct buf *b, const char *s, size_t len);

/* Hands Duktape's string s (CESU-8: characters beyond the BMP as two
 * surrogate halves) to sink as UTF-8, as node writes strings: each pair
 * becomes one 4-byte character, a lone half or an invalid byte U+FFFD. A
 * string that needs no change is passed whole, in one call; otherwise in
 * pieces of at most 4 KiB. */
void duktape_text_utf8(const char *s, size_t len, void (*sink)(void *arg, const char *p, size_t n),
		       void *arg);

#endif
