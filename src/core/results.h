/* results — the record's rich results (`results`): figures and tables the
 * code's interpreter sent as MIME bundles, in order.
 *
 * An entry is {"mime", "data", "file", "bytes", "truncated"}: data is the
 * content as text for text types (text/..., +xml, +json, application/json,
 * application/javascript) and base64 for every other type; bytes is the
 * content's size (decoded); file is the name sbx saved it under in the
 * --out-dir, or null. The entries come from the code's report, so sbx
 * decides their shape and size here: an invalid mime type drops an entry,
 * at most RESULTS_MAX_ITEMS are kept, and the data of all entries together
 * counts against the output limit (limits.output_bytes): an entry past it
 * keeps its mime type and size with data "" and truncated true. An entry
 * the interpreter's prelude left out itself (data "", truncated true in
 * the report) has bytes null: sbx never read its data, and a size in the
 * report is the code's (sizes in the record are sbx's).
 *
 * The result itself (the record's `result`) is bounded by the same limit
 * on its own: a result whose compact JSON passes it is left out (null) and
 * named by an entry {"mime": "application/json", "data": "", "bytes": N,
 * "truncated": true}. The preludes stop rendering a value's JSON at the
 * limit and send that entry themselves (its bytes then null, as above);
 * results_bound_value is the same rule for a report that did not (bytes:
 * the size sbx read).
 */
#ifndef SBX_RESULTS_H
#define SBX_RESULTS_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RESULTS_MAX_ITEMS 100
#define RESULTS_MIME_MAX  127
/* The mime type of the entry that stands for a result left out. */
#define RESULTS_VALUE_MIME "application/json"

/* type/subtype of RFC 6838's characters, each starting with a letter or
 * digit, at most RESULTS_MIME_MAX bytes. */
bool results_mime_valid(const char *mime);
/* True if the type's data is base64 (binary types), false for text. */
bool results_mime_is_base64(const char *mime);
/* Decodes base64 (whitespace is not allowed; '=' padding optional) into
 * out, at most cap bytes: the decoded length, or -1 if in is not base64.
 * With cap smaller than the content, decodes the first cap bytes only. */
long results_base64_decode(const char *in, size_t len, unsigned char *out, size_t cap);
/* The decoded size of data under mime. */
uint64_t results_data_bytes(const char *mime, const char *data, size_t len);
/* Width and height of a PNG, JPEG or GIF entry, read from its header;
 * false if not known. */
bool results_image_size(const json_t *entry, unsigned *w, unsigned *h);
/* The record's entries from the report's items (see above): a new array. */
json_t *results_bound(const json_t *items, uint64_t budget);
/* The size of value's compact JSON, without writing it. */
size_t results_value_bytes(const json_t *value);
/* Leaves out *result when its JSON passes budget (see above): *result
 * becomes NULL and *results (made if NULL) gets the entry naming it. */
void results_bound_value(json_t **result, json_t **results, uint64_t budget);
/* True if results hold the entry of a result left out. */
bool results_value_left_out(const json_t *results);

#endif
