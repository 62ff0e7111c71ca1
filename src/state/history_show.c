/* history_show — one stored execution record, looked up by its id, for
 * `sbx history show ID`; and every record since a time, for `sbx history
 * export` (what another machine's `sbx history import` takes). */
#include "state/history.h"

#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "state/history_db.h"
#include "util/front.h"
#include "util/util.h"

static const char export_sql[] =
    "SELECT id, time_ms, language, deployment, deployment_version, status, ok, exit_code,"
    " signal, code_sha256, code_head, code_bytes, error_name, error_message, wall_ms, cpu_ms,"
    " memory_peak_kb, stdout_bytes, stderr_bytes, stdout_head, stderr_head, seq"
    " FROM executions WHERE time_ms >= ?1 ORDER BY time_ms, seq";

static const char show_sql[] =
    "SELECT id, time_ms, language, deployment, deployment_version, status, ok, exit_code,"
    " signal, code_sha256, code_head, code_bytes, error_name, error_message, wall_ms, cpu_ms,"
    " memory_peak_kb, stdout_bytes, stderr_bytes, stdout_head, stderr_head, seq"
    " FROM executions WHERE id >= ?1 AND id < ?1 || '~' ORDER BY id LIMIT 2";

/* "SIGKILL" as the result record writes it; the number if glibc has no name. */
static json_t *signal_json(sqlite3_stmt *st, int i)
{
	if (sqlite3_column_type(st, i) == SQLITE_NULL)
		return json_null();
	int sig = sqlite3_column_int(st, i);
	const char *abbrev = sig > 0 && sig < 65 ? sigabbrev_np(sig) : NULL;
	if (!abbrev)
		return json_integer(sig);
	char name[32];
	snprintf(name, sizeof(name), "SIG%s", abbrev);
	return json_string(name);
}

/* The output head and whether it is the whole stream: a record imported
 * before heads were kept has none (null). */
static json_t *row_record(sqlite3 *db, sqlite3_stmt *st)
{
	json_t *dep = json_null(), *err = json_null();
	if (sqlite3_column_type(st, 3) != SQLITE_NULL)
		dep = json_pack("{s:o, s:o}", "name", history_column_text(st, 3), "version",
				history_column_int(st, 4));
	if (sqlite3_column_type(st, 12) != SQLITE_NULL)
		err = json_pack("{s:o, s:o}", "name", history_column_text(st, 12), "message",
				history_column_text(st, 13));
	sqlite3_int64 out_bytes = sqlite3_column_int64(st, 17);
	sqlite3_int64 err_bytes = sqlite3_column_int64(st, 18);
	int out_len = sqlite3_column_bytes(st, 19), err_len = sqlite3_column_bytes(st, 20);
	json_t *labels = json_object();
	sqlite3_stmt *lab = NULL;
	int rc = sqlite3_prepare_v2(db, "SELECT key, value FROM labels WHERE seq = ?1 ORDER BY key",
				    -1, &lab, NULL);
	if (rc == SQLITE_OK)
		sqlite3_bind_int64(lab, 1, sqlite3_column_int64(st, 21));
	while (history_next_row(lab, &rc))
		json_object_set_new(labels, (const char *)sqlite3_column_text(lab, 0),
				    history_column_text(lab, 1));
	sqlite3_finalize(lab);
	json_t *rec = json_pack(
	    "{s:o, s:o, s:o, s:b, s:o, s:o, s:o, s:o, s:o, s:o, s:o,"
	    " s:{s:b, s:b, s:I, s:I}, s:o, s:o, s:{s:f, s:f}, s:{s:o}, s:o, s:I}",
	    "id", history_column_text(st, 0), "time",
	    history_json_time(sqlite3_column_int64(st, 1)), "status", history_column_text(st, 5),
	    "ok", sqlite3_column_int(st, 6) != 0, "language", history_column_text(st, 2),
	    "exit_code", history_column_int(st, 7), "signal", signal_json(st, 8), "stdout",
	    history_column_text(st, 19), "stderr", history_column_text(st, 20), "error", err,
	    "deployment", dep, "truncated", "stdout",
	    sqlite3_column_type(st, 19) == SQLITE_NULL || out_bytes > out_len, "stderr",
	    sqlite3_column_type(st, 20) == SQLITE_NULL || err_bytes > err_len, "stdout_bytes",
	    (json_int_t)out_bytes, "stderr_bytes", (json_int_t)err_bytes, "labels", labels,
	    "code_sha256", history_column_text(st, 9), "time_ms", "wall",
	    sqlite3_column_double(st, 14), "cpu", sqlite3_column_double(st, 15), "memory_kb",
	    "peak", history_column_int(st, 16), "code_head", history_column_text(st, 10),
	    "code_bytes", (json_int_t)sqlite3_column_int64(st, 11));
	return rec;
}

json_t *history_show(const char *state_dir, const char *id)
{
	size_t n = strlen(id);
	if (n < 6 || n > 26)
		return error("invalid run id '%s': give the id of the record (26 characters, or "
			     "a unique prefix of at least 6)",
			     id),
		       NULL;
	char key[27];
	for (size_t i = 0; i <= n; i++)
		key[i] = (char)toupper((unsigned char)id[i]);
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)key[i]))
			return error("invalid run id '%s': ids are letters and digits, e.g. "
				     "01M83SNZTSQQ2P35E729FC0JNP",
				     id),
			       NULL;
	/* The latest runs are still in history.log. */
	if (history_import(state_dir, 0, (int64_t)now_wall_ms(), NULL) != 0)
		return NULL;
	sqlite3 *db = NULL;
	char *path = NULL;
	int rc = 0;
	json_t *rec = NULL;
	struct buf dbpath = BUF_INIT;
	buf_printf(&dbpath, "%s/%s", state_dir, HISTORY_DB_NAME);
	bool none = access(buf_cstr(&dbpath), F_OK) != 0;
	buf_release(&dbpath);
	if (none) {
		error_of(ERROR_NOT_FOUND, "no run with id '%s': %s has no history yet", id,
			 front_path(state_dir, "the server"));
		return NULL;
	}
	/* A writer's open: it brings an older database to the schema with the
	 * output heads. */
	int ret = history_open(state_dir, true, &db, &rc, &path);
	if (ret < 0) {
		history_complain(false, "cannot read the history in", path, db, rc);
		goto out;
	}
	sqlite3_stmt *st = NULL;
	rc = sqlite3_prepare_v2(db, show_sql, -1, &st, NULL);
	if (rc == SQLITE_OK)
		sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	int found = 0;
	while (history_next_row(st, &rc)) {
		if (found++) {
			json_decref(rec);
			rec = NULL;
			error("run id prefix '%s' matches more than one run: give more of it", id);
			break;
		}
		rec = row_record(db, st);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_OK) {
		json_decref(rec);
		rec = NULL;
		history_complain(false, "cannot read the history in", path, db, rc);
	} else if (!found) {
		error_of(ERROR_NOT_FOUND,
			 "no run with id '%s' in the history of %s: ids are in the --json record; "
			 "runs with --no-history or past the retention are not kept",
			 id, front_path(state_dir, "the server"));
	}
out:
	if (db)
		sqlite3_close(db);
	free(path);
	return rec;
}

int history_export(const char *state_dir, int64_t since_ms, FILE *out, size_t *n)
{
	*n = 0;
	if (history_import(state_dir, 0, (int64_t)now_wall_ms(), NULL) != 0)
		return -1;
	struct buf dbpath = BUF_INIT;
	buf_printf(&dbpath, "%s/%s", state_dir, HISTORY_DB_NAME);
	bool none = access(buf_cstr(&dbpath), F_OK) != 0;
	buf_release(&dbpath);
	if (none)
		return 0; /* nothing recorded yet: nothing to export */
	sqlite3 *db = NULL;
	char *path = NULL;
	int rc = 0, ret = -1;
	if (history_open(state_dir, true, &db, &rc, &path) < 0) {
		history_complain(false, "cannot read the history in", path, db, rc);
		goto out;
	}
	sqlite3_stmt *st = NULL;
	rc = sqlite3_prepare_v2(db, export_sql, -1, &st, NULL);
	if (rc == SQLITE_OK)
		sqlite3_bind_int64(st, 1, since_ms);
	while (history_next_row(st, &rc)) {
		json_t *rec = row_record(db, st);
		char *line = rec ? json_dumps(rec, JSON_COMPACT) : NULL;
		json_decref(rec);
		if (line && fprintf(out, "%s\n", line) < 0) {
			free(line);
			rc = SQLITE_IOERR;
			break;
		}
		free(line);
		(*n)++;
	}
	sqlite3_finalize(st);
	if (rc == SQLITE_IOERR)
		error("writing the records failed: %s", strerror(errno));
	else if (rc != SQLITE_OK)
		history_complain(false, "cannot read the history in", path, db, rc);
	else
		ret = 0;
out:
	if (db)
		sqlite3_close(db);
	free(path);
	return ret;
}
