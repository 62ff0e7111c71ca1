/* history_db — the history database's helpers shared by history.c and
 * history_show.c (not for other modules: they use history.h). */
#ifndef SBX_HISTORY_DB_H
#define SBX_HISTORY_DB_H

#include <jansson.h>
#include <sqlite3.h>
#include <stdbool.h>
#include <stdint.h>

/* Opens STATE/history.db. Writers create the directory, the file and the
 * schema (migrating an older one). Readers get 1 (and *db NULL) when there
 * is no history yet. On failure *rc_out holds the SQLite code, 0 for an OS
 * error in errno, or a negative code when a message was already printed;
 * *path_out (always set, owned by the caller) names the file. */
int history_open(const char *state_dir, bool write, sqlite3 **db, int *rc_out, char **path_out);
/* One message (error, or warning) for a failed database operation. */
void history_complain(bool is_warning, const char *what, const char *path, sqlite3 *db, int rc);
/* Steps a query that may have failed to prepare: true while there is a
 * row; at the end *rc is SQLITE_OK, or the error. */
bool history_next_row(sqlite3_stmt *st, int *rc);
/* Column values as JSON: text (invalid UTF-8 replaced), integer, or null. */
json_t *history_column_text(sqlite3_stmt *st, int i);
json_t *history_column_int(sqlite3_stmt *st, int i);
/* An ISO 8601 UTC time string for Unix ms. */
json_t *history_json_time(int64_t ms);

#endif
