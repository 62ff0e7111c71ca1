/* history_ingest — sbx history import FILE: result records written
 * elsewhere (sbx batch --out, sbx run --json, on other machines) into this
 * history, so sbx stats covers a whole evaluation. Each record becomes one
 * history.log line (history_append), imported into SQLite by the next
 * reader like any local run; the execution id is unique there (INSERT OR
 * IGNORE), so importing a file twice counts its runs once; and a record
 * whose id the history has already is not appended again, and is counted
 * as known, so the second import says so.
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

#define INGEST_LINE_MAX	      ((size_t)512 << 20)
#define INGEST_MAX_WARNINGS   10 /* skipped records named one by one */
#define HISTORY_IMPORT_LABELS 64

/* Whether the history has the execution id already (known: st binds it). */
static bool known_id(sqlite3_stmt *st, const char *id)
{
	if (!st || !id)
		return false;
	sqlite3_reset(st);
	sqlite3_bind_text(st, 1, id, -1, SQLITE_TRANSIENT);
	return sqlite3_step(st) == SQLITE_ROW;
}

/* One record line of the file: appended to the history (1), already known
 * (2), skipped with *why (0), or -1 after an error that stops the import. */
static int ingest_record(const char *state_dir, sqlite3_stmt *has, json_t *rec, int64_t now_ms,
			 char why[200])
{
	struct history_entry e;
	const char *problem = history_entry_of_record(rec, &e, now_ms);
	if (problem) {
		snprintf(why, 200, "%s", problem);
		return 0;
	}
	if (known_id(has, e.id))
		return 2;
	/* Its labels (sbx history export keeps them; a run's --json record
	 * has none): checked with the line below. */
	struct label labels[HISTORY_IMPORT_LABELS];
	json_t *lab = json_object_get(rec, "labels"), *v;
	const char *k;
	json_object_foreach(lab, k, v)
	{
		if (!json_is_string(v) || e.nlabels == HISTORY_IMPORT_LABELS) {
			snprintf(why, 200, "its labels are not at most %d strings",
				 HISTORY_IMPORT_LABELS);
			return 0;
		}
		labels[e.nlabels].key = (char *)k;
		labels[e.nlabels++].value = (char *)json_string_value(v);
	}
	e.labels = labels;
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

int history_ingest(const char *state_dir, const char *path, struct history_ingest_counts *c)
{
	size_t *imported = &c->imported, *skipped = &c->skipped, *invalid = &c->invalid;
	FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
	if (!f)
		return error("cannot read %s: %s (give an NDJSON file of records)", path,
			     strerror(errno));
	/* What the history has: the log imported first (as a reader does),
	 * then each id looked up; no history yet, nothing is known. */
	sqlite3 *db = NULL;
	sqlite3_stmt *has = NULL;
	char *db_path = NULL;
	int dbrc = 0;
	c->known = 0;
	if (history_import(state_dir, 0, (int64_t)now_wall_ms(), NULL) == 0 &&
	    history_open(state_dir, false, &db, &dbrc, &db_path) == 0)
		sqlite3_prepare_v2(db, "SELECT 1 FROM executions WHERE id = ?1", -1, &has, NULL);
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
		int got = ingest_record(state_dir, has, rec, now_ms, why);
		json_decref(rec);
		if (got < 0) {
			rc = -1;
			break;
		}
		if (got == 2) {
			c->known++;
		} else if (got > 0) {
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
	sqlite3_finalize(has);
	if (db)
		sqlite3_close(db);
	free(db_path);
	return rc;
}
