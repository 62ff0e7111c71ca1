/* lower_arena — see lower_arena.h. Why an arena, and why these sizes:
 *
 * duk_destroy_heap() on TypeScript's ~40 MB of objects took ~100 ms, a
 * quarter of a cold run: the heap is never destroyed, its chunks are freed
 * whole.
 *
 * A cold lowering runs in a fresh process, so every page of the heap is
 * faulted in for the first time, and the compiler then chases pointers all
 * over it. Measured in fresh processes (CPU time, bench/lowertime), loading
 * the 6 MB of bytecode cost ~130 ms the first time in a process and ~25 ms
 * in a heap whose memory had been used before. So the blocks come from one
 * 2 MiB-aligned mapping asked to be backed by transparent huge pages
 * (madvise MADV_HUGEPAGE; Linux's default "madvise" mode honours it): a
 * 2 MiB page is one fault instead of 512, and far fewer TLB misses. Blocks
 * up to 1 MiB (property tables, bytecode, the string table) come from it
 * too, in power-of-two classes, instead of one malloc each. Measured: load
 * ~135 -> ~50 ms, a cold lowering's CPU ~320 -> ~180 ms. Chunks from the
 * engine's allocator (2 MiB: fine steps near the memory limit) take over
 * when the mapping is refused or full, with only part of that gain. */
#include "engine/js/lower_arena.h"

#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

#define ARENA_CHUNK (2u << 20)
#define HUGE_PAGE   ((size_t)2 << 20)
#define SMALL_MAX   512u	      /* 16-byte classes 1..32 up to here */
#define MEDIUM_MAX  ((1u << 20) - 16) /* power-of-two classes up to 1 MiB, header included */
#define MEDIUM_BASE 40		      /* class of 2^k bytes (header included): 40 + k */
#define HDR	    sizeof(struct arena_hdr)

/* Each block has a 16-byte header: its class (0: from a->alloc) and size. */
struct arena_hdr {
	size_t cls;
	size_t size;
};

/* A block of class 0 is preceded by its links in the arena's list of them,
 * so that a release gives them all back (a session's kernel releases and
 * recreates the transpiler: leaked, they would stay counted forever). */
struct arena_big {
	struct arena_big *prev, *next;
};

void lower_arena_init(struct lower_arena *a, duk_alloc_function alloc,
		      duk_realloc_function realloc_fn, duk_free_function free_fn, void *udata)
{
	memset(a, 0, sizeof *a);
	a->alloc = alloc;
	a->realloc_fn = realloc_fn;
	a->free_fn = free_fn;
	a->udata = udata;
}

/* Class of a request, and the bytes (header included) a block of it takes. */
static size_t size_class(size_t size, size_t *bytes)
{
	size_t k = 10;

	if (size <= SMALL_MAX) {
		*bytes = (size + 15) / 16 * 16 + HDR;
		return (size + 15) / 16;
	}
	while (((size_t)1 << k) < size + HDR)
		k++;
	*bytes = (size_t)1 << k;
	return MEDIUM_BASE + k;
}

static size_t class_capacity(size_t cls)
{
	return cls < MEDIUM_BASE ? cls * 16 : ((size_t)1 << (cls - MEDIUM_BASE)) - HDR;
}

static int new_chunk(struct lower_arena *a)
{
	if (a->nchunks == a->chunks_cap) {
		size_t nc = a->chunks_cap ? a->chunks_cap * 2 : 64;
		void **p = a->realloc_fn(a->udata, a->chunks, nc * sizeof *p);
		if (!p)
			return -1;
		a->chunks = p;
		a->chunks_cap = nc;
	}
	a->cur = a->alloc(a->udata, ARENA_CHUNK);
	if (!a->cur)
		return -1;
	a->held += ARENA_CHUNK;
	a->chunks[a->nchunks++] = a->cur;
	a->left = ARENA_CHUNK;
	/* Only a hint: without transparent huge pages nothing changes. The
	 * range must start on a page; the kernel uses huge pages for the
	 * 2 MiB-aligned parts inside it. */
	uintptr_t lo = ((uintptr_t)a->cur + 4095) & ~(uintptr_t)4095;
	uintptr_t hi = ((uintptr_t)a->cur + ARENA_CHUNK) & ~(uintptr_t)4095;
	(void)madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
	return 0;
}

void lower_arena_use_region(struct lower_arena *a, size_t size,
			    bool (*charge)(void *udata, size_t bytes),
			    void (*uncharge)(void *udata, size_t bytes))
{
	unsigned char *map, *start;

	size &= ~(HUGE_PAGE - 1);
	if (size == 0)
		return;
	/* the slack lets the region start on a 2 MiB boundary; untouched
	 * pages cost nothing but address space */
	map = mmap(NULL, size + HUGE_PAGE, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (map == MAP_FAILED)
		return;
	start = (unsigned char *)(((uintptr_t)map + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
	(void)madvise(start, size, MADV_HUGEPAGE); /* only a hint */
	a->map = map;
	a->map_len = size + HUGE_PAGE;
	a->charge = charge;
	a->uncharge = uncharge;
	a->cur = a->charged_end = start;
	a->region_end = start + size;
	a->left = 0;
}

/* Room for `bytes` more at a->cur: the region's next 2 MiB (contiguous with
 * what is left), else a new chunk. */
static int grow(struct lower_arena *a, size_t bytes)
{
	if (a->map && a->cur + a->left == a->charged_end && a->charged_end < a->region_end) {
		if (a->charge && !a->charge(a->udata, HUGE_PAGE))
			return -1;
		a->held += HUGE_PAGE;
		a->charged_end += HUGE_PAGE;
		a->left += HUGE_PAGE;
		if (a->left >= bytes)
			return 0;
	}
	return new_chunk(a);
}

void *lower_arena_alloc(void *udata, duk_size_t size)
{
	struct lower_arena *a = udata;
	struct arena_hdr *h;
	size_t cls, bytes;

	if (size == 0)
		return NULL;
	if (size > MEDIUM_MAX) {
		struct arena_big *b = a->alloc(a->udata, sizeof *b + HDR + size);
		if (!b)
			return NULL;
		b->prev = NULL;
		b->next = a->big;
		if (a->big)
			a->big->prev = b;
		a->big = b;
		a->held += sizeof *b + HDR + size;
		h = (struct arena_hdr *)(b + 1);
		h->cls = 0;
		h->size = size;
		return h + 1;
	}
	cls = size_class(size, &bytes);
	if (a->free_list[cls]) {
		h = a->free_list[cls];
		a->free_list[cls] = *(void **)(h + 1);
		h->size = size;
		return h + 1;
	}
	if (a->left < bytes && grow(a, bytes) != 0)
		return NULL;
	h = (struct arena_hdr *)a->cur;
	a->cur += bytes;
	a->left -= bytes;
	h->cls = cls;
	h->size = size;
	return h + 1;
}

void lower_arena_free(void *udata, void *ptr)
{
	struct lower_arena *a = udata;
	struct arena_hdr *h;

	if (!ptr)
		return;
	h = (struct arena_hdr *)ptr - 1;
	if (h->cls == 0) {
		struct arena_big *b = (struct arena_big *)h - 1;
		if (b->prev)
			b->prev->next = b->next;
		else
			a->big = b->next;
		if (b->next)
			b->next->prev = b->prev;
		a->held -= sizeof *b + HDR + h->size;
		a->free_fn(a->udata, b);
		return;
	}
	*(void **)ptr = a->free_list[h->cls];
	a->free_list[h->cls] = h;
}

void *lower_arena_realloc(void *udata, void *ptr, duk_size_t size)
{
	struct arena_hdr *h;
	void *n;

	if (!ptr)
		return lower_arena_alloc(udata, size);
	if (size == 0) {
		lower_arena_free(udata, ptr);
		return NULL;
	}
	h = (struct arena_hdr *)ptr - 1;
	if (h->cls && size <= class_capacity(h->cls)) {
		h->size = size;
		return ptr;
	}
	n = lower_arena_alloc(udata, size);
	if (!n)
		return NULL;
	memcpy(n, ptr, h->size < size ? h->size : size);
	lower_arena_free(udata, ptr);
	return n;
}

void lower_arena_release(struct lower_arena *a)
{
	while (a->big) {
		struct arena_big *b = a->big;
		a->big = b->next;
		a->free_fn(a->udata, b);
	}
	for (size_t i = 0; i < a->nchunks; i++)
		a->free_fn(a->udata, a->chunks[i]);
	a->free_fn(a->udata, a->chunks);
	if (a->map) {
		unsigned char *start = a->region_end - (a->map_len - HUGE_PAGE);
		if (a->uncharge)
			a->uncharge(a->udata, (size_t)(a->charged_end - start));
		munmap(a->map, a->map_len);
	}
	memset(a, 0, sizeof *a);
}
