#include "core/results_stream.h"

#include "core/results.h"

struct results_stream results_stream_start(uint64_t output_bytes)
{
	return (struct results_stream){.budget = output_bytes};
}

json_t *results_stream_take(struct results_stream *s, const json_t *item)
{
	if (!json_is_object(item) || s->sent >= RESULTS_MAX_ITEMS)
		return NULL;
	/* Only the keys a report's item may carry, bounded by results_bound
	 * exactly as the record's entries are. */
	json_t *one = json_pack("[{s:O?, s:O?, s:O?}]", "mime", json_object_get(item, "mime"),
				"data", json_object_get(item, "data"), "truncated",
				json_object_get(item, "truncated"));
	json_t *bound = one ? results_bound(one, s->budget) : NULL;
	json_decref(one);
	json_t *entry = json_incref(json_array_get(bound, 0));
	json_decref(bound);
	if (!entry)
		return NULL;
	json_object_del(entry, "file"); /* saved at the end, named in the record */
	if (!json_is_true(json_object_get(entry, "truncated")))
		s->budget -= json_string_length(json_object_get(entry, "data"));
	json_object_set_new(entry, "index", json_integer((json_int_t)s->sent++));
	return entry;
}
