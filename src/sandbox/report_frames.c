#include "sandbox/report_frames.h"

#include <jansson.h>
#include <string.h>

void report_frames_init(struct report_frames *f, const struct output_sink *sink,
			uint64_t output_bytes, size_t frame_max)
{
	memset(f, 0, sizeof(*f));
	f->sink = sink;
	f->stream = results_stream_start(output_bytes);
	f->frame_max = frame_max;
	buf_init(&f->line, frame_max);
}

static void take_frame(struct report_frames *f)
{
	json_t *item =
	    json_loadb(f->line.data ? f->line.data : "", f->line.len, JSON_ALLOW_NUL, NULL);
	json_t *entry = results_stream_take(&f->stream, item);
	if (entry)
		output_sink_result(f->sink, entry);
	else
		f->refused++;
	json_decref(entry);
	json_decref(item);
}

size_t report_frames_feed(struct report_frames *f, const char *data, size_t len)
{
	size_t i = 0;
	while (i < len && !f->report) {
		if (!f->in_frame) {
			if ((unsigned char)data[i] != REPORT_FRAME_RS) {
				f->report = true;
				break;
			}
			f->in_frame = true;
			f->skipping = false;
			buf_reset(&f->line);
			i++;
			continue;
		}
		const char *nl = memchr(data + i, '\n', len - i);
		size_t n = nl ? (size_t)(nl - (data + i)) : len - i;
		if (!f->skipping && f->line.len + n > f->frame_max) {
			/* Never kept whole: the rest of it is only counted. */
			f->skipping = true;
			f->refused++;
			buf_reset(&f->line);
		}
		if (!f->skipping)
			buf_append(&f->line, data + i, n);
		i += n;
		if (nl) {
			i++;
			f->in_frame = false;
			if (!f->skipping)
				take_frame(f);
		}
	}
	f->bytes += i;
	return i;
}

void report_frames_release(struct report_frames *f)
{
	buf_release(&f->line);
}
