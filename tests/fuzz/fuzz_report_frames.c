/* fuzz_report_frames — the RS-framed results a child streams on the report
 * fd ahead of its report (sandbox/report_frames.c, core/results_stream.c):
 * bytes the code writes, fed in arbitrary pieces.
 *
 * Checks: a feed never takes more than it was given, and nothing once the
 * report proper began; every entry handed on is a bounded results item
 * (index in order, below RESULTS_MAX_ITEMS, a mime string, string data,
 * bytes and truncated) whose data together stay within the output limit;
 * the same bytes in other pieces give the same entries. */
#include <jansson.h>

#include "fuzz.h"
#include "core/results.h"
#include "sandbox/report_frames.h"

#define OUTPUT_LIMIT 4096
#define FRAME_MAX    2048

struct seen {
	size_t n;
	uint64_t data_bytes;
	json_t *all;
};

static void on_result(void *ctx, json_t *e)
{
	struct seen *s = ctx;
	FUZZ_CHECK(json_is_object(e));
	json_t *idx = json_object_get(e, "index"), *data = json_object_get(e, "data");
	FUZZ_CHECK(json_is_integer(idx) && (size_t)json_integer_value(idx) == s->n);
	FUZZ_CHECK(s->n < RESULTS_MAX_ITEMS);
	FUZZ_CHECK(json_is_string(json_object_get(e, "mime")));
	FUZZ_CHECK(json_is_string(data));
	FUZZ_CHECK(json_is_integer(json_object_get(e, "bytes")));
	s->data_bytes += json_string_length(data);
	FUZZ_CHECK(s->data_bytes <= OUTPUT_LIMIT);
	json_array_append(s->all, e);
	s->n++;
}

/* Feeds data in pieces of at most step bytes (0: all at once). */
static json_t *feed_all(const char *data, size_t size, size_t step)
{
	struct seen s = {0, 0, json_array()};
	struct output_sink sink = {NULL, &s, on_result};
	struct report_frames f;
	report_frames_init(&f, &sink, OUTPUT_LIMIT, FRAME_MAX);
	size_t off = 0;
	bool report = false;
	while (off < size) {
		size_t len = step && size - off > step ? step : size - off;
		size_t took = report_frames_feed(&f, data + off, len);
		FUZZ_CHECK(took <= len);
		if (report)
			FUZZ_CHECK(took == 0);
		if (took < len)
			report = true; /* the rest is report: frames are over */
		off += len;
	}
	report_frames_release(&f);
	return s.all;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	size_t step = data[0] % 17 + 1;
	char *copy = malloc(size - 1 ? size - 1 : 1); /* exact size: ASan sees overreads */
	if (!copy)
		abort();
	memcpy(copy, data + 1, size - 1);
	json_t *whole = feed_all(copy, size - 1, 0);
	json_t *pieces = feed_all(copy, size - 1, step);
	FUZZ_CHECK(json_equal(whole, pieces));
	json_decref(whole);
	json_decref(pieces);
	free(copy);
	return 0;
}
