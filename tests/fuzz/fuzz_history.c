/* fuzz_history — the history's two parsers of outside input
 * (src/state/history_line.c): the importer's check of a history.log line
 * (history_record_parse), and the entry `sbx history import` makes of a
 * result record from elsewhere (history_entry_of_record).
 *
 * Input: one line, read both ways.
 * Properties: a line that passes has every column of its type; a record
 * that passes makes a line the importer takes (what the import counts is
 * what is stored), with an empty code head whatever its code_bytes says,
 * and no byte read outside the record (ASan). */
#include <jansson.h>

#include "fuzz.h"
#include "state/history.h"
#include "state/history_db.h"
#include "util/buf.h"

#define NOW_MS 1800000000000LL

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char why[160];
	json_t *rec = history_record_parse((const char *)data, size, why);
	if (rec) {
		for (size_t i = 0; i < HISTORY_COLS; i++)
			FUZZ_CHECK(history_cols[i].type == 'o' ||
				   json_object_get(rec, history_cols[i].key));
		json_decref(rec);
	}
	json_t *in = json_loadb((const char *)data, size, 0, NULL);
	struct history_entry e;
	if (json_is_object(in) && !history_entry_of_record(in, &e, NOW_MS)) {
		struct buf line = BUF_INIT;
		history_entry_line(&e, &line);
		FUZZ_CHECK(line.len > 0 && line.data[line.len - 1] == '\n');
		if (line.len <= HISTORY_MAX_LINE) {
			json_t *back = history_record_parse(line.data, line.len - 1, why);
			FUZZ_CHECK(back != NULL);
			FUZZ_CHECK(json_string_length(json_object_get(back, "code_head")) == 0);
			json_decref(back);
		}
		buf_release(&line);
	}
	json_decref(in);
	return 0;
}
