/* lower_arena — the allocator of the transpiler's Duktape heap (used by
 * js/lower_child.c, and by bench/lowertime.c to time the same thing):
 * blocks from large chunks, with per-size free lists, never handed back one
 * by one (the heap is not destroyed: its chunks are freed whole). Chunks and
 * the largest blocks come from the allocator it is given (the engine's
 * capped one, so the run's memory limit applies). */
#ifndef SBX_JS_LOWER_ARENA_H
#define SBX_JS_LOWER_ARENA_H

#include <stdbool.h>
#include <stddef.h>

#include "duktape.h"

struct lower_arena {
	duk_alloc_function alloc;
	duk_realloc_function realloc_fn;
	duk_free_function free_fn;
	void *udata;
	void **chunks;
	size_t nchunks, chunks_cap;
	unsigned char *cur;
	size_t left;
	void *free_list[64];
	struct arena_big *big; /* the blocks from alloc itself (over 1 MiB) */
	size_t held;	       /* bytes taken from the cap: chunks, big blocks, region */
	/* the huge-page region (lower_arena_use_region), used before chunks */
	bool (*charge)(void *udata, size_t bytes);
	void (*uncharge)(void *udata, size_t bytes);
	unsigned char *map, *region_end, *charged_end;
	size_t map_len;
};

/* An arena over alloc/realloc_fn/free_fn(udata, ...). */
void lower_arena_init(struct lower_arena *a, duk_alloc_function alloc,
		      duk_realloc_function realloc_fn, duk_free_function free_fn, void *udata);

/* Takes blocks from one mapping of up to `size` bytes (2 MiB-aligned, backed
 * by transparent huge pages where the kernel has them) before any chunk,
 * counting it against the cap in 2 MiB steps as it is used: charge (may be
 * NULL: no cap) refuses a step over the cap, uncharge gives all back at
 * release. Without the mapping (mmap refused), chunks as before. */
void lower_arena_use_region(struct lower_arena *a, size_t size,
			    bool (*charge)(void *udata, size_t bytes),
			    void (*uncharge)(void *udata, size_t bytes));

/* The three functions for duk_create_heap(), with the arena as udata. */
void *lower_arena_alloc(void *udata, duk_size_t size);
void *lower_arena_realloc(void *udata, void *ptr, duk_size_t size);
void lower_arena_free(void *udata, void *ptr);

/* Frees every chunk and big block and unmaps the region (the heap that
 * used them must not be used again). */
void lower_arena_release(struct lower_arena *a);

#endif
