/* lower_int — what the js/lower*.c files share and no one else may use
 * (callers use js/lower.h): the shape of lowered text, and the cache's
 * entry points for lower.c. */
#ifndef SBX_JS_LOWER_INT_H
#define SBX_JS_LOWER_INT_H

#include <stddef.h>

#include "engine/js/lower.h"
#include "engine/js/tokenize.h"
#include "core/request.h"
#include "util/buf.h"

/* Lowered text is CODE LINES_TAG "n,n,n" "\n" (the line map rides along
 * in the child's report and in the cache); CACHE_MAX caps one entry. */
#define LINES_TAG "\n//# sbx-lines="
#define CACHE_MAX (64u << 20)

/* lower.c: scans l->code (js/tokenize) into sc and takes from it the
 * runtime library the code asks for (l->runtime, l->corejs): the source,
 * or the lowered code once there is some. */
void js_lower_scan(struct js_lower *l, struct js_scan *sc);

/* lower.c: splits l->owned (total bytes of lowered text) into l->code and
 * the line map. Returns 0, or -1 when it is not shaped as sbx writes it. */
int js_lower_split_owned(struct js_lower *l, size_t total);

/* lower_cache.c: the cache key of req's code; the cached code of l->key
 * into l (sets l->cached on a hit); text stored as l->key's entry. */
void js_lower_cache_key(const struct request *req, char out[65]);
void js_lower_cache_lookup(struct js_lower *l, const struct request *req);
void js_lower_cache_store(const struct js_lower *l, const struct request *req, const char *text,
			  size_t len);

/* lower_child.c: the transpiler heap, for js_lower_child (one run) and
 * lower_keep.c (a session's, kept). open: created, its bytecode loaded and
 * run (TypeScript's set-up); 0, or -1 with the error record in err and t
 * closed. run: l lowered from req's code; 0, JS_TRANSPILER_REFUSED (the
 * code's own error, e.g. a syntax error: the heap is as good as before) or
 * JS_TRANSPILER_BROKEN (the transpiler threw or was interrupted, or gave
 * nonsense: its state is unknown), both with the record in err. close:
 * all its memory given back (a zeroed t is closed already). */
#define JS_TRANSPILER_REFUSED (-1)
#define JS_TRANSPILER_BROKEN  (-2)
int js_transpiler_open(struct js_transpiler *t, const struct request *req, const char *filename,
		       duk_alloc_function alloc, duk_realloc_function realloc_fn,
		       duk_free_function free_fn, void *udata, struct buf *err);
int js_transpiler_run(struct js_transpiler *t, struct js_lower *l, const struct request *req,
		      const char *filename, struct buf *err);
void js_transpiler_close(struct js_transpiler *t);

/* The subset lowering (src/engine/js/lower/subset.js on acorn), in a heap of
 * its own made and freed here: 0 lowered into l, 1 not for it (TypeScript,
 * or code it leaves to TypeScript's compiler), -1 error (err set). */
int js_lower_subset(struct js_lower *l, const struct request *req, const char *filename,
		    duk_alloc_function alloc, duk_realloc_function realloc_fn,
		    duk_free_function free_fn, void *udata, struct buf *err);

#endif
