/* history — the execution history and the statistics drawn from it.
 *
 * Write path (every run): one line of JSON appended to STATE/history.log with
 * a single write(2). A run never opens SQLite: its fixed cost per process
 * (open, schema read, WAL index rebuild, a transaction) was ~1 ms a run.
 *
 * Read path (stats, gc, get): first import the pending lines into SQLite
 * (STATE/history.db), then query. The import holds an exclusive flock on
 * STATE/history.log.lock, renames history.log to history.log.importing, waits
 * out the writers that still have the old file open, inserts every complete
 * line in one transaction (INSERT OR IGNORE on the unique execution id),
 * applies the retention, commits and unlinks the .importing file. A crash at
 * any point loses nothing: a leftover .importing file is imported first by
 * the next reader, and records it already committed are ignored.
 *
 * The database: the schema is created once, guarded by PRAGMA user_version;
 * WAL mode with synchronous=NORMAL, so readers never block the importer.
 */
#include "history.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "buf.h"
#include "history_db.h"
#include "jsonout.h"
#include "statedir.h"
#include "util.h"

/* 2 adds the unique index on id that makes a re-import harmless; 3 the
 * heads of stdout and stderr (sbx history show). */
#define HISTORY_SCHEMA_VERSION 3
#define HISTORY_RC_REPORTED    (-2) /* an error already printed, not an SQLite code */
/* Long enough that importers and gc (each holding the write lock for one
 * short transaction) all get their turn; short enough that a database
 * someone holds locked delays `sbx stats` by seconds, not minutes. */
#define HISTORY_BUSY_TIMEOUT_MS	 3000
#define HISTORY_WAL_PAGES	 100
#define HISTORY_LOG_IMPORT_BYTES (1 << 20) /* a run imports a log this large */
#define HISTORY_MAX_MESSAGE	 1000	   /* bytes of an error message (and name) kept */
/* A record line is at most this long: the code head is 500 characters, the
 * error message 1000 bytes, the heads of stdout and stderr 64 KiB each,
 * which JSON escaping may grow up to six times (\u0001), and the labels.
 * One O_APPEND write(2) to a regular file is not interleaved with another
 * writer's on Linux whatever its length (the write holds the inode lock);
 * a short write (disk full) leaves a torn line the importer rejects. */
#define HISTORY_MAX_LINE     (1 << 20)
#define HISTORY_APPEND_TRIES 4	/* reopens when an importer took the file away */
#define HISTORY_MAX_WARNINGS 5	/* rejected lines named one by one per import */
#define HISTORY_DAILY_MAX    90 /* days in the per-day series */
#define HISTORY_CODE_RUNS    10 /* executions listed for --code-sha256 */
#define HISTORY_TOP_CODE     5
#define MS_PER_DAY	     86400000LL
/* Every record line starts with this: the importer finds a record's start
 * after a torn fragment by it. It cannot occur inside a JSON string (quotes
 * are escaped there) nor in the labels object (label values are strings). */
#define HISTORY_LINE_MARK "{\"v\":1,"

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

static char *state_path(const char *state_dir, const char *name)
{
	struct buf b = BUF_INIT;
	buf_printf(&b, "%s/%s", state_dir, name);
	return buf_detach(&b, NULL);
}

static char *history_path(const char *state_dir)
{
	return state_path(state_dir, HISTORY_DB_NAME);
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

/* Opens the database. Writers create the directory, the file and the schema.
 * Readers get 1 (and *db NULL) when there is no history yet. On failure
 * *rc_out holds the SQLite code, 0 for an OS error in errno, or
 * HISTORY_RC_REPORTED when a message was already printed. */
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
		error("%s %s: %s; %s", what, path, why, hint);
}

static const char *json_str(json_t *obj, const char *key)
{
	json_t *v = obj ? json_object_get(obj, key) : NULL;
	return json_is_string(v) ? json_string_value(v) : NULL;
}

void history_entry_from(struct history_entry *e, const struct request *req,
			const struct outcome *out)
{
	memset(e, 0, sizeof(*e));
	e->id = req->id;
	e->time_ms = (int64_t)now_wall_ms();
	e->language = req->lang ? req->lang->name : "unknown";
	e->deployment = req->deployment_name;
	e->deployment_version = req->deployment_version;
	e->status = status_name(out->status);
	e->ok = out->status == STATUS_OK;
	e->exited = out->exited;
	e->exit_code = out->exit_code;
	e->signal = out->signal;
	e->code_sha256 = req->code_sha256;
	e->code = req->code ? req->code : "";
	e->code_len = req->code ? req->code_len : 0;
	e->error_name = json_str(out->error, "name");
	e->error_message = json_str(out->error, "message");
	e->wall_ms = out->wall_ms;
	e->cpu_ms = out->cpu_ms;
	e->memory_peak_kb = out->memory_peak_kb;
	e->timed_out = out->status == STATUS_TIMEOUT;
	e->stdout_bytes = out->out.total;
	e->stderr_bytes = out->err.total;
	e->stdout_head = out->out.kept.data;
	e->stdout_head_len = out->out.kept.len;
	e->stderr_head = out->err.kept.data;
	e->stderr_head_len = out->err.kept.len;
	e->labels = req->labels;
	e->nlabels = req->nlabels;
}

/* Bytes of s that hold its first max_chars UTF-8 characters (never splits a
 * sequence; an invalid byte counts as one character). */
static size_t utf8_prefix(const char *s, size_t len, size_t max_chars)
{
	size_t chars = 0;
	for (size_t i = 0; i < len; i++) {
		if (((unsigned char)s[i] & 0xC0) != 0x80) {
			if (chars == max_chars)
				return i;
			chars++;
		}
	}
	return len;
}

/* At most max_bytes of s, cut before a UTF-8 continuation byte. */
static size_t cap_len(const char *s, size_t max_bytes)
{
	size_t n = strlen(s);
	if (n <= max_bytes)
		return n;
	n = max_bytes;
	while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
		n--;
	return n;
}

static const char insert_sql[] =
    "INSERT OR IGNORE INTO executions (id, time_ms, language, deployment,"
    " deployment_version, status, ok, exit_code, signal, code_sha256, code_head, code_bytes,"
    " error_name, error_message, wall_ms, cpu_ms, memory_peak_kb, timed_out, stdout_bytes,"
    " stderr_bytes, stdout_head, stderr_head) VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,"
    "?13,?14,?15,?16,?17,?18,?19,?20,?21,?22)";

/* The keys of a record line, in insert_sql's column order, and their types:
 * s string, S string or null, i integer, I integer or null, n number,
 * b boolean, o string, null or missing (keys added later: older lines
 * still in a log when sbx is upgraded have none). history_line() writes them; the importer checks
 * them. */
static const struct {
	const char *key;
	char type;
} record_cols[] = {
    {"id", 's'},
    {"time_ms", 'i'},
    {"language", 's'},
    {"deployment", 'S'},
    {"deployment_version", 'I'},
    {"status", 's'},
    {"ok", 'b'},
    {"exit_code", 'I'},
    {"signal", 'I'},
    {"code_sha256", 's'},
    {"code_head", 's'},
    {"code_bytes", 'i'},
    {"error_name", 'S'},
    {"error_message", 'S'},
    {"wall_ms", 'n'},
    {"cpu_ms", 'n'},
    {"memory_peak_kb", 'i'},
    {"timed_out", 'b'},
    {"stdout_bytes", 'i'},
    {"stderr_bytes", 'i'},
    {"stdout_head", 'o'},
    {"stderr_head", 'o'},
};
#define RECORD_COLS (sizeof(record_cols) / sizeof(record_cols[0]))

/* Deletes up to limit (-1: all) records that ended before cutoff_ms, labels
 * first, inside the caller's transaction. */
static int history_prune(sqlite3 *db, int64_t cutoff_ms, int limit, uint64_t *deleted)
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

/* ---- the write path: one line per run ---- */

static json_t *text_or_null(const char *s, size_t len)
{
	return s ? json_string_utf8_lossy(s, len) : json_null();
}

static int dump_to_buf(const char *data, size_t size, void *arg)
{
	buf_append(arg, data, size);
	return 0;
}

/* The first HISTORY_OUTPUT_HEAD_BYTES of an output stream, cut before a
 * UTF-8 continuation byte. */
static json_t *head_json(const char *s, size_t len)
{
	if (!s)
		return json_string(""); /* nothing printed */
	if (len > HISTORY_OUTPUT_HEAD_BYTES) {
		len = HISTORY_OUTPUT_HEAD_BYTES;
		while (len > 0 && ((unsigned char)s[len] & 0xC0) == 0x80)
			len--;
	}
	return json_string_utf8_lossy(s, len);
}

/* The record as one line of compact JSON, its newline included. Text from
 * the code (its head, the error) may hold any bytes: invalid UTF-8 becomes
 * U+FFFD here, as stats did when it printed them. */
static void history_line(const struct history_entry *e, struct buf *line)
{
	const char *code = e->code ? e->code : "";
	size_t code_len = e->code ? e->code_len : 0;
	json_t *labels = json_object();
	/* A repeated key keeps its last value, as later flags win. */
	for (size_t i = 0; i < e->nlabels; i++)
		json_object_set_new(
		    labels, e->labels[i].key,
		    json_string_utf8_lossy(e->labels[i].value, strlen(e->labels[i].value)));
	json_t *o = json_object();
	json_object_set_new(o, "v", json_integer(1)); /* first: HISTORY_LINE_MARK */
	json_object_set_new(o, "id", text_or_null(e->id ? e->id : "", e->id ? strlen(e->id) : 0));
	json_object_set_new(o, "time_ms", json_integer(e->time_ms));
	json_object_set_new(o, "language",
			    text_or_null(e->language, e->language ? strlen(e->language) : 0));
	json_object_set_new(o, "deployment",
			    text_or_null(e->deployment, e->deployment ? strlen(e->deployment) : 0));
	json_object_set_new(o, "deployment_version",
			    e->deployment ? json_integer(e->deployment_version) : json_null());
	json_object_set_new(o, "status",
			    text_or_null(e->status, e->status ? strlen(e->status) : 0));
	json_object_set_new(o, "ok", json_boolean(e->ok));
	json_object_set_new(o, "exit_code", e->exited ? json_integer(e->exit_code) : json_null());
	json_object_set_new(o, "signal", e->signal ? json_integer(e->signal) : json_null());
	json_object_set_new(o, "code_sha256", json_string(e->code_sha256 ? e->code_sha256 : ""));
	json_object_set_new(
	    o, "code_head",
	    json_string_utf8_lossy(code, utf8_prefix(code, code_len, HISTORY_CODE_HEAD_CHARS)));
	json_object_set_new(o, "code_bytes", json_integer((json_int_t)code_len));
	json_object_set_new(
	    o, "error_name",
	    text_or_null(e->error_name,
			 e->error_name ? cap_len(e->error_name, HISTORY_MAX_MESSAGE) : 0));
	json_object_set_new(
	    o, "error_message",
	    text_or_null(e->error_message,
			 e->error_message ? cap_len(e->error_message, HISTORY_MAX_MESSAGE) : 0));
	json_object_set_new(o, "wall_ms", json_real(isfinite(e->wall_ms) ? e->wall_ms : 0));
	json_object_set_new(o, "cpu_ms", json_real(isfinite(e->cpu_ms) ? e->cpu_ms : 0));
	json_object_set_new(o, "memory_peak_kb", json_integer((json_int_t)e->memory_peak_kb));
	json_object_set_new(o, "timed_out", json_boolean(e->timed_out));
	json_object_set_new(o, "stdout_bytes", json_integer((json_int_t)e->stdout_bytes));
	json_object_set_new(o, "stderr_bytes", json_integer((json_int_t)e->stderr_bytes));
	/* The heads of the output, for sbx history show: counted in the line,
	 * so in the log's size and its import threshold. */
	json_object_set_new(o, "stdout_head", head_json(e->stdout_head, e->stdout_head_len));
	json_object_set_new(o, "stderr_head", head_json(e->stderr_head, e->stderr_head_len));
	json_object_set_new(o, "labels", labels);
	/* jansson keeps insertion order, so the line starts with the mark. */
	json_dump_callback(o, dump_to_buf, line, JSON_COMPACT);
	buf_append(line, "\n", 1);
	json_decref(o);
}

/* The advice that goes with a failed append, by errno. */
static const char *append_hint(int err)
{
	switch (err) {
	case EACCES:
	case EPERM:
	case EROFS: return "make it and its directory writable, or use --state-dir or --no-history";
	case ENOSPC:
	case EDQUOT: return "the disk is full";
	case ELOOP: return "sbx follows no links in its state directory: remove the link";
	default: return "--no-history skips recording";
	}
}

int history_append(const char *state_dir, const struct history_entry *e)
{
	if (!state_dir || !*state_dir) {
		warning(
		    "history not recorded: no state directory; set --state-dir or SBX_STATE_DIR");
		return -1;
	}
	struct buf line = BUF_INIT;
	char *path = state_path(state_dir, HISTORY_LOG_NAME);
	int fd = -1, ret = -1;
	history_line(e, &line);
	if (line.len > HISTORY_MAX_LINE) {
		warning("this run was not recorded in %s: its record is %zu bytes, more than %d; "
			"use fewer or shorter --label values",
			path, line.len, HISTORY_MAX_LINE);
		goto out;
	}
	if (statedir_ensure(state_dir) != 0) {
		warning(
		    "this run was not recorded in %s: the state directory is unusable (see above)",
		    path);
		goto out;
	}
	for (int tries = 1;; tries++) {
		fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
		if (fd < 0)
			goto fail;
		/* A shared lock while writing. An importer renames the file, then
		 * locks it exclusively before reading: so it never reads a line
		 * still being written, and a write that began before the rename
		 * lands in what it reads. Writers never wait for each other. */
		struct stat st;
		int rc;
		while ((rc = flock(fd, LOCK_SH)) != 0 && errno == EINTR)
			;
		if (rc != 0 || fstat(fd, &st) != 0)
			goto fail;
		if (!S_ISREG(st.st_mode)) {
			warning("this run was not recorded in %s: not a regular file; remove it",
				path);
			goto out;
		}
		if (st.st_nlink > 0)
			break;
		/* Imported and unlinked between our open and our lock: whatever
		 * is written to it now is lost, so open the new history.log. */
		close(fd);
		fd = -1;
		if (tries == HISTORY_APPEND_TRIES) {
			errno = EAGAIN;
			goto fail;
		}
	}
	/* One write(2) of one whole line: O_APPEND places it atomically after
	 * every other writer's, so lines never interleave. No fsync: like
	 * synchronous=NORMAL, a power loss may drop the last records. */
	ssize_t n;
	while ((n = write(fd, line.data, line.len)) < 0 && errno == EINTR)
		;
	if (n == (ssize_t)line.len) {
		ret = 0;
		goto out;
	}
	if (n >= 0)
		errno = ENOSPC; /* a short write to a file: the disk or a quota is full */
fail:
	warning("this run was not recorded in %s: %s; %s", path, strerror(errno),
		append_hint(errno));
out:
	if (fd >= 0)
		close(fd); /* and the lock with it */
	buf_release(&line);
	free(path);
	return ret;
}

static int import_pending(const char *state_dir, int retention_days, int64_t now_ms, bool gc,
			  bool is_warning, const char *what, uint64_t *deleted);

int history_record(const struct request *req, const struct outcome *out, int retention_days)
{
	/* A run never opens the database: the log is imported, with the
	 * retention applied, by stats, gc and get, and by the run that finds
	 * it past HISTORY_LOG_IMPORT_BYTES, so a machine that only ever runs
	 * keeps a bounded log (that run pays ~40 ms, once per ~2,000). */
	if (req->no_history)
		return 0;
	struct history_entry e;
	history_entry_from(&e, req, out);
	int rc = history_append(req->state_dir, &e);
	char *log = state_path(req->state_dir, HISTORY_LOG_NAME);
	struct stat st;
	uint64_t deleted = 0;
	if (rc == 0 && stat(log, &st) == 0 && st.st_size > HISTORY_LOG_IMPORT_BYTES)
		import_pending(req->state_dir, retention_days, e.time_ms, false, true,
			       "could not import the recorded runs into", &deleted);
	free(log);
	return rc;
}

/* ---- the import: history.log into the database ---- */

struct import {
	int retention_days;
	int64_t now_ms;
	bool is_warning; /* a failure is a warning (sbx get), else an error */
	uint64_t deleted;
	size_t rejected; /* lines not imported */
	char *rejected_path;
	struct buf rejects; /* their bytes, for history.log.rejected */
};

/* A warning or an error, as the import's caller wants. */
static void import_say(const struct import *im, const char *msg)
{
	if (im->is_warning)
		warning("%s", msg);
	else
		error("%s", msg);
}

/* An OS error on a file of the import: one message; returns
 * HISTORY_RC_REPORTED. */
static int import_os_error(const struct import *im, const char *doing, const char *path)
{
	struct buf b = BUF_INIT;
	buf_printf(&b,
		   "cannot import the recorded runs: %s %s: %s; make the state directory "
		   "and its files writable by you",
		   doing, path, strerror(errno));
	import_say(im, buf_cstr(&b));
	buf_release(&b);
	return HISTORY_RC_REPORTED;
}

/* A line that is not imported: named in a warning (the first few), and its
 * bytes kept in history.log.rejected, so nothing a run wrote is thrown away. */
static void import_reject(struct import *im, const char *path, size_t lineno, const char *p,
			  size_t len, const char *why)
{
	if (++im->rejected <= HISTORY_MAX_WARNINGS)
		warning("%s:%zu: %s; not imported, kept in %s", path, lineno, why,
			im->rejected_path);
	buf_append(&im->rejects, p, len);
	buf_append(&im->rejects, "\n", 1);
}

/* The record of one line, or NULL and *why. */
static json_t *record_parse(const char *p, size_t len, char why[160])
{
	json_error_t jerr;
	json_t *rec = json_loadb(p, len, 0, &jerr);
	if (!rec) {
		/* jansson's text is at most 160 bytes: keep its start. */
		snprintf(why, 160, "not JSON (column %d: %.100s)", jerr.column, jerr.text);
		return NULL;
	}
	json_t *v = json_object_get(rec, "v");
	if (!json_is_integer(v) || json_integer_value(v) != 1) {
		snprintf(why, 160, "not a version 1 history record");
		goto bad;
	}
	for (size_t i = 0; i < RECORD_COLS; i++) {
		v = json_object_get(rec, record_cols[i].key);
		bool ok = false;
		switch (record_cols[i].type) {
		case 'S': ok = json_is_null(v) || json_is_string(v); break;
		case 'o': ok = !v || json_is_null(v) || json_is_string(v); break;
		case 's': ok = json_is_string(v); break;
		case 'I': ok = json_is_null(v) || json_is_integer(v); break;
		case 'i': ok = json_is_integer(v); break;
		case 'n': ok = json_is_number(v); break;
		case 'b': ok = json_is_boolean(v); break;
		}
		if (!ok) {
			snprintf(why, 160, "a record without a valid \"%s\"", record_cols[i].key);
			goto bad;
		}
	}
	if (json_string_length(json_object_get(rec, "id")) == 0) {
		snprintf(why, 160, "a record without an id");
		goto bad;
	}
	json_t *labels = json_object_get(rec, "labels");
	const char *k;
	if (!json_is_object(labels)) {
		snprintf(why, 160, "a record without a valid \"labels\"");
		goto bad;
	}
	json_object_foreach(labels, k, v)
	{
		if (!json_is_string(v)) {
			snprintf(why, 160, "a record with a label that is not text");
			goto bad;
		}
	}
	return rec;
bad:
	json_decref(rec);
	return NULL;
}

static int bind_json(sqlite3_stmt *st, int i, json_t *v)
{
	if (json_is_string(v))
		return sqlite3_bind_text(st, i, json_string_value(v), (int)json_string_length(v),
					 SQLITE_STATIC);
	if (json_is_integer(v))
		return sqlite3_bind_int64(st, i, json_integer_value(v));
	if (json_is_real(v))
		return sqlite3_bind_double(st, i, json_real_value(v));
	if (json_is_boolean(v))
		return sqlite3_bind_int(st, i, json_is_true(v));
	return sqlite3_bind_null(st, i);
}

/* Inserts one checked record and its labels. A record already there (a
 * re-import after a crash between commit and unlink) is skipped whole. */
static int import_record(sqlite3 *db, sqlite3_stmt *ins, sqlite3_stmt *lab, json_t *rec)
{
	int rc = sqlite3_reset(ins);
	for (size_t i = 0; rc == SQLITE_OK && i < RECORD_COLS; i++)
		rc = bind_json(ins, (int)i + 1, json_object_get(rec, record_cols[i].key));
	if (rc == SQLITE_OK && (rc = sqlite3_step(ins)) == SQLITE_DONE)
		rc = SQLITE_OK;
	if (rc != SQLITE_OK || sqlite3_changes(db) == 0)
		return rc;
	sqlite3_int64 seq = sqlite3_last_insert_rowid(db);
	const char *key;
	json_t *v;
	json_object_foreach(json_object_get(rec, "labels"), key, v)
	{
		if (rc != SQLITE_OK)
			break;
		sqlite3_bind_int64(lab, 1, seq);
		sqlite3_bind_text(lab, 2, key, -1, SQLITE_STATIC);
		bind_json(lab, 3, v);
		rc = sqlite3_step(lab);
		if (rc == SQLITE_DONE)
			rc = sqlite3_reset(lab);
	}
	return rc;
}

/* The last HISTORY_LINE_MARK in [p, end), or NULL. */
static const char *last_mark(const char *p, const char *end)
{
	const char *found = NULL;
	size_t n = strlen(HISTORY_LINE_MARK);
	while (p < end && (p = memmem(p, (size_t)(end - p), HISTORY_LINE_MARK, n))) {
		found = p;
		p++;
	}
	return found;
}

/* Inserts every complete line of data (the file at path) inside the
 * caller's transaction. Only complete lines: the last one without its
 * newline is a torn write, rejected (and kept), never half-imported. */
static int import_lines(struct import *im, sqlite3 *db, const char *path, const char *data,
			size_t size)
{
	sqlite3_stmt *ins = NULL, *lab = NULL;
	int rc = sqlite3_prepare_v2(db, insert_sql, -1, &ins, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_prepare_v2(
		    db, "INSERT OR REPLACE INTO labels (seq, key, value) VALUES (?1,?2,?3)", -1,
		    &lab, NULL);
	const char *p = data, *end = data + size;
	for (size_t lineno = 1; rc == SQLITE_OK && p < end; lineno++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl) {
			import_reject(
			    im, path, lineno, p, (size_t)(end - p),
			    "an incomplete last record (no newline: its writer was killed, "
			    "or the disk was full)");
			break;
		}
		size_t len = (size_t)(nl - p);
		char why[160] = "";
		json_t *rec = NULL;
		if (len > HISTORY_MAX_LINE)
			snprintf(why, sizeof(why), "longer than any record");
		else if (len > 0 && !(rec = record_parse(p, len, why))) {
			/* A torn fragment with the next record glued to it: keep
			 * the record, reject the fragment. */
			const char *mark = last_mark(p + 1, nl);
			char why2[160];
			if (mark && (rec = record_parse(mark, (size_t)(nl - mark), why2)))
				len = (size_t)(mark - p);
		}
		if (len > 0 && *why)
			import_reject(im, path, lineno, p, len, why);
		if (rec)
			rc = import_record(db, ins, lab, rec);
		json_decref(rec);
		p = nl + 1;
	}
	sqlite3_finalize(ins);
	sqlite3_finalize(lab);
	return rc;
}

/* Imports the file at path (open as fd: history.log renamed by us, or by an
 * importer that died), applies the retention, commits, then unlinks it.
 * Returns an SQLite code, or HISTORY_RC_REPORTED. */
static int import_file(struct import *im, sqlite3 *db, int fd, const char *path)
{
	/* Writers that opened the file before its rename hold a shared lock
	 * while they write; with ours exclusive, every line in it is complete
	 * or torn for good. Later writers see it unlinked and reopen. */
	int rc;
	while ((rc = flock(fd, LOCK_EX)) != 0 && errno == EINTR)
		;
	struct stat st;
	if (rc != 0 || fstat(fd, &st) != 0)
		return import_os_error(im, "cannot lock", path);
	size_t size = (size_t)st.st_size;
	void *map = NULL;
	if (size > 0 && (map = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0)) == MAP_FAILED)
		return import_os_error(im, "cannot read", path);
	size_t rejected = im->rejected;
	im->rejects.len = 0;
	/* One transaction for the whole file: one commit, and a crash leaves
	 * all of it to the next importer. */
	rc = sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
	if (rc == SQLITE_OK)
		rc = size ? import_lines(im, db, path, map, size) : SQLITE_OK;
	/* Runs never open the database: retention is applied here (and by
	 * sbx gc), the pruning "now and then" on the write side. */
	if (rc == SQLITE_OK && im->retention_days > 0)
		rc = history_prune(db, im->now_ms - (int64_t)im->retention_days * MS_PER_DAY, -1,
				   &im->deleted);
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
	if (rc != SQLITE_OK && !sqlite3_get_autocommit(db)) /* keep the first error */
		sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
	if (map)
		munmap(map, size);
	if (rc != SQLITE_OK)
		return rc; /* the file stays for the next import */
	if (im->rejected > HISTORY_MAX_WARNINGS && im->rejected - rejected > 0)
		warning("%zu lines of %s in all were not imported; see %s", im->rejected - rejected,
			path, im->rejected_path);
	if (im->rejects.len > 0) {
		int rfd = open(im->rejected_path,
			       O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
		if (rfd < 0 || write_all(rfd, im->rejects.data, im->rejects.len) != 0)
			warning("cannot keep the lines not imported in %s: %s", im->rejected_path,
				strerror(errno));
		if (rfd >= 0)
			close(rfd);
	}
	if (unlink(path) != 0)
		return import_os_error(im, "cannot remove", path);
	return SQLITE_OK;
}

/* The import behind every reader. gc: also prune when nothing is pending.
 * Returns 0, or -1 after a message. When the state directory is not ours to
 * write (another user's stats), the pending lines stay, with a warning. */
static int import_pending(const char *state_dir, int retention_days, int64_t now_ms, bool gc,
			  bool is_warning, const char *what, uint64_t *deleted)
{
	struct import im = {.retention_days = retention_days,
			    .now_ms = now_ms,
			    .is_warning = is_warning,
			    .rejects = BUF_INIT};
	char *log = state_path(state_dir, HISTORY_LOG_NAME);
	char *importing = state_path(state_dir, HISTORY_LOG_NAME ".importing");
	char *lock = state_path(state_dir, HISTORY_LOG_NAME ".lock");
	char *db_path = NULL;
	im.rejected_path = state_path(state_dir, HISTORY_LOG_NAME ".rejected");
	sqlite3 *db = NULL;
	int lock_fd = -1, ret = 0, rc = SQLITE_OK;
	struct stat st;
	/* The common case for a reader: nothing pending, no lock, no write. */
	bool pending = lstat(log, &st) == 0 || lstat(importing, &st) == 0;
	if (!pending && !gc)
		goto out;
	db_path = history_path(state_dir);
	if (!pending && lstat(db_path, &st) != 0 && errno == ENOENT)
		goto out; /* gc, nothing recorded yet: nothing to drop */
	lock_fd = open(lock, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (lock_fd < 0 && !gc && (errno == EACCES || errno == EPERM || errno == EROFS)) {
		warning("the latest runs (in %s) are not counted: cannot create %s: %s; run sbx "
			"as the owner of the state directory",
			log, lock, strerror(errno));
		goto out;
	}
	if (lock_fd < 0) {
		rc = import_os_error(&im, "cannot open", lock);
		goto fail;
	}
	/* One importer at a time: two would rename over each other's file. */
	while ((rc = flock(lock_fd, LOCK_EX)) != 0 && errno == EINTR)
		;
	if (rc != 0) {
		rc = import_os_error(&im, "cannot lock", lock);
		goto fail;
	}
	free(db_path);
	db_path = NULL;
	if (history_open(state_dir, true, &db, &rc, &db_path) != 0)
		goto fail;
	/* A leftover .importing (its importer died) first, then the log. */
	for (bool renamed = false;;) {
		int fd = open(importing, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
		if (fd < 0 && errno == ENOENT) {
			if (renamed)
				break;
			if (rename(log, importing) != 0) {
				if (errno == ENOENT)
					break;
				rc = import_os_error(&im, "cannot rename", log);
				goto fail;
			}
			renamed = true;
			continue;
		}
		if (fd < 0) {
			rc = import_os_error(&im, "cannot open", importing);
			goto fail;
		}
		rc = import_file(&im, db, fd, importing);
		close(fd);
		if (rc != SQLITE_OK)
			goto fail;
	}
	if (gc && retention_days > 0) {
		rc = sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
		if (rc == SQLITE_OK)
			rc = history_prune(db, now_ms - (int64_t)retention_days * MS_PER_DAY, -1,
					   &im.deleted);
		if (rc == SQLITE_OK)
			rc = sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
		if (rc != SQLITE_OK) {
			if (!sqlite3_get_autocommit(db))
				sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
			goto fail;
		}
	}
	goto out;
fail:
	ret = -1;
	if (rc != HISTORY_RC_REPORTED) /* else import_say() said it */
		history_complain(is_warning, what, db_path ? db_path : log, db, rc);
out:
	if (deleted)
		*deleted = im.deleted;
	sqlite3_close(db);
	if (lock_fd >= 0)
		close(lock_fd); /* releases the lock */
	buf_release(&im.rejects);
	free(im.rejected_path);
	free(db_path);
	free(lock);
	free(importing);
	free(log);
	return ret;
}

int history_import(const char *state_dir, int retention_days, int64_t now_ms, uint64_t *deleted)
{
	return import_pending(state_dir, retention_days, now_ms, false, false,
			      "cannot read the history in", deleted);
}

int history_gc(const char *state_dir, int retention_days, int64_t now_ms, uint64_t *deleted)
{
	*deleted = 0;
	if (retention_days <= 0)
		return 0; /* 0 keeps everything; the next reader imports */
	return import_pending(state_dir, retention_days, now_ms, true, false,
			      "cannot clean the history in", deleted);
}

/* ---- time ---- */

void history_format_time(int64_t ms, char out[32])
{
	time_t secs = (time_t)(ms >= 0 ? ms / 1000 : (ms - 999) / 1000);
	struct tm tm;
	if (!gmtime_r(&secs, &tm)) {
		snprintf(out, 32, "?");
		return;
	}
	char date[24];
	strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%S", &tm);
	snprintf(out, 32, "%s.%03dZ", date, (int)(ms - (int64_t)secs * 1000));
}

/* Reads exactly n digits at *p. */
static bool take_digits(const char **p, int n, int *out)
{
	int v = 0;
	for (int i = 0; i < n; i++) {
		if ((*p)[i] < '0' || (*p)[i] > '9')
			return false;
		v = v * 10 + ((*p)[i] - '0');
	}
	*p += n;
	*out = v;
	return true;
}

static bool take_char(const char **p, char c)
{
	if (**p != c)
		return false;
	(*p)++;
	return true;
}

static int days_in_month(int year, int month)
{
	static const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
	bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
	return month == 2 && leap ? 29 : days[month - 1];
}

/* ISO 8601: date, optional time (T or space), optional zone. */
static bool parse_iso(const char *s, bool end_of_day, int64_t *out)
{
	int y, mo, d, h = 0, mi = 0, sec = 0, frac = 0, frac_digits = 0;
	const char *p = s;
	if (!take_digits(&p, 4, &y) || !take_char(&p, '-') || !take_digits(&p, 2, &mo) ||
	    !take_char(&p, '-') || !take_digits(&p, 2, &d))
		return false;
	if (y < 1970 || mo < 1 || mo > 12 || d < 1 || d > days_in_month(y, mo))
		return false;
	bool has_time = *p == 'T' || *p == 't' || *p == ' ';
	int64_t zone_ms = 0;
	if (has_time) {
		p++;
		if (!take_digits(&p, 2, &h) || !take_char(&p, ':') || !take_digits(&p, 2, &mi))
			return false;
		if (take_char(&p, ':')) {
			if (!take_digits(&p, 2, &sec))
				return false;
			if (take_char(&p, '.')) {
				while (*p >= '0' && *p <= '9') {
					if (frac_digits < 3) {
						frac = frac * 10 + (*p - '0');
						frac_digits++;
					}
					p++;
				}
				if (frac_digits == 0)
					return false;
				for (; frac_digits < 3; frac_digits++)
					frac *= 10;
			}
		}
		if (h > 23 || mi > 59 || sec > 59)
			return false;
		if (*p == 'Z' || *p == 'z') {
			p++;
		} else if (*p == '+' || *p == '-') {
			int sign = *p == '-' ? -1 : 1, zh, zm;
			p++;
			if (!take_digits(&p, 2, &zh) || !take_char(&p, ':') ||
			    !take_digits(&p, 2, &zm) || zh > 23 || zm > 59)
				return false;
			zone_ms = sign * ((int64_t)zh * 3600000 + (int64_t)zm * 60000);
		}
	}
	if (*p)
		return false;
	struct tm tm = {.tm_year = y - 1900,
			.tm_mon = mo - 1,
			.tm_mday = d,
			.tm_hour = h,
			.tm_min = mi,
			.tm_sec = sec};
	int64_t ms = (int64_t)timegm(&tm) * 1000 + frac - zone_ms;
	if (!has_time && end_of_day)
		ms += MS_PER_DAY;
	*out = ms;
	return true;
}

int history_parse_time(const char *flag, const char *s, int64_t now_ms, bool end_of_day,
		       int64_t *out)
{
	if (strcmp(s, "now") == 0) {
		*out = now_ms;
		return 0;
	}
	if (parse_iso(s, end_of_day, out))
		return 0;
	/* A duration back from now: digits and one unit. */
	const char *p = s;
	uint64_t n = 0;
	while (*p >= '0' && *p <= '9' && n < 1000000000ull)
		n = n * 10 + (uint64_t)(*p++ - '0');
	static const struct {
		char unit;
		int64_t ms;
	} units[] = {
	    {'s', 1000}, {'m', 60000}, {'h', 3600000}, {'d', MS_PER_DAY}, {'w', 7 * MS_PER_DAY}};
	if (p != s && p[0] && !p[1] && n <= 100000 * 366ull) {
		for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
			if (units[i].unit == p[0]) {
				*out = now_ms - (int64_t)n * units[i].ms;
				return 0;
			}
		}
	}
	return error("invalid time for %s: '%s'; use a duration back from now (7d, 12h, "
		     "30m, 2w), an ISO date or time (2026-11-01, 2026-11-01T12:00:00Z) or 'now'",
		     flag, s);
}

/* ---- statistics ---- */

double history_percentile(const double *sorted, size_t n, double p)
{
	if (n == 0)
		return 0;
	/* Nearest rank: the smallest value with at least p% of values <= it. */
	double rank = ceil(p / 100.0 * (double)n);
	size_t i = rank < 1 ? 0 : (size_t)rank - 1;
	return sorted[i < n ? i : n - 1];
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

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Appends the WHERE conditions of f (alias e) to sql. */
static void filter_sql(struct buf *sql, const struct history_filter *f)
{
	buf_puts(sql, " FROM executions e WHERE 1");
	if (f->deployment)
		buf_puts(sql, " AND e.deployment = :dep");
	if (f->language)
		buf_puts(sql, " AND e.language = :lang");
	if (f->since_ms)
		buf_puts(sql, " AND e.time_ms >= :since");
	if (f->until_ms)
		buf_puts(sql, " AND e.time_ms < :until");
	if (f->code_sha256)
		buf_puts(sql,
			 " AND substr(e.code_sha256, 1, length(:code)) = :code"); /* or a prefix */
	for (size_t i = 0; i < f->nlabels; i++)
		buf_printf(sql,
			   " AND EXISTS (SELECT 1 FROM labels l WHERE l.seq = e.seq"
			   " AND l.key = :lk%zu AND l.value = :lv%zu)",
			   i, i);
}

static void bind_name_text(sqlite3_stmt *st, const char *name, const char *v)
{
	int i = sqlite3_bind_parameter_index(st, name);
	if (i > 0)
		sqlite3_bind_text(st, i, v, -1, SQLITE_STATIC);
}

static void bind_name_int64(sqlite3_stmt *st, const char *name, int64_t v)
{
	int i = sqlite3_bind_parameter_index(st, name);
	if (i > 0)
		sqlite3_bind_int64(st, i, v);
}

/* SELECT head, filter, tail → a prepared and bound statement. */
static int filter_prepare(sqlite3 *db, const char *head, const struct history_filter *f,
			  const char *tail, sqlite3_stmt **st)
{
	struct buf sql = BUF_INIT;
	buf_puts(&sql, head);
	filter_sql(&sql, f);
	buf_puts(&sql, tail);
	int rc = sqlite3_prepare_v2(db, buf_cstr(&sql), -1, st, NULL);
	buf_release(&sql);
	if (rc != SQLITE_OK)
		return rc;
	bind_name_text(*st, ":dep", f->deployment);
	bind_name_text(*st, ":lang", f->language);
	bind_name_int64(*st, ":since", f->since_ms);
	bind_name_int64(*st, ":until", f->until_ms);
	bind_name_text(*st, ":code", f->code_sha256);
	for (size_t i = 0; i < f->nlabels; i++) {
		char name[32];
		snprintf(name, sizeof(name), ":lk%zu", i);
		bind_name_text(*st, name, f->labels[i].key);
		snprintf(name, sizeof(name), ":lv%zu", i);
		bind_name_text(*st, name, f->labels[i].value);
	}
	return SQLITE_OK;
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

/* {"avg", "p50", "p95", "max"} of n values (sorted in place); nulls if none. */
static json_t *summary_json(double *v, size_t n, bool integers)
{
	if (n == 0)
		return json_pack("{s:n,s:n,s:n,s:n}", "avg", "p50", "p95", "max");
	qsort(v, n, sizeof(*v), cmp_double);
	double sum = 0;
	for (size_t i = 0; i < n; i++)
		sum += v[i];
	double vals[4] = {sum / (double)n, history_percentile(v, n, 50),
			  history_percentile(v, n, 95), v[n - 1]};
	static const char *const keys[] = {"avg", "p50", "p95", "max"};
	json_t *o = json_object();
	for (int i = 0; i < 4; i++) {
		/* Round to what a person would read: 0.001 ms, whole KiB. */
		json_object_set_new(o, keys[i],
				    integers ? json_integer((json_int_t)llround(vals[i]))
					     : json_real(round(vals[i] * 1000) / 1000));
	}
	return o;
}

/* Upper bounds of the wall-time histogram buckets, in ms (the last is open). */
static const double hist_bounds[] = {1,	  2,	5,    10,   20,	   50,	  100,	200,
				     500, 1000, 2000, 5000, 10000, 30000, 60000};
#define HIST_BUCKETS (sizeof(hist_bounds) / sizeof(hist_bounds[0]) + 1)

struct scan {
	size_t n, alloc;
	double *wall, *cpu, *mem;
	int64_t first_ms, last_ms;
	uint64_t ok;
	uint64_t hist[HIST_BUCKETS];
	int64_t day0; /* first day of the series */
	int ndays;
	uint64_t day_runs[HISTORY_DAILY_MAX], day_fail[HISTORY_DAILY_MAX];
};

static int stats_scan(sqlite3 *db, const struct history_filter *f, struct scan *s)
{
	sqlite3_stmt *st = NULL;
	int rc = filter_prepare(db, "SELECT e.wall_ms, e.cpu_ms, e.memory_peak_kb, e.time_ms, e.ok",
				f, "", &st);
	while (history_next_row(st, &rc)) {
		if (s->n == s->alloc) {
			s->alloc = s->alloc ? s->alloc * 2 : 1024;
			s->wall = xrealloc(s->wall, s->alloc * sizeof(double));
			s->cpu = xrealloc(s->cpu, s->alloc * sizeof(double));
			s->mem = xrealloc(s->mem, s->alloc * sizeof(double));
		}
		double wall = sqlite3_column_double(st, 0);
		int64_t t = sqlite3_column_int64(st, 3);
		bool ok = sqlite3_column_int(st, 4) != 0;
		s->wall[s->n] = wall;
		s->cpu[s->n] = sqlite3_column_double(st, 1);
		s->mem[s->n] = (double)sqlite3_column_int64(st, 2);
		if (s->n == 0 || t < s->first_ms)
			s->first_ms = t;
		if (s->n == 0 || t > s->last_ms)
			s->last_ms = t;
		s->n++;
		s->ok += ok;
		size_t b = 0;
		while (b < HIST_BUCKETS - 1 && wall >= hist_bounds[b])
			b++;
		s->hist[b]++;
		int64_t day = t / MS_PER_DAY - s->day0;
		if (day >= 0 && day < s->ndays) {
			s->day_runs[day]++;
			s->day_fail[day] += !ok;
		}
	}
	sqlite3_finalize(st);
	return rc;
}

static json_t *histogram_json(const struct scan *s)
{
	json_t *a = json_array();
	size_t lo = HIST_BUCKETS, hi = 0;
	for (size_t b = 0; b < HIST_BUCKETS; b++) {
		if (s->hist[b]) {
			lo = lo < b ? lo : b;
			hi = b;
		}
	}
	for (size_t b = lo; b <= hi && lo < HIST_BUCKETS; b++) {
		json_array_append_new(
		    a, json_pack("{s:f,s:o,s:I}", "min_ms", b ? hist_bounds[b - 1] : 0.0, "max_ms",
				 b < HIST_BUCKETS - 1 ? json_real(hist_bounds[b]) : json_null(),
				 "count", (json_int_t)s->hist[b]));
	}
	return a;
}

static json_t *daily_json(const struct scan *s)
{
	json_t *a = json_array();
	for (int d = 0; d < s->ndays; d++) {
		char t[32];
		history_format_time((s->day0 + d) * MS_PER_DAY, t);
		t[10] = '\0';
		json_array_append_new(a, json_pack("{s:s,s:I,s:I}", "date", t, "executions",
						   (json_int_t)s->day_runs[d], "failures",
						   (json_int_t)s->day_fail[d]));
	}
	return a;
}

/* by_language and by_status, and the limit counters derived from statuses. */
static int stats_groups(sqlite3 *db, const struct history_filter *f, json_t *res)
{
	sqlite3_stmt *st = NULL;
	json_t *by_lang = json_object(), *by_status = json_object();
	json_int_t timeouts = 0, mem = 0, outl = 0;
	int rc = filter_prepare(db, "SELECT e.language, e.status, count(*)", f,
				" GROUP BY e.language, e.status", &st);
	while (history_next_row(st, &rc)) {
		const char *lang = (const char *)sqlite3_column_text(st, 0);
		const char *status = (const char *)sqlite3_column_text(st, 1);
		json_int_t n = sqlite3_column_int64(st, 2);
		json_t *objs[2] = {by_lang, by_status};
		const char *keys[2] = {lang ? lang : "?", status ? status : "?"};
		for (int i = 0; i < 2; i++) {
			json_t *c = json_object_get(objs[i], keys[i]);
			json_object_set_new(objs[i], keys[i],
					    json_integer((c ? json_integer_value(c) : 0) + n));
		}
		if (status && strcmp(status, "timeout") == 0)
			timeouts += n;
		else if (status && strcmp(status, "memory_limit") == 0)
			mem += n;
		else if (status && strcmp(status, "output_limit") == 0)
			outl += n;
	}
	sqlite3_finalize(st);
	json_object_set_new(res, "timeouts", json_integer(timeouts));
	json_object_set_new(res, "memory_limits", json_integer(mem));
	json_object_set_new(res, "output_limits", json_integer(outl));
	json_object_set_new(res, "by_language", by_lang);
	json_object_set_new(res, "by_status", by_status);
	return rc;
}

static int stats_failures(sqlite3 *db, const struct history_filter *f, int n, json_t *res)
{
	sqlite3_stmt *st = NULL;
	json_t *a = json_array();
	struct buf tail = BUF_INIT;
	buf_printf(&tail, " AND e.ok = 0 ORDER BY e.time_ms DESC, e.seq DESC LIMIT %d", n);
	int rc = filter_prepare(db,
				"SELECT e.id, e.time_ms, e.language, e.deployment,"
				" e.deployment_version, e.status, e.exit_code, e.error_name,"
				" e.error_message, e.code_sha256, e.wall_ms",
				f, buf_cstr(&tail), &st);
	buf_release(&tail);
	while (history_next_row(st, &rc)) {
		json_t *dep = json_null();
		if (sqlite3_column_type(st, 3) != SQLITE_NULL)
			dep = json_pack("{s:o,s:o}", "name", history_column_text(st, 3), "version",
					history_column_int(st, 4));
		json_t *err = json_null();
		if (sqlite3_column_type(st, 7) != SQLITE_NULL)
			err = json_pack("{s:o,s:o}", "name", history_column_text(st, 7), "message",
					history_column_text(st, 8));
		json_array_append_new(
		    a, json_pack("{s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:f}", "id",
				 history_column_text(st, 0), "time",
				 history_json_time(sqlite3_column_int64(st, 1)), "language",
				 history_column_text(st, 2), "deployment", dep, "status",
				 history_column_text(st, 5), "exit_code", history_column_int(st, 6),
				 "error", err, "code_sha256", history_column_text(st, 9), "wall_ms",
				 sqlite3_column_double(st, 10)));
	}
	sqlite3_finalize(st);
	json_object_set_new(res, "recent_failures", a);
	return rc;
}

/* The most-run code hashes, to find one for --code-sha256. */
static int stats_top_code(sqlite3 *db, const struct history_filter *f, json_t *res)
{
	sqlite3_stmt *st = NULL;
	json_t *a = json_array();
	struct buf tail = BUF_INIT;
	buf_printf(&tail,
		   " GROUP BY e.code_sha256 ORDER BY count(*) DESC, max(e.time_ms) DESC"
		   " LIMIT %d",
		   HISTORY_TOP_CODE);
	int rc = filter_prepare(db, "SELECT e.code_sha256, count(*), sum(e.ok = 0), max(e.time_ms)",
				f, buf_cstr(&tail), &st);
	buf_release(&tail);
	while (history_next_row(st, &rc))
		json_array_append_new(
		    a, json_pack("{s:o,s:I,s:I,s:o}", "code_sha256", history_column_text(st, 0),
				 "executions", (json_int_t)sqlite3_column_int64(st, 1), "failures",
				 (json_int_t)sqlite3_column_int64(st, 2), "last_run",
				 history_json_time(sqlite3_column_int64(st, 3))));
	sqlite3_finalize(st);
	json_object_set_new(res, "top_code", a);
	return rc;
}

/* With --code-sha256: the code's first characters and its latest runs. */
static int stats_code(sqlite3 *db, const struct history_filter *f, json_t *res)
{
	sqlite3_stmt *st = NULL;
	json_t *runs = json_array(), *head = json_null(), *sha = NULL;
	struct buf tail = BUF_INIT;
	buf_printf(&tail, " ORDER BY e.time_ms DESC, e.seq DESC LIMIT %d", HISTORY_CODE_RUNS);
	int rc = filter_prepare(db,
				"SELECT e.id, e.time_ms, e.status, e.exit_code, e.wall_ms,"
				" e.code_head, e.language, e.code_sha256",
				f, buf_cstr(&tail), &st);
	buf_release(&tail);
	while (history_next_row(st, &rc)) {
		if (!sha) { /* the newest run: the full hash for a prefix filter */
			head = history_column_text(st, 5);
			sha = history_column_text(st, 7);
		}
		json_array_append_new(
		    runs,
		    json_pack("{s:o,s:o,s:o,s:o,s:o,s:f}", "id", history_column_text(st, 0), "time",
			      history_json_time(sqlite3_column_int64(st, 1)), "language",
			      history_column_text(st, 6), "status", history_column_text(st, 2),
			      "exit_code", history_column_int(st, 3), "wall_ms",
			      sqlite3_column_double(st, 4)));
	}
	sqlite3_finalize(st);
	json_object_set_new(res, "code",
			    json_pack("{s:o,s:o,s:o}", "sha256",
				      sha ? sha : json_string(f->code_sha256), "head", head,
				      "executions", runs));
	return rc;
}

static json_t *filters_json(const struct history_filter *f)
{
	json_t *labels = json_object();
	for (size_t i = 0; i < f->nlabels; i++)
		json_object_set_new(
		    labels, f->labels[i].key,
		    json_string_utf8_lossy(f->labels[i].value, strlen(f->labels[i].value)));
	json_t *o = json_object();
	json_object_set_new(o, "deployment",
			    f->deployment ? json_string(f->deployment) : json_null());
	json_object_set_new(o, "language", f->language ? json_string(f->language) : json_null());
	json_object_set_new(o, "labels", labels);
	json_object_set_new(o, "since", f->since_ms ? history_json_time(f->since_ms) : json_null());
	json_object_set_new(o, "until", f->until_ms ? history_json_time(f->until_ms) : json_null());
	json_object_set_new(o, "code_sha256",
			    f->code_sha256 ? json_string(f->code_sha256) : json_null());
	return o;
}

/* The series ends on the until day (or today) and starts on the since day,
 * or else on the first selected record's day; at most HISTORY_DAILY_MAX days. */
static int stats_days(sqlite3 *db, const struct history_filter *f, int64_t now_ms, struct scan *s)
{
	int64_t end = (f->until_ms ? f->until_ms - 1 : now_ms) / MS_PER_DAY;
	int64_t start = end;
	if (f->since_ms) {
		start = f->since_ms / MS_PER_DAY;
	} else if (db) {
		sqlite3_stmt *st = NULL;
		int rc = filter_prepare(db, "SELECT min(e.time_ms)", f, "", &st);
		if (rc == SQLITE_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
			if (sqlite3_column_type(st, 0) != SQLITE_NULL)
				start = sqlite3_column_int64(st, 0) / MS_PER_DAY;
			rc = SQLITE_OK;
		}
		sqlite3_finalize(st);
		if (rc != SQLITE_OK)
			return rc;
	}
	if (start > end)
		start = end;
	if (end - start >= HISTORY_DAILY_MAX)
		start = end - HISTORY_DAILY_MAX + 1;
	s->day0 = start;
	s->ndays = (int)(end - start + 1);
	return SQLITE_OK;
}

json_t *history_stats(const char *state_dir, const struct history_filter *f, int nfailures,
		      int64_t now_ms)
{
	sqlite3 *db = NULL;
	char *path = NULL;
	int rc = 0;
	struct scan s;
	memset(&s, 0, sizeof(s));
	json_t *res = json_object();
	json_object_set_new(res, "filters", filters_json(f));
	/* The runs since the last reader are still in history.log. Retention
	 * is the caller's (cmd_stats imports first with the configured one). */
	if (import_pending(state_dir, 0, now_ms, false, false, "cannot read the history in",
			   NULL) != 0) {
		json_decref(res);
		return NULL;
	}
	int ret = history_open(state_dir, false, &db, &rc, &path);
	if (ret < 0)
		goto fail;
	if (db) {
		rc = sqlite3_exec(db, "BEGIN", NULL, NULL, NULL); /* one snapshot for all queries */
		if (rc == SQLITE_OK)
			rc = stats_days(db, f, now_ms, &s);
		if (rc == SQLITE_OK)
			rc = stats_scan(db, f, &s);
	} else {
		stats_days(NULL, f, now_ms, &s); /* no history yet: an empty series */
	}
	json_object_set_new(res, "total", json_integer((json_int_t)s.n));
	json_object_set_new(res, "succeeded", json_integer((json_int_t)s.ok));
	json_object_set_new(res, "failed", json_integer((json_int_t)(s.n - s.ok)));
	json_object_set_new(res, "success_rate",
			    s.n ? json_real(round((double)s.ok / (double)s.n * 10000) / 10000)
				: json_null());
	json_object_set_new(res, "first", s.n ? history_json_time(s.first_ms) : json_null());
	json_object_set_new(res, "last", s.n ? history_json_time(s.last_ms) : json_null());
	json_object_set_new(res, "wall_ms", summary_json(s.wall, s.n, false));
	json_object_set_new(res, "cpu_ms", summary_json(s.cpu, s.n, false));
	json_object_set_new(res, "memory_peak_kb", summary_json(s.mem, s.n, true));
	json_object_set_new(res, "wall_histogram", histogram_json(&s));
	json_object_set_new(res, "daily", daily_json(&s));
	if (db) {
		if (rc == SQLITE_OK)
			rc = stats_groups(db, f, res);
		if (rc == SQLITE_OK)
			rc = stats_failures(db, f, nfailures, res);
		if (rc == SQLITE_OK)
			rc = stats_top_code(db, f, res);
		if (rc == SQLITE_OK && f->code_sha256)
			rc = stats_code(db, f, res);
		sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
		if (rc != SQLITE_OK)
			goto fail;
	} else {
		json_object_set_new(res, "timeouts", json_integer(0));
		json_object_set_new(res, "memory_limits", json_integer(0));
		json_object_set_new(res, "output_limits", json_integer(0));
		json_object_set_new(res, "by_language", json_object());
		json_object_set_new(res, "by_status", json_object());
		json_object_set_new(res, "recent_failures", json_array());
		json_object_set_new(res, "top_code", json_array());
	}
	if (!json_object_get(res, "code"))
		json_object_set_new(res, "code",
				    f->code_sha256 ? json_pack("{s:s,s:n,s:[]}", "sha256",
							       f->code_sha256, "head", "executions")
						   : json_null());
	goto out;
fail:
	history_complain(false, "cannot read the history in", path, db, rc);
	json_decref(res);
	res = NULL;
out:
	free(s.wall);
	free(s.cpu);
	free(s.mem);
	sqlite3_close(db);
	free(path);
	return res;
}

json_t *history_deployment_summary(const char *state_dir, const char *name)
{
	sqlite3 *db = NULL;
	char *path = NULL;
	int rc = 0;
	json_int_t total = 0, ok = 0;
	json_t *p50 = json_null(), *last = json_null();
	/* Without pruning: sbx get does not know the configured retention. */
	if (import_pending(state_dir, 0, (int64_t)now_wall_ms(), false, true,
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
