/* duktape_mem — the byte-capped allocator of a Duktape heap (duktape_mem.c).
 * Below both the engine (engine_duktape*.c) and the transpiler (js/), which
 * each run code in such a heap. */
#ifndef SBX_DUKTAPE_MEM_H
#define SBX_DUKTAPE_MEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Bytes charged per allocation on top of the request: the size header the
 * allocator keeps in front of each block (16 keeps malloc's alignment). */
#define DUKTAPE_MEM_HEADER 16

/* A byte-capped allocator for a Duktape heap. */
struct duktape_mem {
	uint64_t limit; /* most bytes (requests + headers) live at once */
	uint64_t cur;	/* bytes live now */
	uint64_t peak;	/* most bytes live at any time */
	/* In the sandbox child: when Duktape's GC retries for one request are
	 * all spent, report memory_limit and exit instead of returning NULL. */
	bool exit_on_limit;
	struct {
		size_t size;
		unsigned count;
	} fails[8]; /* recent failing request sizes and their failure counts */
	unsigned next_fail;
	/* Memory held only to be faster (a session kernel's kept transpiler
	 * heap, js/lower.h): before a request would fail on the cap (or on
	 * malloc), reclaim(reclaim_arg) is asked to drop it, and the request
	 * is tried again when it did (returns true). NULL: nothing to drop. */
	bool (*reclaim)(void *reclaim_arg);
	void *reclaim_arg;
};

/* From now on, blocks of the allocator below come first from one region
 * backed by transparent huge pages where the kernel has them (see
 * duktape_mem.c); the cap counts them as before. For a process's
 * one heap: the one-shot child calls it before creating its heap. */
void duktape_mem_use_region(void);
void *duktape_mem_alloc(void *udata, size_t size);
void *duktape_mem_realloc(void *udata, void *ptr, size_t size);
void duktape_mem_free(void *udata, void *ptr);
/* Memory the caller maps itself (the transpiler's arena, js/lower_arena.c),
 * counted against the same cap as the allocator's: charge returns false
 * when bytes more would pass it (with the allocator's memory_limit
 * handling), uncharge gives bytes back. udata is the allocator's. */
bool duktape_mem_charge(void *udata, size_t bytes);
void duktape_mem_uncharge(void *udata, size_t bytes);

/* The most bytes live at any time, in KiB rounded up (the report's
 * memory_peak_kb). */
uint64_t duktape_mem_peak_kb(const struct duktape_mem *m);

#endif
