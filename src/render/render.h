/* render — turns events and the outcome into text, JSON or NDJSON.
 *
 * text:   the code's output goes to our stdout/stderr as it comes; a non-null
 *         result is printed last on stdout; sbx's messages go to stderr.
 * json:   nothing until the end, then the one result record.
 * ndjson: one event per line, flushed as it happens.
 */
#ifndef SBX_RENDER_H
#define SBX_RENDER_H

#include <jansson.h>
#include <stddef.h>

#include "core/outcome.h"
#include "core/output_sink.h"
#include "core/request.h"

struct render;

struct render *render_new(const struct request *req);
void render_free(struct render *r);
/* An NDJSON event; fields is stolen (may be NULL). Other formats ignore it. */
void render_event(struct render *r, const char *type, json_t *fields);
/* A chunk of the code's output; stream is 1 (stdout) or 2 (stderr). */
void render_output(struct render *r, int stream, const char *data, size_t len);
/* A sink that hands each chunk to render_output(r, ...): what the layers
 * below get instead of r. Valid as long as r is. */
struct output_sink render_sink(struct render *r);
/* Someone else who sees every event and output chunk, whatever the format
 * (the live events of run/events_pub.c): event gets the type and the fields
 * (borrowed, may be NULL), output the size of a chunk. */
struct render_tap {
	void (*event)(void *ctx, const char *type, json_t *fields);
	void (*output)(void *ctx, int stream, size_t len);
	void *ctx;
};
/* tap (copied) or NULL for none. */
void render_set_tap(struct render *r, const struct render_tap *tap);
/* Where the JSON record and the NDJSON lines go instead of standard output
 * (sbx serve's session executions, in a connection's thread): write gets
 * each whole line. Text output is for standard output only. */
struct render_writer {
	void (*write)(void *ctx, const char *data, size_t len);
	void *ctx;
};
/* w (copied) or NULL for standard output. */
void render_set_writer(struct render *r, const struct render_writer *w);
/* The final record / summary. Returns -1 if writing to stdout failed. */
int render_finish(struct render *r, const struct outcome *out, const struct request *req);

/* The current UTC time as 2026-01-02T03:04:05.678Z, as events carry it. */
void render_iso8601_now(char out[32]);

/* The record of sbx's own failure for command (NULL: none known):
 * status "sbx_error", the first error's message, a new id written to id.
 * `sbx run --json` and batch's workers print the same. */
json_t *render_failure_record(const char *command, char id[27]);

#endif
