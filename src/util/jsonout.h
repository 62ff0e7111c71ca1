/* jsonout — compact JSON text for records and results, with every double in
 * the shortest form that reads back as the same double.
 *
 * jansson prints reals with "%.17g": 0.1 comes out as 0.10000000000000001
 * and math.pi as 3.1415926535897931. Its JSON_REAL_PRECISION flag is one
 * precision for the whole document, so no setting of it is right for every
 * value (15 digits turn 0.1 + 0.2 into 0.3, another double). This writer
 * walks the value itself; strings are still escaped by jansson.
 */
#ifndef SBX_JSONOUT_H
#define SBX_JSONOUT_H

#include <jansson.h>
#include <stddef.h>

#include "util/buf.h"

/* Appends v as compact JSON (any value, not only objects). */
void jsonout_append(struct buf *out, const json_t *v);
/* The same as a malloc'd NUL-terminated string. */
char *jsonout_dumps(const json_t *v);
/* The shortest text that strtod reads back as d (d finite); returns its
 * length. Python repr's layout: "0.1", "2.0", "1e+16", "1e-05". */
size_t jsonout_double(double d, char *out, size_t cap);

/* Text that is valid UTF-8: invalid sequences become U+FFFD. NUL bytes are
 * kept (JSON escapes them). Returns a new json string. Here, with the other
 * JSON text helpers, so the record's writers below the renderer (outcome,
 * workdir, the engines) need not reach up to it. */
json_t *json_string_utf8_lossy(const char *data, size_t len);
/* Length of the UTF-8 sequence starting with lead byte c, 0 if invalid. */
size_t jsonout_utf8_seq_len(unsigned char c);

#endif
