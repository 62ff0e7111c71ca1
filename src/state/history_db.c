/* history_db — the history database: its schema and migrations, opening it
 * (WAL, busy timeout, checkpoints), the messages for its failures, and the
 * helpers that read its rows as JSON. Part of the state layer: calls libc,
 * SQLite, jansson, statedir and util only.
 *
 * The schema is created once, guarded by PRAGMA user_version; WAL mode with
 * synchronous=NORMAL, so readers never block the importer.
 */
#include "state/history.h"

#include <errno.h>
#include <sqlite3.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/buf.h"
#include "state/history_db.h"
#include "util/jsonout.h"
#include "util/statedir.h"
#include "util/front.h"
#include "util/util.h"

/* 2 adds the unique index on id that makes a re-import harmless; 3 the
 * heads of stdout and stderr (sbx history show). */
#define HISTORY_SCHEMA_VERSION 3
/* Long enough that importers and gc (each holding the write lock for one
 * short transaction) all get their turn; short enough that a database
 * someone holds locked delays `sbx stats` by seconds, not minutes. */
#define HISTORY_BUSY_TIMEOUT_MS 3000
#define HISTORY_WAL_PAGES	100

static const char schema_sql[] =
    "CREATE TABLE IF NOT EXISTS executions ("
    " seq INTEGER PRIMARY KEY,"
    " id TEXT NOT NULL,"
    " time_ms INTEGER NOT NULL,"
    " language TEXT NOT NULL,"
    " deployment TEXT,"
    " deployment_version INTEGER,"
    " status TEXT NOT NULL,"
    " ok INTEGER NOT NULL,"
    " exit_code INTEGER,"
    " signal INTEGER,"
    " code_sha256 TEXT NOT NULL,"
    " code_head TEXT NOT NULL,"
    " code_bytes INTEGER NOT NULL,"
    " error_name TEXT,"
    " error_message TEXT,"
    " wall_ms REAL NOT NULL,"
    " cpu_ms REAL NOT NULL,"
    " memory_peak_kb INTEGER NOT NULL,"
    " timed_out INTEGER NOT NULL,"
    " stdout_bytes INTEGER NOT NULL,"
    " stderr_bytes INTEGER NOT NULL);"
    "CREATE INDEX IF NOT EXISTS executions_time ON executions(time_ms);"
    /* Every index costs each run a page write; plain runs skip this partial
     * one, and a --code-sha256 query can afford a scan. */
    "CREATE INDEX IF NOT EXISTS executions_deployment ON executions(deployment, time_ms)"
    " WHERE deployment IS NOT NULL;"
    /* Labels in a child table so a filter is an index lookup, not a JSON
     * scan of every row. */
    "CREATE TABLE IF NOT EXISTS labels ("
    " seq INTEGER NOT NULL,"
    " key TEXT NOT NULL,"
    " value TEXT NOT NULL,"
    " PRIMARY KEY (seq, key)) WITHOUT ROWID;"
    "CREATE INDEX IF NOT EXISTS labels_kv ON labels(key, value, seq);";

/* Version 1 to 2: one record per execution id, so that importing the same
 * line twice (a crash between commit and unlink) keeps one. Ids are unique
 * by construction; a copy of a row (hand-made) is dropped, the first kept. */
static const char schema_v2_sql[] =
    "DELETE FROM labels WHERE seq IN (SELECT seq FROM executions WHERE seq NOT IN"
    " (SELECT min(seq) FROM executions GROUP BY id));"
    "DELETE FROM executions WHERE seq NOT IN (SELECT min(seq) FROM executions GROUP BY id);"
    "CREATE UNIQUE INDEX IF NOT EXISTS executions_id ON executions(id);";

/* Version 2 to 3: the first HISTORY_OUTPUT_HEAD_BYTES of the code's stdout
 * and stderr. Records imported before have none (NULL). ADD COLUMN leaves
 * the existing rows as they are: no table rewrite, safe on a large history. */
static const char schema_v3_sql[] = "ALTER TABLE executions ADD COLUMN stdout_head TEXT;"
				    "ALTER TABLE executions ADD COLUMN stderr_head TEXT;";

char *history_state_file(const char *state_dir, const char *name)
{
	struct buf b = BUF_INIT;
	buf_printf(&b, "%s/%s", state_dir, name);
	return buf_detach(&b, NULL);
}

static char *history_path(const char *state_dir)
{
	return history_state_file(state_dir, HISTORY_DB_NAME);
}

/* The advice that goes with a failed database operation. */
static const char *history_hint(int rc)
{
	switch (rc & 0xff) {
	case SQLITE_BUSY:
	case SQLITE_LOCKED: return "another process holds it locked: try again when it is done";
	case SQLITE_CORRUPT:
	case SQLITE_NOTADB:
		return "the file is damaged: move it aside and sbx starts a new history";
	case SQLITE_READONLY:
	case SQLITE_PERM:
	case SQLITE_CANTOPEN:
	case SQLITE_AUTH: return "make it and its directory writable, or use --state-dir";
	case SQLITE_FULL: return "the disk is full";
	default: return "move it aside if it is damaged: sbx starts a new history";
	}
}

static int history_user_version(sqlite3 *db, int *version)
{
	sqlite3_stmt *st = NULL;
	int rc = sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &st, NULL);
	if (rc == SQLITE_OK) {
		rc = sqlite3_step(st);
		if (rc == SQLITE_ROW) {
			*version = sqlite3_column_int(st, 0);
			rc = SQLITE_OK;
		}
	}
	sqlite3_finalize(st);
	return rc;
}

/* Creates the schema if this database has none; a no-op (one header read)
 * on every later open. Returns an SQLite code. */
static int history_schema(sqlite3 *db)
{
	int version = 0;
	int rc = history_user_version(db, &version);
	if (rc != SQLITE_OK || version == HISTORY_SCHEMA_VERSION)
		return rc;
	if (version > HISTORY_SCHEMA_VERSION)
		return SQLITE_ERROR; /* caller says "newer sbx" */
	/* WAL is a property of the file: set once, here. Several first writers
	 * may race; the busy handler serializes them. */
	rc = sqlite3_exec(db, "PRAGMA journal_mode=WAL", NULL, NULL, NULL);
	if (rc != SQLITE_OK)
		return rc;
	rc = sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
	if (rc != SQLITE_OK)
		return rc;
	/* Another process may have won the race between our check and lock. */
	rc = history_user_version(db, &version);
	if (rc == SQLITE_OK && version == 0)
		rc = sqlite3_exec(db, schema_sql, NULL, NULL, NULL);
	/* Each step in the same transaction: a crash leaves the old version
	 * whole, and the next writer migrates again. */
	if (rc == SQLITE_OK && version < 2)
		rc = sqlite3_exec(db, schema_v2_sql, NULL, NULL, NULL);
	if (rc == SQLITE_OK && version < 3)
		rc = sqlite3_exec(db, schema_v3_sql, NULL, NULL, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(db, "PRAGMA user_version=3", NULL, NULL, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
	if (rc != SQLITE_OK && !sqlite3_get_autocommit(db)) /* keep the first error */
		sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
	return rc;
}

/* Runs after each commit (the write lock already released). The first
 * connection of a process rebuilds the WAL index by reading the whole WAL,
 * and forgets what earlier processes checkpointed, so a plain (PASSIVE)
 * checkpoint would copy the same frames again and again while the WAL grows.
 * TRUNCATE empties the file: the next opener reads at most
 * HISTORY_WAL_PAGES frames. Without waiting: if a reader (sbx stats) is in
 * the way, a later writer tries again. */
static int history_wal_hook(void *arg, sqlite3 *db, const char *name, int frames)
{
	(void)arg;
	if (frames >= HISTORY_WAL_PAGES) {
		sqlite3_busy_timeout(db, 0);
		sqlite3_wal_checkpoint_v2(db, name, SQLITE_CHECKPOINT_TRUNCATE, NULL, NULL);
		sqlite3_busy_timeout(db, HISTORY_BUSY_TIMEOUT_MS);
	}
	return SQLITE_OK;
}

/* Opens the database (see history_db.h). */
int history_open(const char *state_dir, bool write, sqlite3 **db, int *rc_out, char **path_out)
{
	*db = NULL;
	*rc_out = 0;
	char *path = history_path(state_dir);
	*path_out = path;
	if (write) {
		/* statedir.c's rules (0700, no links) and message. */
		if (statedir_ensure(state_dir) != 0) {
			*rc_out = HISTORY_RC_REPORTED;
			return -1;
		}
	} else if (access(path, F_OK) < 0 && errno == ENOENT) {
		return 1;
	}
	/* NOFOLLOW: the state directory follows no links (SPEC). */
	int flags = SQLITE_OPEN_NOFOLLOW | SQLITE_OPEN_NOMUTEX |
		    (write ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY);
	int rc = sqlite3_open_v2(path, db, flags, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_busy_timeout(*db, HISTORY_BUSY_TIMEOUT_MS);
	/* Each sbx is usually the database's only connection, and SQLite's
	 * last close checkpoints the WAL and deletes it: three fsyncs, ~2 ms a
	 * run. Keep the WAL instead and empty it every HISTORY_WAL_PAGES pages
	 * (history_wal_hook). */
	if (rc == SQLITE_OK)
		rc = sqlite3_db_config(*db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, NULL);
	if (rc == SQLITE_OK && write)
		sqlite3_wal_hook(*db, history_wal_hook, NULL);
	/* synchronous is per connection. NORMAL in WAL mode: a commit appends
	 * to the WAL without an fsync; a power loss may drop the last few
	 * records but never damages the file. */
	if (rc == SQLITE_OK && write)
		rc = sqlite3_exec(*db, "PRAGMA synchronous=NORMAL", NULL, NULL, NULL);
	if (rc == SQLITE_OK && write)
		rc = history_schema(*db);
	if (rc == SQLITE_OK && !write) {
		int version = 0;
		rc = history_user_version(*db, &version);
		if (rc == SQLITE_OK && version == 0) {
			sqlite3_close(*db);
			*db = NULL;
			return 1;
		}
		if (rc == SQLITE_OK && version > HISTORY_SCHEMA_VERSION)
			rc = SQLITE_ERROR;
	}
	if (rc != SQLITE_OK) {
		*rc_out = rc ? rc : SQLITE_ERROR;
		return -1;
	}
	return 0;
}

/* One message for every way a database operation fails. */
void history_complain(bool is_warning, const char *what, const char *path, sqlite3 *db, int rc)
{
	if (rc == HISTORY_RC_REPORTED) {
		if (is_warning)
			warning("%s %s: the state directory is unusable (see above)", what, path);
		return;
	}
	/* The connection's message is the more precise one, when it has one
	 * (a failed finalize or rollback may have cleared it). */
	const char *why = !rc					   ? strerror(errno)
			  : db && sqlite3_errcode(db) != SQLITE_OK ? sqlite3_errmsg(db)
								   : sqlite3_errstr(rc);
	const char *hint = rc ? history_hint(rc) : "check the --state-dir path and its permissions";
	struct stat st;
	if ((rc & 0xff) == SQLITE_CANTOPEN && lstat(path, &st) == 0 && !S_ISREG(st.st_mode))
		hint = "it is not a file: move it aside and sbx starts a new history";
	int version = 0;
	if (db && rc == SQLITE_ERROR && history_user_version(db, &version) == SQLITE_OK &&
	    version > HISTORY_SCHEMA_VERSION) {
		why = "written by a newer sbx";
		hint = "upgrade sbx, or use another --state-dir";
	}
	if (is_warning)
		warning("%s %s: %s; %s", what, path, why, hint);
	else
		error_of(ERROR_INTERNAL, "%s %s: %s; %s", what,
			 front_path(path, "the server's history"), why,
			 front_get() == FRONT_CLI ? hint : "tell the server's operator");
}

/* Steps a query that may have failed to prepare: true while there is a row;
 * at the end *rc is SQLITE_OK, or the error. */
bool history_next_row(sqlite3_stmt *st, int *rc)
{
	if (*rc != SQLITE_OK)
		return false;
	int r = sqlite3_step(st);
	if (r == SQLITE_ROW)
		return true;
	*rc = r == SQLITE_DONE ? SQLITE_OK : r;
	return false;
}

json_t *history_json_time(int64_t ms)
{
	char t[32];
	history_format_time(ms, t);
	return json_string(t);
}

json_t *history_column_text(sqlite3_stmt *st, int i)
{
	if (sqlite3_column_type(st, i) == SQLITE_NULL)
		return json_null();
	const char *s = (const char *)sqlite3_column_text(st, i);
	/* Stored text came from untrusted code (error messages): keep the JSON
	 * valid whatever bytes it holds. */
	return json_string_utf8_lossy(s ? s : "", (size_t)sqlite3_column_bytes(st, i));
}

json_t *history_column_int(sqlite3_stmt *st, int i)
{
	if (sqlite3_column_type(st, i) == SQLITE_NULL)
		return json_null();
	return json_integer(sqlite3_column_int64(st, i));
}
