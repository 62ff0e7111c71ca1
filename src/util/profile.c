/* profile — start-up phases (see profile.h). */
#include "util/profile.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#define PROFILE_SLOTS 96

struct profile_mark_slot {
	const char *phase;
	uint64_t ns;
};

struct profile_page {
	unsigned count; /* slots taken, by any process sharing the page */
	struct profile_mark_slot slot[PROFILE_SLOTS];
};

static struct profile_page *page; /* NULL: profiling is off */

void profile_init(void)
{
	const char *v = getenv("SBX_PROFILE");
	if (page || !v || !*v || strcmp(v, "0") == 0)
		return;
	void *p =
	    mmap(NULL, sizeof *page, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	page = p == MAP_FAILED ? NULL : p; /* no page: no profile, the run goes on */
}

bool profile_on(void)
{
	return page != NULL;
}

void profile_mark(const char *phase)
{
	if (!page)
		return;
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	unsigned i = __atomic_fetch_add(&page->count, 1, __ATOMIC_RELAXED);
	if (i >= PROFILE_SLOTS)
		return; /* past the page: the rest is not kept */
	page->slot[i].ns = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
	__atomic_store_n(&page->slot[i].phase, phase, __ATOMIC_RELEASE);
}

static int by_time(const void *a, const void *b)
{
	const struct profile_mark_slot *x = a, *y = b;
	return (x->ns > y->ns) - (x->ns < y->ns);
}

void profile_print(void)
{
	if (!page)
		return;
	unsigned n = __atomic_load_n(&page->count, __ATOMIC_ACQUIRE);
	if (n > PROFILE_SLOTS)
		n = PROFILE_SLOTS;
	struct profile_mark_slot s[PROFILE_SLOTS];
	unsigned k = 0;
	for (unsigned i = 0; i < n; i++)
		if (__atomic_load_n(&page->slot[i].phase, __ATOMIC_ACQUIRE))
			s[k++] = page->slot[i];
	qsort(s, k, sizeof s[0], by_time);
	for (unsigned i = 0; i < k; i++)
		fprintf(stderr, "sbx profile: %-22s %8.3f %8.3f\n", s[i].phase,
			i ? (double)(s[i].ns - s[i - 1].ns) / 1e6 : 0.0,
			(double)(s[i].ns - s[0].ns) / 1e6);
	memset(page, 0, sizeof *page);
}
