/* render_results — the text format's line per rich result (core/results.h):
 * "[image/png 640×480, 23 KiB → figure-1.png]", never the data itself. */
#ifndef SBX_RENDER_RESULTS_H
#define SBX_RENDER_RESULTS_H

#include <jansson.h>
#include <stdint.h>
#include <stdio.h>

/* One line per entry of results on f but skip (NULL: none), the entry
 * text mode prints in full as the result line. limit: the output limit,
 * named in the line of an entry left out past it. */
void render_results_text(FILE *f, const json_t *results, const json_t *skip, uint64_t limit);

#endif
