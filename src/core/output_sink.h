/* output_sink — where a run hands the code's output up as it comes.
 *
 * The sandbox and the engines read the code's stdout and stderr; what becomes
 * of the bytes (a terminal, NDJSON events, nothing) is the renderer's
 * business, a layer above them. They call only this sink, which the caller
 * fills in (render_sink() gives the renderer's), so no arrow runs from the
 * sandbox or an engine up to render.h. Header only; includes libc only.
 */
#ifndef SBX_OUTPUT_SINK_H
#define SBX_OUTPUT_SINK_H

#include <stddef.h>

struct json_t; /* jansson's */

struct output_sink {
	/* A chunk of the code's output; stream is 1 (stdout) or 2 (stderr). */
	void (*write)(void *ctx, int stream, const char *data, size_t len);
	void *ctx;
	/* A rich result as it was made, already bounded (results_stream.h):
	 * borrowed. NULL: results are only read at the end. */
	void (*result)(void *ctx, struct json_t *entry);
};

/* Hands a chunk to sink; a NULL sink (or one without write) drops it, as
 * for a step whose output nobody shows (javac's, a build's). */
static inline void output_sink_write(const struct output_sink *sink, int stream, const char *data,
				     size_t len)
{
	if (sink && sink->write)
		sink->write(sink->ctx, stream, data, len);
}

/* Hands a streamed result's entry to sink, if it takes them. */
static inline void output_sink_result(const struct output_sink *sink, struct json_t *entry)
{
	if (sink && sink->result && entry)
		sink->result(sink->ctx, entry);
}

#endif
