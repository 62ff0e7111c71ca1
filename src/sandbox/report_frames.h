/* report_frames — the rich results a child sends on the report fd as it
 * makes them, ahead of its report.
 *
 * A frame is RS (0x1e), one JSON object (a results item, report.h) and a
 * newline, as RFC 7464's JSON text sequences: JSON text never holds a raw
 * RS or newline. Frames come only first: the first byte at a frame's
 * boundary that is not RS starts the report proper, and every byte from
 * there on is report (parsed at the end as before), so a report is read
 * exactly as it was and a frame never changes the record. The fd is the
 * code's to write (report.h): a frame is checked and bounded as any input
 * (results_stream.h); one longer than frame_max is skipped to its newline
 * without being kept, one that does not parse is dropped.
 */
#ifndef SBX_REPORT_FRAMES_H
#define SBX_REPORT_FRAMES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/output_sink.h"
#include "core/results_stream.h"
#include "util/buf.h"

#define REPORT_FRAME_RS 0x1e

struct report_frames {
	const struct output_sink *sink;
	struct results_stream stream;
	size_t frame_max; /* the most bytes one frame may hold */
	struct buf line;  /* the frame read so far */
	bool in_frame;	  /* after its RS, before its newline */
	bool skipping;	  /* the frame passed frame_max: dropped to its newline */
	bool report;	  /* the report proper has begun: no more frames */
	uint64_t bytes;	  /* every byte taken as frames */
	size_t refused;	  /* frames dropped: too long or not an item */
};

void report_frames_init(struct report_frames *f, const struct output_sink *sink,
			uint64_t output_bytes, size_t frame_max);
/* Takes the frames at the start of data and hands each valid one to the
 * sink; returns how many bytes it took (the rest, if any, is report). */
size_t report_frames_feed(struct report_frames *f, const char *data, size_t len);
void report_frames_release(struct report_frames *f);

#endif
