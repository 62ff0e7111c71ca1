/* batch_idset — an open-addressing set of request ids (unique ids with
 * --out, ids already done with --resume). Grows at half full. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "batch/batch_int.h"
#include "util/util.h"

static uint64_t hash(const char *s)
{
	uint64_t h = 1469598103934665603ULL; /* FNV-1a */
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return h;
}

static size_t find(char *const *slot, size_t cap, const char *id)
{
	size_t i = hash(id) & (cap - 1);
	while (slot[i] && strcmp(slot[i], id))
		i = (i + 1) & (cap - 1);
	return i;
}

bool idset_has(const struct idset *s, const char *id)
{
	return s->cap && s->slot[find(s->slot, s->cap, id)];
}

void idset_add(struct idset *s, const char *id)
{
	if (2 * (s->n + 1) > s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 64;
		char **slot = xcalloc(cap, sizeof(*slot));
		for (size_t i = 0; i < s->cap; i++)
			if (s->slot[i])
				slot[find(slot, cap, s->slot[i])] = s->slot[i];
		free(s->slot);
		s->slot = slot;
		s->cap = cap;
	}
	size_t i = find(s->slot, s->cap, id);
	if (!s->slot[i]) {
		s->slot[i] = xstrdup(id);
		s->n++;
	}
}

void idset_release(struct idset *s)
{
	for (size_t i = 0; i < s->cap; i++)
		free(s->slot[i]);
	free(s->slot);
	memset(s, 0, sizeof(*s));
}
