/* textout — the lines sbx prints in text mode, made safe for a terminal.
 *
 * Whatever sbx prints may hold text it did not write: the code's error
 * message, names from a request, fields of an imported record, a manifest,
 * a server's answer. A terminal obeys the control characters in it (ESC
 * sequences retitle the window, clear the screen, move the cursor; a
 * newline starts a fake `sbx:` line). So every such value goes through one
 * escaping rule, buf_put_escaped: C0 (newline and ESC included), DEL, C1
 * (U+0080..U+009F, U+009B being a one-character CSI) and bytes that are not
 * UTF-8 become \xHH, \uHHHH, \n, \t or \r.
 *
 * text_printf is printf where every %s argument is a value: escaped, on one
 * line. The format's own text (sbx's) is written as it is. error() and
 * warning() format their messages the same way, so a message quoting a
 * value cannot be more than the one line it is.
 */
#ifndef SBX_TEXTOUT_H
#define SBX_TEXTOUT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "util/buf.h"

/* Appends s so that it prints as text and nothing else: see above. With
 * multiline, newlines and tabs are kept as they are (a traceback, an
 * output head shown under its heading). */
void buf_put_escaped(struct buf *b, const char *s, size_t len, bool multiline);
/* True when s is UTF-8 without a character buf_put_escaped would escape
 * (C0, DEL, C1): a name that prints as it is. */
bool utf8_printable(const char *s, size_t len);

/* printf with every %s escaped (width and precision count bytes, the
 * precision cuts before escaping, never inside a UTF-8 character).
 * Conversions: d i u o x X c s f F e E g G p % with the usual flags, width,
 * precision (* too) and length modifiers; %n is not one. */
int text_printf(FILE *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
bool buf_printf_text(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The same into out (at most size bytes, NUL included, cut to fit), with no
 * allocation: for error() and warning(), which may run where malloc may
 * not (a child between fork and exec). The length it needed. */
size_t text_vsnprintf(char *out, size_t size, const char *fmt, va_list ap);

#endif
