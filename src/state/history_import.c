/* history_import — the read path's first step: the pending lines of
 * history.log into SQLite (STATE/history.db), before any query. Part of the
 * state layer: calls libc, SQLite, jansson, util and the other history_*.c
 * files (database, retention).
 *
 * The import holds an exclusive flock on STATE/history.log.lock, renames
 * history.log to history.log.importing, waits out the writers that still
 * have the old file open, inserts every complete line in one transaction
 * (INSERT OR IGNORE on the unique execution id), applies the retention,
 * commits and unlinks the .importing file. A crash at any point loses
 * nothing: a leftover .importing file is imported first by the next reader,
 * and records it already committed are ignored.
 */
#include "state/history.h"

#include <errno.h>
#include <fcntl.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/buf.h"
#include "state/history_db.h"
#include "util/util.h"

#define HISTORY_MAX_WARNINGS 5 /* rejected lines named one by one per import */

static const char insert_sql[] =
    "INSERT OR IGNORE INTO executions (id, time_ms, language, deployment,"
    " deployment_version, status, ok, exit_code, signal, code_sha256, code_head, code_bytes,"
    " error_name, error_message, wall_ms, cpu_ms, memory_peak_kb, timed_out, stdout_bytes,"
    " stderr_bytes, stdout_head, stderr_head) VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,"
    "?13,?14,?15,?16,?17,?18,?19,?20,?21,?22)";

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
		error_of(ERROR_INTERNAL, "%s", msg);
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
	for (size_t i = 0; rc == SQLITE_OK && i < HISTORY_COLS; i++)
		rc = bind_json(ins, (int)i + 1, json_object_get(rec, history_cols[i].key));
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
		else if (len > 0 && !(rec = history_record_parse(p, len, why))) {
			/* A torn fragment with the next record glued to it: keep
			 * the record, reject the fragment. */
			const char *mark = last_mark(p + 1, nl);
			char why2[160];
			if (mark && (rec = history_record_parse(mark, (size_t)(nl - mark), why2)))
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

/* The import behind every reader (see history_db.h). When the state
 * directory is not ours to write (another user's stats), the pending lines
 * stay, with a warning. */
int history_import_pending(const char *state_dir, int retention_days, int64_t now_ms, bool gc,
			   bool is_warning, const char *what, uint64_t *deleted)
{
	struct import im = {.retention_days = retention_days,
			    .now_ms = now_ms,
			    .is_warning = is_warning,
			    .rejects = BUF_INIT};
	char *log = history_state_file(state_dir, HISTORY_LOG_NAME);
	char *importing = history_state_file(state_dir, HISTORY_LOG_NAME ".importing");
	char *lock = history_state_file(state_dir, HISTORY_LOG_NAME ".lock");
	char *db_path = NULL;
	im.rejected_path = history_state_file(state_dir, HISTORY_LOG_NAME ".rejected");
	sqlite3 *db = NULL;
	int lock_fd = -1, ret = 0, rc = SQLITE_OK;
	struct stat st;
	/* The common case for a reader: nothing pending, no lock, no write. */
	bool pending = lstat(log, &st) == 0 || lstat(importing, &st) == 0;
	if (!pending && !gc)
		goto out;
	db_path = history_state_file(state_dir, HISTORY_DB_NAME);
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
	return history_import_pending(state_dir, retention_days, now_ms, false, false,
				      "cannot read the history in", deleted);
}
