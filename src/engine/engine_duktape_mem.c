/* engine_duktape_mem — the byte-capped allocator of the child's Duktape
 * heaps: requests and their headers are counted against the run's memory
 * limit, and once Duktape's GC retries for a request are spent the child
 * reports memory_limit and exits. Calls libc and the child's exit only. */
#include <stdlib.h>
#include <string.h>

#include "engine/engine_duktape.h"
#include "engine/engine_duktape_int.h"
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
static bool mem_note_failure(struct engine_duktape_mem *m, size_t size)
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

static void mem_note_success(struct engine_duktape_mem *m, size_t size)
{
	unsigned i, n = sizeof(m->fails) / sizeof(m->fails[0]);
	for (i = 0; i < n; i++) {
		if (m->fails[i].count && m->fails[i].size == size)
			m->fails[i].count = 0;
	}
}

static void *mem_fail(struct engine_duktape_mem *m, size_t size)
{
	/* A request larger than the whole cap can never succeed: no GC round
	 * can help, so skip Duktape's ten retries. */
	bool hopeless = (uint64_t)size + ENGINE_DUKTAPE_HEADER > m->limit;
	if (m->exit_on_limit && (hopeless || mem_note_failure(m, size)))
		engine_duktape_exit_status("memory_limit", EXIT_MEMORY_LIMIT);
	return NULL;
}

void *engine_duktape_alloc(void *udata, size_t size)
{
	struct engine_duktape_mem *m = udata;
	uint64_t need = (uint64_t)size + ENGINE_DUKTAPE_HEADER;
	unsigned char *p;

	if (size == 0)
		return NULL;
	if (need > m->limit || m->cur > m->limit - need)
		return mem_fail(m, size);
	p = malloc(need);
	if (!p) /* RLIMIT_AS: the same as reaching the cap */
		return mem_fail(m, size);
	memcpy(p, &size, sizeof(size));
	m->cur += need;
	if (m->cur > m->peak)
		m->peak = m->cur;
	mem_note_success(m, size);
	return p + ENGINE_DUKTAPE_HEADER;
}

void *engine_duktape_realloc(void *udata, void *ptr, size_t size)
{
	struct engine_duktape_mem *m = udata;
	unsigned char *p, *np;
	size_t old;

	if (!ptr)
		return engine_duktape_alloc(udata, size);
	if (size == 0) {
		engine_duktape_free(udata, ptr);
		return NULL;
	}
	p = (unsigned char *)ptr - ENGINE_DUKTAPE_HEADER;
	memcpy(&old, p, sizeof(old));
	if (size > old) {
		uint64_t grow = size - old;
		if ((uint64_t)size + ENGINE_DUKTAPE_HEADER > m->limit || m->cur > m->limit - grow)
			return mem_fail(m, size);
	}
	np = realloc(p, (size_t)size + ENGINE_DUKTAPE_HEADER);
	if (!np)
		return mem_fail(m, size);
	memcpy(np, &size, sizeof(size));
	m->cur = m->cur - old + size;
	if (m->cur > m->peak)
		m->peak = m->cur;
	mem_note_success(m, size);
	return np + ENGINE_DUKTAPE_HEADER;
}

void engine_duktape_free(void *udata, void *ptr)
{
	struct engine_duktape_mem *m = udata;
	unsigned char *p;
	size_t old;

	if (!ptr)
		return;
	p = (unsigned char *)ptr - ENGINE_DUKTAPE_HEADER;
	memcpy(&old, p, sizeof(old));
	m->cur -= (uint64_t)old + ENGINE_DUKTAPE_HEADER;
	free(p);
}

bool engine_duktape_charge(void *udata, size_t bytes)
{
	struct engine_duktape_mem *m = udata;

	if (bytes > m->limit || m->cur > m->limit - bytes)
		return mem_fail(m, bytes) != NULL;
	m->cur += bytes;
	if (m->cur > m->peak)
		m->peak = m->cur;
	mem_note_success(m, bytes);
	return true;
}

void engine_duktape_uncharge(void *udata, size_t bytes)
{
	struct engine_duktape_mem *m = udata;

	m->cur -= bytes;
}
