/* history_summary — a deployment's runs in brief, for `sbx get NAME`:
 * count, success rate, median wall time and the last run. Part of the state
 * layer: calls libc, SQLite, jansson, util and the history database and
 * import.
 */
#include "state/history.h"

#include <math.h>
#include <sqlite3.h>
#include <stdlib.h>

#include "state/history_db.h"
#include "util/util.h"

json_t *history_deployment_summary(const char *state_dir, const char *name)
{
	sqlite3 *db = NULL;
	char *path = NULL;
	int rc = 0;
	json_int_t total = 0, ok = 0;
	json_t *p50 = json_null(), *last = json_null();
	/* Without pruning: sbx get does not know the configured retention. */
	if (history_import_pending(state_dir, 0, (int64_t)now_wall_ms(), false, true,
				   "no execution summary: cannot read the history in", NULL) != 0)
		goto summary;
	int ret = history_open(state_dir, false, &db, &rc, &path);
	if (ret != 0)
		goto out;
	sqlite3_stmt *st = NULL;
	rc = sqlite3_exec(db, "BEGIN", NULL, NULL, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_prepare_v2(
		    db, "SELECT count(*), sum(ok) FROM executions WHERE deployment = ?1", -1, &st,
		    NULL);
	if (rc == SQLITE_OK) {
		sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
		if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
			total = sqlite3_column_int64(st, 0);
			ok = sqlite3_column_int64(st, 1);
			rc = SQLITE_OK;
		}
	}
	sqlite3_finalize(st);
	st = NULL;
	if (rc == SQLITE_OK && total > 0) {
		/* The nearest-rank median is the ceil(n/2)-th smallest. */
		rc = sqlite3_prepare_v2(db,
					"SELECT wall_ms FROM executions WHERE deployment = ?1"
					" ORDER BY wall_ms LIMIT 1 OFFSET ?2",
					-1, &st, NULL);
		if (rc == SQLITE_OK) {
			sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
			sqlite3_bind_int64(st, 2, (total + 1) / 2 - 1);
			if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
				p50 = json_real(round(sqlite3_column_double(st, 0) * 1000) / 1000);
				rc = SQLITE_OK;
			}
		}
		sqlite3_finalize(st);
		st = NULL;
	}
	if (rc == SQLITE_OK && total > 0) {
		rc = sqlite3_prepare_v2(
		    db,
		    "SELECT id, time_ms, status FROM executions WHERE deployment = ?1"
		    " ORDER BY time_ms DESC, seq DESC LIMIT 1",
		    -1, &st, NULL);
		if (rc == SQLITE_OK) {
			sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
			if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
				last = json_pack("{s:o,s:o,s:o}", "id", history_column_text(st, 0),
						 "time",
						 history_json_time(sqlite3_column_int64(st, 1)),
						 "status", history_column_text(st, 2));
				rc = SQLITE_OK;
			}
		}
		sqlite3_finalize(st);
	}
	sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
	if (rc != SQLITE_OK) {
		ret = -1;
		total = ok = 0;
		json_decref(p50);
		json_decref(last);
		p50 = json_null();
		last = json_null();
	}
out:
	if (ret < 0)
		history_complain(true, "no execution summary: cannot read the history in", path, db,
				 rc);
	sqlite3_close(db);
	free(path);
summary:
	return json_pack("{s:I,s:o,s:o,s:o}", "executions", total, "success_rate",
			 total ? json_real(round((double)ok / (double)total * 10000) / 10000)
			       : json_null(),
			 "p50_wall_ms", p50, "last_run", last);
}
