/* render_events — one readable line per live event (sbx events).
 *
 * The same line locally and through sbx --remote. Every string may come
 * from the code's run options (labels, names): control characters and
 * escape sequences are neutralised (buf_put_escaped), one event is always
 * one line.
 */
#ifndef SBX_RENDER_EVENTS_H
#define SBX_RENDER_EVENTS_H

#include <jansson.h>

#include "util/buf.h"

/* Appends ev's line, with its newline, to b. */
void render_event_line(struct buf *b, json_t *ev);

#endif
