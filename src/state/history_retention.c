/* history_retention — dropping the records older than the retention: the
 * pruning step the import runs in its transaction, and sbx gc's entry to it.
 * Part of the state layer: calls SQLite and the history import only.
 */
#include "state/history.h"

#include <sqlite3.h>

#include "state/history_db.h"

/* Deletes up to limit (-1: all) records that ended before cutoff_ms, labels
 * first, inside the caller's transaction. */
int history_prune(sqlite3 *db, int64_t cutoff_ms, int limit, uint64_t *deleted)
{
	static const char *const sql[] = {
	    "DELETE FROM labels WHERE seq IN (SELECT seq FROM executions"
	    " WHERE time_ms < ?1 ORDER BY time_ms LIMIT ?2)",
	    "DELETE FROM executions WHERE seq IN (SELECT seq FROM executions"
	    " WHERE time_ms < ?1 ORDER BY time_ms LIMIT ?2)",
	};
	for (size_t i = 0; i < 2; i++) {
		sqlite3_stmt *st = NULL;
		int rc = sqlite3_prepare_v2(db, sql[i], -1, &st, NULL);
		if (rc == SQLITE_OK) {
			sqlite3_bind_int64(st, 1, cutoff_ms);
			sqlite3_bind_int(st, 2, limit);
			rc = sqlite3_step(st);
			if (rc == SQLITE_DONE)
				rc = SQLITE_OK;
		}
		sqlite3_finalize(st);
		if (rc != SQLITE_OK)
			return rc;
		if (i == 1 && deleted)
			*deleted += (uint64_t)sqlite3_changes(db);
	}
	return SQLITE_OK;
}

int history_gc(const char *state_dir, int retention_days, int64_t now_ms, uint64_t *deleted)
{
	*deleted = 0;
	if (retention_days <= 0)
		return 0; /* 0 keeps everything; the next reader imports */
	return history_import_pending(state_dir, retention_days, now_ms, true, false,
				      "cannot clean the history in", deleted);
}
