/* duktape_mem — the byte-capped allocator of the child's Duktape
 * heaps: requests and their headers are counted against the run's memory
 * limit, and once Duktape's GC retries for a request are spent the child
 * reports memory_limit and exits; memory held only for speed (a session's
 * kept transpiler) is dropped first. Calls libc and the child's exit only.
 *
 * Where the blocks live: a one-shot child is a fresh fork, so every page
 * its heap touches is faulted in for the first time. An ES5 hello's heap
 * (~430 KB: the built-ins, the prelude) took ~120 such faults, ~2 ms of an
 * ~11 ms run on a paravirtualised guest where one costs ~17 us. With
 * duktape_mem_use_region() the blocks up to 64 KiB come first from
 * one 2 MiB-aligned mapping that the kernel is asked to back with
 * transparent huge pages (one fault per 2 MiB; js/lower_arena.c does the
 * same for the transpiler's heap), in size classes with free lists, and
 * from malloc once it is used up. Only where a block lives changes: the
 * cap still counts each request and its header, as before. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "engine/duktape/duktape_mem.h"
#include "engine/duktape/duktape_report.h"
#include "core/outcome.h"

/* Duktape retries a failed allocation after a mark-and-sweep this many times
 * (DUK_HEAP_ALLOC_FAIL_MARKANDSWEEP_LIMIT in duktape.c) before it throws a
 * catchable "alloc failed"; the first attempt makes one more failure. */
#define DUK_GC_RETRIES	      10
#define DUK_FAILS_PER_REQUEST (DUK_GC_RETRIES + 1)

/* Counts a failed request of `size`; true once Duktape has spent all its GC
 * retries on it. Failures are counted per request size, because the
 * emergency GC between the retries makes (and may fail) allocations of its
 * own: "consecutive failures" alone would be reset by them. */
static bool mem_note_failure(struct duktape_mem *m, size_t size)
{
	unsigned i, n = sizeof(m->fails) / sizeof(m->fails[0]);
	for (i = 0; i < n; i++) {
		if (m->fails[i].count && m->fails[i].size == size)
			return ++m->fails[i].count >= DUK_FAILS_PER_REQUEST;
	}
	i = m->next_fail++ % n;
	m->fails[i].size = size;
	m->fails[i].count = 1;
	return false;
}

static void mem_note_success(struct duktape_mem *m, size_t size)
{
	unsigned i, n = sizeof(m->fails) / sizeof(m->fails[0]);
	for (i = 0; i < n; i++) {
		if (m->fails[i].count && m->fails[i].size == size)
			m->fails[i].count = 0;
	}
}

static void *mem_fail(struct duktape_mem *m, size_t size)
{
	/* A request larger than the whole cap can never succeed: no GC round
	 * can help, so skip Duktape's ten retries. */
	bool hopeless = (uint64_t)size + DUKTAPE_MEM_HEADER > m->limit;
	if (m->exit_on_limit && (hopeless || mem_note_failure(m, size)))
		duktape_report_exit(m, "memory_limit", EXIT_MEMORY_LIMIT);
	return NULL;
}

#define REGION_SIZE   ((size_t)4 << 20) /* two huge pages: a modern program's start */
#define HUGE_PAGE     ((size_t)2 << 20)
#define REGION_SMALL  1024u	  /* 16-byte classes up to here (header included) */
#define REGION_MAX    (64u << 10) /* power-of-two classes up to here */
#define SMALL_CLASSES (REGION_SMALL / 16)

/* The child's one region (a process has one heap at a time here). */
static struct {
	unsigned char *start, *next, *end;
	void *free_list[SMALL_CLASSES + 7]; /* 16..1024 by 16, then 2 KiB..64 KiB */
} region;

void duktape_mem_use_region(void)
{
	unsigned char *map, *start;

	if (region.start)
		return;
#if defined(__SANITIZE_ADDRESS__)
	return; /* ASan builds keep malloc's red zones around every block */
#endif
	/* the slack lets the region start on a 2 MiB boundary; untouched
	 * pages cost nothing but address space */
	map = mmap(NULL, REGION_SIZE + HUGE_PAGE, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (map == MAP_FAILED)
		return; /* malloc alone, as without the region */
	start = (unsigned char *)(((uintptr_t)map + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
	(void)madvise(start, REGION_SIZE, MADV_HUGEPAGE); /* only a hint */
	region.start = region.next = start;
	region.end = start + REGION_SIZE;
}

/* The class of a block of `need` bytes (header included) and its size;
 * -1 when it is too large for the region. */
static int region_class(size_t need, size_t *bytes)
{
	unsigned k = 11;

	if (need <= REGION_SMALL) {
		*bytes = (need + 15) / 16 * 16;
		return (int)(*bytes / 16) - 1;
	}
	if (need > REGION_MAX)
		return -1;
	while (((size_t)1 << k) < need)
		k++;
	*bytes = (size_t)1 << k;
	return (int)(SMALL_CLASSES + k - 11);
}

static bool in_region(const void *p)
{
	return region.start && (const unsigned char *)p >= region.start &&
	       (const unsigned char *)p < region.end;
}

static void *raw_alloc(size_t need)
{
	size_t bytes;
	int cls = region.start ? region_class(need, &bytes) : -1;
	void *p;

	if (cls >= 0 && (p = region.free_list[cls]) != NULL) {
		memcpy(&region.free_list[cls], p, sizeof(void *));
		return p;
	}
	if (cls >= 0 && (size_t)(region.end - region.next) >= bytes) {
		p = region.next;
		region.next += bytes;
		return p;
	}
	return malloc(need);
}

/* need: what the block was last allocated or resized to (header included);
 * a block shrunk in place is larger than its class says, never smaller. */
static void raw_free(void *p, size_t need)
{
	size_t bytes;
	int cls;

	if (!in_region(p)) {
		free(p);
		return;
	}
	cls = region_class(need, &bytes);
	memcpy(p, &region.free_list[cls], sizeof(void *));
	region.free_list[cls] = p;
}

/* NULL when no memory: the old block is then intact. */
static void *raw_realloc(void *p, size_t old_need, size_t need)
{
	size_t bytes;
	void *np;

	if (!in_region(p))
		return realloc(p, need);
	if (region_class(old_need, &bytes) >= 0 && need <= bytes)
		return p; /* fits in the block it has */
	if (!(np = raw_alloc(need)))
		return NULL;
	memcpy(np, p, old_need < need ? old_need : need);
	raw_free(p, old_need);
	return np;
}

/* Asks the owner of droppable memory to give it back; true if it did. */
static bool mem_reclaim(struct duktape_mem *m)
{
	return m->reclaim && m->reclaim(m->reclaim_arg);
}

/* Whether `more` bytes fit beside what is live, for a block of `block`
 * bytes in all; droppable memory goes first when they would not. */
static bool mem_room(struct duktape_mem *m, uint64_t block, uint64_t more)
{
	if (block > m->limit)
		return false;
	while (m->cur > m->limit - more) {
		if (!mem_reclaim(m))
			return false;
	}
	return true;
}

void *duktape_mem_alloc(void *udata, size_t size)
{
	struct duktape_mem *m = udata;
	uint64_t need = (uint64_t)size + DUKTAPE_MEM_HEADER;
	unsigned char *p;

	if (size == 0)
		return NULL;
	if (!mem_room(m, need, need))
		return mem_fail(m, size);
	p = raw_alloc(need);
	if (!p && mem_reclaim(m))
		p = raw_alloc(need);
	if (!p) /* RLIMIT_AS: the same as reaching the cap */
		return mem_fail(m, size);
	memcpy(p, &size, sizeof(size));
	m->cur += need;
	if (m->cur > m->peak)
		m->peak = m->cur;
	mem_note_success(m, size);
	return p + DUKTAPE_MEM_HEADER;
}

void *duktape_mem_realloc(void *udata, void *ptr, size_t size)
{
	struct duktape_mem *m = udata;
	unsigned char *p, *np;
	size_t old;

	if (!ptr)
		return duktape_mem_alloc(udata, size);
	if (size == 0) {
		duktape_mem_free(udata, ptr);
		return NULL;
	}
	p = (unsigned char *)ptr - DUKTAPE_MEM_HEADER;
	memcpy(&old, p, sizeof(old));
	if (size > old && !mem_room(m, (uint64_t)size + DUKTAPE_MEM_HEADER, size - old))
		return mem_fail(m, size);
	np = raw_realloc(p, old + DUKTAPE_MEM_HEADER, (size_t)size + DUKTAPE_MEM_HEADER);
	if (!np && mem_reclaim(m))
		np = raw_realloc(p, old + DUKTAPE_MEM_HEADER, (size_t)size + DUKTAPE_MEM_HEADER);
	if (!np)
		return mem_fail(m, size);
	memcpy(np, &size, sizeof(size));
	m->cur = m->cur - old + size;
	if (m->cur > m->peak)
		m->peak = m->cur;
	mem_note_success(m, size);
	return np + DUKTAPE_MEM_HEADER;
}

void duktape_mem_free(void *udata, void *ptr)
{
	struct duktape_mem *m = udata;
	unsigned char *p;
	size_t old;

	if (!ptr)
		return;
	p = (unsigned char *)ptr - DUKTAPE_MEM_HEADER;
	memcpy(&old, p, sizeof(old));
	m->cur -= (uint64_t)old + DUKTAPE_MEM_HEADER;
	raw_free(p, old + DUKTAPE_MEM_HEADER);
}

bool duktape_mem_charge(void *udata, size_t bytes)
{
	struct duktape_mem *m = udata;

	if (!mem_room(m, bytes, bytes))
		return mem_fail(m, bytes) != NULL;
	m->cur += bytes;
	if (m->cur > m->peak)
		m->peak = m->cur;
	mem_note_success(m, bytes);
	return true;
}

void duktape_mem_uncharge(void *udata, size_t bytes)
{
	struct duktape_mem *m = udata;

	m->cur -= bytes;
}

uint64_t duktape_mem_peak_kb(const struct duktape_mem *m)
{
	return (m->peak + 1023) / 1024;
}
