/* results_save — --out-dir also keeps each rich result (core/results.h) as
 * a file: figure-N.png (.svg, .jpg, .gif) for images, result-N.html (.md,
 * .txt, .tex, .json, ...) for the rest, N counting per extension so the
 * forms of one output pair up (result-1.html and result-1.txt of a
 * DataFrame). The entry's "file" names it. Never overwrites or follows a
 * link: a name already taken in the out dir leaves file null and a "note".
 */
#ifndef SBX_RESULTS_SAVE_H
#define SBX_RESULTS_SAVE_H

#include "core/outcome.h"
#include "core/request.h"

/* Saves out->results under req->out_dir (nothing without one). Returns 0,
 * or -1 after a message when the out dir cannot be used. */
int results_save(struct outcome *out, const struct request *req);

#endif
