/* history_db — what the history_*.c files share and no other module uses
 * (they use history.h): the record line's format, the database's open and
 * error helpers, the import and pruning steps. Part of the state layer: calls
 * libc, SQLite, jansson and util only.
 */
#ifndef SBX_HISTORY_DB_H
#define SBX_HISTORY_DB_H

#include <jansson.h>
#include <sqlite3.h>
#include <stdbool.h>
#include <stdint.h>

#define HISTORY_RC_REPORTED (-2) /* an error already printed, not an SQLite code */
/* A record line is at most this long: the code head is 500 characters, the
 * error message 1000 bytes, the heads of stdout and stderr 64 KiB each,
 * which JSON escaping may grow up to six times (\u0001), and the labels.
 * One O_APPEND write(2) to a regular file is not interleaved with another
 * writer's on Linux whatever its length (the write holds the inode lock);
 * a short write (disk full) leaves a torn line the importer rejects. */
#define HISTORY_MAX_LINE (1 << 20)
#define MS_PER_DAY	 86400000LL
/* Every record line starts with this: the importer finds a record's start
 * after a torn fragment by it. It cannot occur inside a JSON string (quotes
 * are escaped there) nor in the labels object (label values are strings). */
#define HISTORY_LINE_MARK "{\"v\":1,"

#define HISTORY_MAX_MESSAGE 1000 /* bytes of an error message (and name) kept */
#define HISTORY_ID_MAX	    64	 /* an execution id's most characters */
/* The bounds of values no run reaches, past which a record is refused:
 * 2^48 ms after 1970 is the year 10889; a petabyte of output or code; a
 * petabyte of memory (in KiB); a year of wall or CPU time. */
#define HISTORY_MAX_TIME_MS   (INT64_C(1) << 48)
#define HISTORY_MAX_BYTES     (INT64_C(1) << 50)
#define HISTORY_MAX_MEMORY_KB (INT64_C(1) << 40)
#define HISTORY_MAX_RUN_MS    (365.0 * 86400000.0)

/* The columns of a record line, in the executions table's order: key and
 * type (history_line.c). */
#define HISTORY_COLS 22
struct history_col {
	const char *key;
	char type;
};
extern const struct history_col history_cols[HISTORY_COLS];

/* The record of one history.log line (without its newline) when every key
 * has its type and a value sbx could have written: ranges, lengths and
 * formats, and keys that agree with each other. NULL and why (the key at
 * fault) otherwise (history_line.c). */
json_t *history_record_parse(const char *p, size_t len, char why[160]);
/* 1..HISTORY_ID_MAX letters, digits, '-' or '_'. */
bool history_id_ok(const char *id);
/* 64 lower-case hex digits. */
bool history_sha256_ok(const char *s);

/* The record of e as one line of JSON, its newline included (history_line.c). */
struct buf;
struct history_entry;
void history_entry_line(const struct history_entry *e, struct buf *line);
/* What history_entry_of_record says of a record of a request that never ran:
 * skipped, and counted apart. */
#define HISTORY_NEVER_RAN "no execution id, language or status (a request that never ran)"
/* The entry of a result record (sbx run --json, sbx batch --out), every
 * field checked against what sbx writes, the time taken from its id (not
 * past now_ms by more than a day): NULL, or what is wrong, naming the
 * field. The entry borrows rec's strings; its code head is empty
 * (history_line.c). */
const char *history_entry_of_record(json_t *rec, struct history_entry *e, int64_t now_ms);
/* Appends one whole line to STATE/history.log (one write(2), history_log.c).
 * 0, or -1 after a warning. */
int history_append_line(const char *state_dir, const char *data, size_t len);

/* STATE/name as a malloc'd string. */
char *history_state_file(const char *state_dir, const char *name);

/* Opens STATE/history.db. Writers create the directory, the file and the
 * schema (migrating an older one). Readers get 1 (and *db NULL) when there
 * is no history yet. On failure *rc_out holds the SQLite code, 0 for an OS
 * error in errno, or HISTORY_RC_REPORTED when a message was already printed;
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

/* The import behind every reader (history_import.c). gc: also prune when
 * nothing is pending. what begins the message of a failure, a warning when
 * is_warning. Returns 0, or -1 after a message. */
int history_import_pending(const char *state_dir, int retention_days, int64_t now_ms, bool gc,
			   bool is_warning, const char *what, uint64_t *deleted);
/* Deletes up to limit (-1: all) records that ended before cutoff_ms, labels
 * first, inside the caller's transaction (history_retention.c). Returns an
 * SQLite code. */
int history_prune(sqlite3 *db, int64_t cutoff_ms, int limit, uint64_t *deleted);

#endif
