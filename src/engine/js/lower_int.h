/* lower_int — what the js/lower*.c files share and no one else may use
 * (callers use js/lower.h): the shape of lowered text, and the cache's
 * entry points for lower.c. */
#ifndef SBX_JS_LOWER_INT_H
#define SBX_JS_LOWER_INT_H

#include <stddef.h>

#include "engine/js/lower.h"
#include "core/request.h"

/* Lowered text is CODE LINES_TAG "n,n,n" "\n" (the line map rides along
 * in the child's report and in the cache); CACHE_MAX caps one entry. */
#define LINES_TAG "\n//# sbx-lines="
#define CACHE_MAX (64u << 20)

/* lower.c: splits l->owned (total bytes of lowered text) into l->code and
 * the line map. Returns 0, or -1 when it is not shaped as sbx writes it. */
int js_lower_split_owned(struct js_lower *l, size_t total);

/* lower_cache.c: the cache key of req's code; the cached code of l->key
 * into l (sets l->cached on a hit); text stored as l->key's entry. */
void js_lower_cache_key(const struct request *req, char out[65]);
void js_lower_cache_lookup(struct js_lower *l, const struct request *req);
void js_lower_cache_store(const struct js_lower *l, const struct request *req, const char *text,
			  size_t len);

#endif
