/* fuzz_batch_input — sbx batch's request lines (batch_input_next): any
 * bytes, read as an NDJSON input.
 *
 * Checks: every item has an id of 1..200 bytes (or its line number), line
 * numbers grow, request numbers count up from 0, and an item is either
 * invalid (an error message) or carries its line's text. */
#include <stdio.h>

#include "fuzz.h"
#include "batch/batch_int.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	FILE *f = fmemopen(size ? (void *)data : (void *)"", size ? size : 1, "r");
	if (!f)
		return 0;
	struct batch_input *in = batch_input_from(f);
	struct batch_item it;
	size_t last_line = 0, n = 0;
	while (batch_input_next(in, &it) == 1) {
		if (!it.id || !it.id[0] || strlen(it.id) > BATCH_ID_MAX || it.line <= last_line ||
		    it.index != n || (!it.error[0] && !it.text))
			abort();
		last_line = it.line;
		n++;
		batch_item_release(&it);
	}
	batch_input_close(in);
	fclose(f);
	return 0;
}
