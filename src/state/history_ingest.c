/* history_ingest — sbx history import FILE: result records written
 * elsewhere (sbx batch --out, sbx run --json, on other machines) into this
 * history, so sbx stats covers a whole evaluation. Each record becomes one
 * history.log line (history_append), imported into SQLite by the next
 * reader like any local run; the execution id is unique there (INSERT OR
 * IGNORE), so importing a file twice counts its runs once.
 *
 * A record keeps no time and no code text: the time is the one in its id
 * (a ULID holds its creation's milliseconds), the code head is empty (the
 * code's SHA-256 is kept). Records without an execution id (lines sbx batch
 * refused) are skipped and counted. Every other field is checked against
 * what sbx writes (history_entry_of_record), and the line it makes as the
 * importer will check it: a record that fails is skipped, named with its
 * line and field, and not counted as imported. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "state/history.h"
#include "state/history_db.h"
#include "util/buf.h"
#include "util/util.h"

#define INGEST_LINE_MAX	    ((size_t)512 << 20)
#define INGEST_MAX_WARNINGS 10 /* skipped records named one by one */

/* One record line of the file: appended to the history (1), skipped with
 * *why (0), or -1 after an error that stops the import. */
static int ingest_record(const char *state_dir, json_t *rec, int64_t now_ms, char why[200])
{
	struct history_entry e;
	const char *problem = history_entry_of_record(rec, &e, now_ms);
	if (problem) {
		snprintf(why, 200, "%s", problem);
		return 0;
	}
	/* The line is checked as the importer will check it, so what is
	 * counted here is what the next reader stores. */
	struct buf line = BUF_INIT;
	history_entry_line(&e, &line);
	char line_why[160];
	json_t *parsed =
	    line.len <= HISTORY_MAX_LINE
		? history_record_parse(line.data, line.len - 1, line_why)
		: (snprintf(line_why, sizeof line_why, "a record over %d bytes", HISTORY_MAX_LINE),
		   NULL);
	int rc = 0;
	if (!parsed)
		snprintf(why, 200, "it would make %s", line_why);
	else
		rc = history_append_line(state_dir, line.data, line.len) == 0 ? 1 : -1;
	json_decref(parsed);
	buf_release(&line);
	return rc;
}

int history_ingest(const char *state_dir, const char *path, size_t *imported, size_t *skipped,
		   size_t *invalid)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
	if (!f)
		return error("cannot read %s: %s (give an NDJSON file of records)", path,
			     strerror(errno));
	char *line = NULL;
	size_t cap = 0, n = 0;
	ssize_t len;
	int rc = 0;
	int64_t now_ms = (int64_t)now_wall_ms();
	*imported = *skipped = *invalid = 0;
	while ((len = getline(&line, &cap, f)) > 0) {
		n++;
		if ((size_t)len > INGEST_LINE_MAX) {
			rc = error("%s line %zu: longer than %zu MiB: not a record", path, n,
				   INGEST_LINE_MAX >> 20);
			break;
		}
		json_error_t je;
		json_t *rec = json_loadb(line, (size_t)len, 0, &je);
		if (!json_is_object(rec)) {
			rc = error("%s line %zu: not a JSON record (%s): import the NDJSON that "
				   "sbx batch --out or sbx run --json wrote",
				   path, n, rec ? "not an object" : je.text);
			json_decref(rec);
			break;
		}
		char why[200];
		int got = ingest_record(state_dir, rec, now_ms, why);
		json_decref(rec);
		if (got < 0) {
			rc = -1;
			break;
		}
		if (got > 0) {
			(*imported)++;
		} else if (!strcmp(why, HISTORY_NEVER_RAN)) {
			(*skipped)++;
		} else if (++*invalid <= INGEST_MAX_WARNINGS) {
			warning("%s line %zu skipped: %s", path, n, why);
		}
	}
	if (*invalid > INGEST_MAX_WARNINGS)
		warning("%s: %zu more invalid records skipped", path,
			*invalid - INGEST_MAX_WARNINGS);
	if (rc == 0 && ferror(f))
		rc = error("cannot read %s: %s", path, strerror(errno));
	free(line);
	if (f != stdin)
		fclose(f);
	return rc;
}
