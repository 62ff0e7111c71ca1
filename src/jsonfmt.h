/* jsonfmt — JSON text with numbers in their shortest round-trip form (the
 * SPEC's results), where jansson's json_dumps writes 17 digits. */
#ifndef SBX_JSONFMT_H
#define SBX_JSONFMT_H

#include <jansson.h>
#include <stddef.h>

#include "buf.h"

/* Like json_dumps (JSON_COMPACT, JSON_INDENT(n), JSON_ENSURE_ASCII,
 * JSON_ENCODE_ANY; objects in insertion order): malloc'd, NULL on failure. */
char *jsonfmt_dumps(const json_t *j, size_t flags);
/* One double as JSON text in out (NUL-terminated); returns its length. */
size_t jsonfmt_double(char out[32], double d);

#endif
