/* results_stream — the rich results a run sends as it makes them
 * (`result` events), before its record holds them all.
 *
 * The interpreters' preludes and the embedded engine send each rich result
 * the moment display() (or plt.show()) makes it: on the report fd as an
 * RS-framed line (sandbox/report_frames.h), or on a session kernel's
 * channel. Whoever wrote it, it is input from the code, bounded here as the
 * record's results are (results.h): a valid mime type and string data, at
 * most RESULTS_MAX_ITEMS, and the data of all of them together within the
 * output limit (an entry past it keeps its mime type and size, data "",
 * truncated true). The stream is advance notice only: the record's
 * `results` are still read from the report at the end, so a program that
 * forges frames changes its own events, never its record.
 */
#ifndef SBX_RESULTS_STREAM_H
#define SBX_RESULTS_STREAM_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

struct results_stream {
	uint64_t budget; /* data bytes still allowed (starts at the output limit) */
	size_t sent;	 /* entries taken so far: the next one's index */
};

/* A stream bounded by the output limit output_bytes. */
struct results_stream results_stream_start(uint64_t output_bytes);
/* The event entry {"index", "mime", "data", "bytes", "truncated"} for item
 * ({"mime", "data"[, "truncated"]} as a prelude sends it), or NULL when
 * item is not one or the stream already holds RESULTS_MAX_ITEMS. */
json_t *results_stream_take(struct results_stream *s, const json_t *item);

#endif
