/* Unit tests for the history (history_*.c): record contents, retention, filters, percentiles
 * over a known set of executions, time parsing, damaged databases, and the
 * import of history.log (crash safety, torn and foreign lines). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sched.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "state/history.h"
#include "util/util.h"

#define DAY 86400000LL
/* A fixed "now": 2026-11-15T12:00:00Z. */
#define NOW 1794744000000LL

struct fixture {
	char dir[64];
	char state[96];
	char db[128];
	char log[128];
	char importing[160];
	char rejected[160];
};

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));
	snprintf(fx->dir, sizeof(fx->dir), "/tmp/sbx-test-history.XXXXXX");
	if (!mkdtemp(fx->dir))
		return -1;
	snprintf(fx->state, sizeof(fx->state), "%s/state", fx->dir);
	snprintf(fx->db, sizeof(fx->db), "%s/history.db", fx->state);
	snprintf(fx->log, sizeof(fx->log), "%s/history.log", fx->state);
	snprintf(fx->importing, sizeof(fx->importing), "%s.importing", fx->log);
	snprintf(fx->rejected, sizeof(fx->rejected), "%s.rejected", fx->log);
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;
	char cmd[160];
	snprintf(cmd, sizeof(cmd), "chmod -R u+rwx '%s' && rm -rf '%s'", fx->dir, fx->dir);
	int rc = system(cmd);
	free(fx);
	return rc == 0 ? 0 : -1;
}

/* A plain successful entry; callers adjust fields. */
static struct history_entry entry(const char *id, int64_t time_ms, double wall)
{
	struct history_entry e;
	memset(&e, 0, sizeof(e));
	e.id = id;
	e.time_ms = time_ms;
	e.language = "javascript";
	e.status = "ok";
	e.ok = true;
	e.exited = true;
	e.code_sha256 = "aaaa000000000000000000000000000000000000000000000000000000000000";
	e.code = "1+1";
	e.code_len = 3;
	e.code_bytes = 3;
	e.wall_ms = wall;
	e.cpu_ms = wall / 2;
	e.memory_peak_kb = 1000;
	return e;
}

/* Runs one SQL query that yields one integer. */
static long long query_int(const char *db_path, const char *sql)
{
	sqlite3 *db = NULL;
	sqlite3_stmt *st = NULL;
	long long v = -1;
	if (sqlite3_open_v2(db_path, &db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
	    sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK &&
	    sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	sqlite3_close(db);
	return v;
}

static char *query_text(const char *db_path, const char *sql)
{
	sqlite3 *db = NULL;
	sqlite3_stmt *st = NULL;
	char *v = NULL;
	if (sqlite3_open_v2(db_path, &db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
	    sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK &&
	    sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0))
		v = xstrdup((const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	sqlite3_close(db);
	return v;
}

/* The lines of a file, -1 if it cannot be read. */
static long count_lines(const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	long n = 0;
	int c;
	while ((c = getc(f)) != EOF)
		n += c == '\n';
	fclose(f);
	return n;
}

static char *slurp(const char *path)
{
	struct buf b = BUF_INIT;
	if (read_file(path, 1 << 20, &b) != 0)
		return NULL;
	return buf_detach(&b, NULL);
}

static void put_file(const char *path, const char *data, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, data, len), (ssize_t)len);
	close(fd);
}

static long long count_db(const struct fixture *fx)
{
	return query_int(fx->db, "SELECT count(*) FROM executions");
}

static void test_record_contents(void **state)
{
	struct fixture *fx = *state;
	static const struct lang py = {.id = LANG_PYTHON, .name = "python"};
	struct label labels[] = {{"team", "a"}, {"ticket", "42"}};
	struct request req;
	struct outcome out;
	memset(&req, 0, sizeof(req));
	memset(&out, 0, sizeof(out));
	/* 600 two-byte characters: only the first 500 characters are kept, and
	 * never half a character. */
	char code[1201];
	for (int i = 0; i < 600; i++)
		memcpy(code + 2 * i, "\xc3\xa9", 2);
	code[1200] = '\0';
	req.lang = &py;
	req.code = code;
	req.code_len = 1200;
	memcpy(req.code_sha256, "abc1230000000000000000000000000000000000000000000000000000000000",
	       65);
	memcpy(req.id, "01JTEST0000000000000000001", 27);
	req.labels = labels;
	req.nlabels = 2;
	req.state_dir = fx->state;
	req.deployment_name = "adder";
	req.deployment_version = 3;
	out.status = STATUS_ERROR;
	out.exited = true;
	out.exit_code = 1;
	out.error =
	    json_pack("{s:s,s:s}", "name", "ZeroDivisionError", "message", "division by zero");
	out.wall_ms = 12.5;
	out.cpu_ms = 10.25;
	out.memory_peak_kb = 4096;
	out.out.total = 77;
	out.err.total = 5;

	assert_int_equal(history_record(&req, &out, 30), 0);
	json_decref(out.error);

	struct stat st;
	assert_int_equal(stat(fx->state, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0700);
	/* A run appends one line and never touches the database. */
	assert_int_equal(stat(fx->log, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600);
	assert_int_equal(count_lines(fx->log), 1);
	assert_int_equal(access(fx->db, F_OK), -1);
	/* The reader imports it (retention 0: the record's time is the real now). */
	uint64_t deleted = 99;
	assert_int_equal(history_import(fx->state, 0, NOW, &deleted), 0);
	assert_int_equal(deleted, 0);
	assert_int_equal(access(fx->log, F_OK), -1);
	assert_int_equal(access(fx->importing, F_OK), -1);
	assert_int_equal(query_int(fx->db, "SELECT count(*) FROM executions"), 1);
	assert_int_equal(query_int(fx->db, "SELECT exit_code FROM executions"), 1);
	assert_int_equal(query_int(fx->db, "SELECT ok FROM executions"), 0);
	assert_int_equal(query_int(fx->db, "SELECT deployment_version FROM executions"), 3);
	assert_int_equal(query_int(fx->db, "SELECT memory_peak_kb FROM executions"), 4096);
	assert_int_equal(query_int(fx->db, "SELECT stdout_bytes FROM executions"), 77);
	assert_int_equal(query_int(fx->db, "SELECT length(code_head) FROM executions"), 500);
	assert_int_equal(
	    query_int(fx->db, "SELECT length(CAST(code_head AS BLOB)) FROM executions"), 1000);
	assert_int_equal(query_int(fx->db, "SELECT code_bytes FROM executions"), 1200);
	assert_int_equal(query_int(fx->db, "SELECT count(*) FROM labels"), 2);
	assert_int_equal(query_int(fx->db, "PRAGMA user_version"), 3);
	assert_int_equal(query_int(fx->db, "SELECT signal IS NULL AND cpu_ms = 10.25 AND"
					   " wall_ms = 12.5 AND stderr_bytes = 5 AND timed_out = 0"
					   " FROM executions"),
			 1);
	char *s =
	    query_text(fx->db, "SELECT status || '|' || language || '|' || deployment || '|' ||"
			       " error_name || '|' || error_message || '|' || id FROM executions");
	assert_non_null(s);
	assert_string_equal(s, "error|python|adder|ZeroDivisionError|division by zero|"
			       "01JTEST0000000000000000001");
	free(s);
	s = query_text(fx->db, "PRAGMA journal_mode");
	assert_non_null(s);
	assert_string_equal(s, "wal");
	free(s);

	/* --no-history writes nothing. */
	memcpy(req.id, "01JTEST0000000000000000002", 27);
	req.no_history = true;
	assert_int_equal(history_record(&req, &out, 30), 0);
	assert_int_equal(access(fx->log, F_OK), -1);
	assert_int_equal(history_import(fx->state, 0, NOW, NULL), 0);
	assert_int_equal(query_int(fx->db, "SELECT count(*) FROM executions"), 1);
}

static void test_no_history_creates_nothing(void **state)
{
	struct fixture *fx = *state;
	struct request req;
	struct outcome out;
	memset(&req, 0, sizeof(req));
	memset(&out, 0, sizeof(out));
	req.no_history = true;
	req.state_dir = fx->state;
	assert_int_equal(history_record(&req, &out, 30), 0);
	assert_int_equal(access(fx->state, F_OK), -1);
}

/* 100 executions with wall times 1..100 ms; every 10th fails. */
static void insert_known_set(const char *state_dir)
{
	for (int i = 1; i <= 100; i++) {
		char id[32];
		snprintf(id, sizeof(id), "id%03d", i);
		/* Spread over days: i ms after NOW - (i % 5) days. */
		struct history_entry e = entry(id, NOW - (i % 5) * DAY + i, (double)i);
		if (i % 10 == 0) {
			e.ok = false;
			e.status = i == 100 ? "timeout" : "error";
			e.timed_out = i == 100;
			e.exit_code = 1;
			e.error_name = "Error";
			e.error_message = "boom";
		}
		if (i > 80)
			e.language = "python";
		assert_int_equal(history_append(state_dir, &e), 0);
	}
}

static double num(json_t *o, const char *path_a, const char *path_b)
{
	json_t *v = json_object_get(o, path_a);
	if (path_b)
		v = json_object_get(v, path_b);
	assert_true(json_is_number(v));
	return json_number_value(v);
}

static void test_percentiles_and_counts(void **state)
{
	struct fixture *fx = *state;
	insert_known_set(fx->state);
	struct history_filter f = {0};
	json_t *s = history_stats(fx->state, &f, 3, NOW);
	assert_non_null(s);
	assert_int_equal(num(s, "total", NULL), 100);
	assert_int_equal(num(s, "succeeded", NULL), 90);
	assert_int_equal(num(s, "failed", NULL), 10);
	assert_true(num(s, "success_rate", NULL) == 0.9);
	assert_true(num(s, "wall_ms", "p50") == 50);
	assert_true(num(s, "wall_ms", "p95") == 95);
	assert_true(num(s, "wall_ms", "max") == 100);
	assert_true(num(s, "wall_ms", "avg") == 50.5);
	assert_true(num(s, "cpu_ms", "p50") == 25);
	assert_int_equal(num(s, "memory_peak_kb", "max"), 1000);
	assert_int_equal(num(s, "timeouts", NULL), 1);
	assert_int_equal(num(s, "by_language", "python"), 20);
	assert_int_equal(num(s, "by_language", "javascript"), 80);
	assert_int_equal(num(s, "by_status", "error"), 9);
	/* The three most recent failures, newest first (all are on day 0, at NOW + i). */
	json_t *fails = json_object_get(s, "recent_failures");
	assert_int_equal(json_array_size(fails), 3);
	assert_string_equal(json_string_value(json_object_get(json_array_get(fails, 0), "id")),
			    "id100");
	/* Five days of executions, 20 a day; the failures (i % 10 == 0) are all today. */
	json_t *daily = json_object_get(s, "daily");
	assert_int_equal(json_array_size(daily), 5);
	assert_int_equal(num(json_array_get(daily, 4), "executions", NULL), 20);
	assert_int_equal(num(json_array_get(daily, 4), "failures", NULL), 10);
	assert_int_equal(num(json_array_get(daily, 3), "failures", NULL), 0);
	assert_string_equal(json_string_value(json_object_get(json_array_get(daily, 4), "date")),
			    "2026-11-15");
	/* Histogram buckets add up to the total. */
	json_t *hist = json_object_get(s, "wall_histogram");
	json_int_t sum = 0;
	for (size_t i = 0; i < json_array_size(hist); i++)
		sum += json_integer_value(json_object_get(json_array_get(hist, i), "count"));
	assert_int_equal(sum, 100);
	json_decref(s);

	assert_true(history_percentile((const double[]){7}, 1, 95) == 7);
	assert_true(history_percentile((const double[]){1, 2}, 2, 50) == 1);
	assert_true(history_percentile((const double[]){1, 2}, 2, 51) == 2);
	assert_true(history_percentile(NULL, 0, 50) == 0);
}

static void test_filters(void **state)
{
	struct fixture *fx = *state;
	insert_known_set(fx->state);
	struct label lab[] = {{"team", "blue"}};
	struct history_entry e = entry("labelled", NOW - 1000, 3);
	e.labels = lab;
	e.nlabels = 1;
	e.deployment = "adder";
	e.deployment_version = 2;
	e.code_sha256 = "bbbb000000000000000000000000000000000000000000000000000000000000";
	assert_int_equal(history_append(fx->state, &e), 0);

	struct history_filter f = {.language = "python"};
	json_t *s = history_stats(fx->state, &f, 5, NOW);
	assert_int_equal(num(s, "total", NULL), 20);
	json_decref(s);

	f = (struct history_filter){.labels = lab, .nlabels = 1};
	s = history_stats(fx->state, &f, 5, NOW);
	assert_int_equal(num(s, "total", NULL), 1);
	json_decref(s);

	struct label other[] = {{"team", "red"}};
	f = (struct history_filter){.labels = other, .nlabels = 1};
	s = history_stats(fx->state, &f, 5, NOW);
	assert_int_equal(num(s, "total", NULL), 0);
	assert_true(json_is_null(json_object_get(s, "success_rate")));
	json_decref(s);

	f = (struct history_filter){.deployment = "adder"};
	s = history_stats(fx->state, &f, 5, NOW);
	assert_int_equal(num(s, "total", NULL), 1);
	json_decref(s);

	f = (struct history_filter){.code_sha256 = "bbbb"};
	s = history_stats(fx->state, &f, 5, NOW);
	assert_int_equal(num(s, "total", NULL), 1);
	json_t *code = json_object_get(s, "code");
	assert_int_equal(json_array_size(json_object_get(code, "executions")), 1);
	assert_string_equal(json_string_value(json_object_get(code, "head")), "1+1");
	json_decref(s);

	/* Records of the last day and a half: days 0 and 1, 40 of the set + 1. */
	f = (struct history_filter){.since_ms = NOW - DAY - DAY / 2};
	s = history_stats(fx->state, &f, 5, NOW);
	assert_int_equal(num(s, "total", NULL), 41);
	json_decref(s);
	f = (struct history_filter){.until_ms = NOW - DAY / 2};
	s = history_stats(fx->state, &f, 5, NOW);
	assert_int_equal(num(s, "total", NULL), 80);
	json_decref(s);

	s = history_deployment_summary(fx->state, "adder");
	assert_int_equal(num(s, "executions", NULL), 1);
	assert_true(num(s, "p50_wall_ms", NULL) == 3);
	assert_string_equal(
	    json_string_value(json_object_get(json_object_get(s, "last_run"), "id")), "labelled");
	json_decref(s);
	s = history_deployment_summary(fx->state, "nothing");
	assert_int_equal(num(s, "executions", NULL), 0);
	assert_true(json_is_null(json_object_get(s, "last_run")));
	json_decref(s);
}

static void test_missing_database_is_empty(void **state)
{
	struct fixture *fx = *state;
	struct history_filter f = {0};
	json_t *s = history_stats(fx->state, &f, 5, NOW);
	assert_non_null(s);
	assert_int_equal(num(s, "total", NULL), 0);
	json_decref(s);
	assert_int_equal(access(fx->state, F_OK), -1); /* reading creates nothing */
	uint64_t deleted = 99;
	assert_int_equal(history_gc(fx->state, 30, NOW, &deleted), 0);
	assert_int_equal(deleted, 0);
}

static void test_retention(void **state)
{
	struct fixture *fx = *state;
	struct label lab[] = {{"k", "v"}};
	struct history_entry old = entry("old", NOW - 40 * DAY, 1);
	old.labels = lab;
	old.nlabels = 1;
	assert_int_equal(history_append(fx->state, &old), 0);
	struct history_entry recent = entry("recent", NOW - 10 * DAY, 1);
	assert_int_equal(history_append(fx->state, &recent), 0);

	uint64_t deleted = 0;
	assert_int_equal(history_gc(fx->state, 0, NOW, &deleted), 0); /* 0 keeps all */
	assert_int_equal(deleted, 0);
	assert_int_equal(history_gc(fx->state, 30, NOW, &deleted), 0);
	assert_int_equal(deleted, 1);
	assert_int_equal(query_int(fx->db, "SELECT count(*) FROM executions"), 1);
	assert_int_equal(query_int(fx->db, "SELECT count(*) FROM labels"), 0);
	assert_int_equal(history_gc(fx->state, 5, NOW, &deleted), 0);
	assert_int_equal(deleted, 1);

	/* Pruning at import, the runs' "now and then": retention 0 keeps the
	 * old record, the next import with a retention drops it (and any other
	 * expired one, imported now or before). */
	old = entry("old2", NOW - 40 * DAY, 1);
	assert_int_equal(history_append(fx->state, &old), 0);
	assert_int_equal(history_import(fx->state, 0, NOW, &deleted), 0);
	assert_int_equal(deleted, 0);
	assert_int_equal(query_int(fx->db, "SELECT count(*) FROM executions WHERE id='old2'"), 1);
	struct history_entry w = entry("w1", NOW + 1, 1);
	assert_int_equal(history_append(fx->state, &w), 0);
	old = entry("old3", NOW - 31 * DAY, 1);
	assert_int_equal(history_append(fx->state, &old), 0);
	assert_int_equal(history_import(fx->state, 30, NOW, &deleted), 0);
	assert_int_equal(deleted, 2);
	assert_int_equal(query_int(fx->db, "SELECT count(*) FROM executions WHERE id LIKE 'old%'"),
			 0);
	assert_int_equal(query_int(fx->db, "SELECT count(*) FROM executions"), 1);
}

static void test_parse_time(void **state)
{
	(void)state;
	int64_t t = 0;
	assert_int_equal(history_parse_time("--since", "7d", NOW, false, &t), 0);
	assert_true(t == NOW - 7 * DAY);
	assert_int_equal(history_parse_time("--since", "12h", NOW, false, &t), 0);
	assert_true(t == NOW - 12 * 3600000LL);
	assert_int_equal(history_parse_time("--since", "30m", NOW, false, &t), 0);
	assert_true(t == NOW - 30 * 60000LL);
	assert_int_equal(history_parse_time("--since", "2w", NOW, false, &t), 0);
	assert_true(t == NOW - 14 * DAY);
	assert_int_equal(history_parse_time("--since", "now", NOW, false, &t), 0);
	assert_true(t == NOW);
	assert_int_equal(history_parse_time("--since", "2026-11-15", NOW, false, &t), 0);
	assert_true(t == NOW - 12 * 3600000LL);
	assert_int_equal(history_parse_time("--until", "2026-11-15", NOW, true, &t), 0);
	assert_true(t == NOW + 12 * 3600000LL);
	assert_int_equal(history_parse_time("--since", "2026-11-15T12:00:00Z", NOW, false, &t), 0);
	assert_true(t == NOW);
	assert_int_equal(history_parse_time("--since", "2026-11-15T12:00", NOW, true, &t), 0);
	assert_true(t == NOW);
	assert_int_equal(history_parse_time("--since", "2026-11-15T14:00:00+02:00", NOW, false, &t),
			 0);
	assert_true(t == NOW);
	assert_int_equal(history_parse_time("--since", "2026-11-15T12:00:00.250Z", NOW, false, &t),
			 0);
	assert_true(t == NOW + 250);
	static const char *const bad[] = {"",
					  "7",
					  "d",
					  "7x",
					  "7dd",
					  "-7d",
					  "2026-13-01",
					  "2026-02-30",
					  "2026-11-15T25:00",
					  "2026-11-15Z",
					  "2026-11-15T12:00:00+2",
					  "yesterday",
					  "1e3d"};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_int_equal(history_parse_time("--since", bad[i], NOW, false, &t), -1);

	char buf[32];
	history_format_time(NOW + 5, buf);
	assert_string_equal(buf, "2026-11-15T12:00:00.005Z");
}

static void write_garbage(const char *dir, const char *db)
{
	assert_int_equal(mkdir(dir, 0700), 0);
	int fd = open(db, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	assert_true(fd >= 0);
	char junk[4096];
	memset(junk, 'x', sizeof(junk));
	assert_int_equal(write(fd, junk, sizeof(junk)), (ssize_t)sizeof(junk));
	close(fd);
}

static void test_corrupt_database(void **state)
{
	struct fixture *fx = *state;
	write_garbage(fx->state, fx->db);
	/* The run is recorded all the same: it never opens the database. */
	struct history_entry e = entry("x", NOW, 1);
	e.deployment = "adder";
	e.deployment_version = 1;
	assert_int_equal(history_append(fx->state, &e), 0);
	struct history_filter f = {0};
	assert_null(history_stats(fx->state, &f, 5, NOW));
	assert_int_equal(history_import(fx->state, 30, NOW, NULL), -1);
	uint64_t deleted = 0;
	assert_int_equal(history_gc(fx->state, 30, NOW, &deleted), -1);
	json_t *s = history_deployment_summary(fx->state, "adder");
	assert_int_equal(num(s, "executions", NULL), 0);
	json_decref(s);
	/* The damaged file is left alone for the user to inspect, and the
	 * record waits in the log. */
	struct stat st;
	assert_int_equal(stat(fx->db, &st), 0);
	assert_int_equal(st.st_size, 4096);
	assert_int_equal(count_lines(fx->log), 1);
	/* Moved aside: a new history holds the waiting record. */
	char aside[160];
	snprintf(aside, sizeof(aside), "%s.damaged", fx->db);
	assert_int_equal(rename(fx->db, aside), 0);
	s = history_deployment_summary(fx->state, "adder");
	assert_int_equal(num(s, "executions", NULL), 1);
	json_decref(s);
	assert_int_equal(access(fx->log, F_OK), -1);
}

/* A read-only database: as root, permissions do not apply, so the write is
 * tried in a child that has dropped to nobody. */
static void test_read_only_database(void **state)
{
	struct fixture *fx = *state;
	struct history_entry e = entry("first", NOW, 1);
	assert_int_equal(history_append(fx->state, &e), 0);
	assert_int_equal(history_import(fx->state, 0, NOW, NULL), 0);
	assert_int_equal(chmod(fx->db, 0444), 0);
	assert_int_equal(chmod(fx->state, 0555), 0);
	assert_int_equal(chmod(fx->dir, 0755), 0);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0))
			_exit(3);
		struct history_entry e2 = entry("second", NOW, 1);
		if (history_append(fx->state, &e2) != -1)
			_exit(1);
		/* Nothing pending: the reader reads without writing. */
		struct history_filter f = {0};
		json_t *s = history_stats(fx->state, &f, 5, NOW);
		int code = s && json_integer_value(json_object_get(s, "total")) == 1 ? 0 : 2;
		json_decref(s); /* valgrind checks the child's heap too */
		_exit(code);
	}
	int status = 0;
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	assert_int_equal(query_int(fx->db, "SELECT count(*) FROM executions"), 1);
}

/* The line history_append writes for e (the log is emptied again). */
static char *line_of(const struct fixture *fx, struct history_entry e)
{
	assert_int_equal(history_append(fx->state, &e), 0);
	char *line = slurp(fx->log);
	assert_non_null(line);
	assert_int_equal(unlink(fx->log), 0);
	return line;
}

static void test_import_crash_safety(void **state)
{
	struct fixture *fx = *state;
	struct label lab[] = {{"team", "a"}};
	/* An importer died after renaming the log: its history.log.importing
	 * is imported first, then the log written since. */
	struct history_entry e = entry("a", NOW, 1);
	e.labels = lab;
	e.nlabels = 1;
	assert_int_equal(history_append(fx->state, &e), 0);
	e = entry("b", NOW, 2);
	assert_int_equal(history_append(fx->state, &e), 0);
	assert_int_equal(rename(fx->log, fx->importing), 0);
	e = entry("c", NOW, 3);
	assert_int_equal(history_append(fx->state, &e), 0);
	char *copy = slurp(fx->importing);
	assert_non_null(copy);
	assert_int_equal(history_import(fx->state, 0, NOW, NULL), 0);
	assert_int_equal(count_db(fx), 3);
	assert_int_equal(query_int(fx->db, "SELECT count(*) FROM labels"), 1);
	assert_int_equal(access(fx->importing, F_OK), -1);
	assert_int_equal(access(fx->log, F_OK), -1);

	/* An importer died after its commit, before its unlink: the same lines
	 * come again and are ignored, labels and all; the new one is kept. */
	put_file(fx->importing, copy, strlen(copy));
	e = entry("d", NOW, 4);
	assert_int_equal(history_append(fx->state, &e), 0);
	assert_int_equal(history_import(fx->state, 0, NOW, NULL), 0);
	assert_int_equal(count_db(fx), 4);
	assert_int_equal(query_int(fx->db, "SELECT count(DISTINCT id) FROM executions"), 4);
	assert_int_equal(query_int(fx->db, "SELECT count(*) FROM labels"), 1);
	assert_int_equal(access(fx->importing, F_OK), -1);
	assert_int_equal(access(fx->rejected, F_OK), -1); /* nothing was rejected */
	free(copy);

	/* Nothing pending: a reader takes no lock and writes nothing. */
	struct stat before, after;
	assert_int_equal(stat(fx->db, &before), 0);
	assert_int_equal(history_import(fx->state, 30, NOW, NULL), 0);
	assert_int_equal(stat(fx->db, &after), 0);
	assert_true(before.st_mtime == after.st_mtime && before.st_size == after.st_size);
}

static void test_import_torn_and_foreign_lines(void **state)
{
	struct fixture *fx = *state;
	char *l1 = line_of(fx, entry("r1", NOW, 1));
	char *l2 = line_of(fx, entry("r2", NOW, 2));
	char *l3 = line_of(fx, entry("r3", NOW, 3));
	char *l4 = line_of(fx, entry("r4", NOW, 4));
	/* r1; a line that is no record; r2; a fragment torn at 40 bytes with
	 * r3 glued to it; r4 cut short, without its newline. */
	struct buf log = BUF_INIT, want = BUF_INIT;
	buf_puts(&log, l1);
	buf_puts(&log, "not a record\n");
	buf_puts(&log, l2);
	buf_append(&log, l2, 40);
	buf_puts(&log, l3);
	buf_append(&log, l4, 50);
	put_file(fx->log, log.data, log.len);

	assert_int_equal(history_import(fx->state, 0, NOW, NULL), 0);
	assert_int_equal(count_db(fx), 3);
	assert_int_equal(query_int(fx->db, "SELECT count(*) FROM executions"
					   " WHERE id IN ('r1', 'r2', 'r3')"),
			 3);
	assert_int_equal(access(fx->log, F_OK), -1);
	assert_int_equal(access(fx->importing, F_OK), -1);
	/* What was not imported is not lost: kept byte for byte, a line each. */
	buf_puts(&want, "not a record\n");
	buf_append(&want, l2, 40);
	buf_puts(&want, "\n");
	buf_append(&want, l4, 50);
	buf_puts(&want, "\n");
	char *rejected = slurp(fx->rejected);
	assert_non_null(rejected);
	assert_string_equal(rejected, buf_cstr(&want));
	struct stat st;
	assert_int_equal(stat(fx->rejected, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600);

	/* Nothing is left over for the next import to reject again. */
	struct history_entry e = entry("r5", NOW, 5);
	assert_int_equal(history_append(fx->state, &e), 0);
	assert_int_equal(history_import(fx->state, 0, NOW, NULL), 0);
	assert_int_equal(count_db(fx), 4);
	free(rejected);
	rejected = slurp(fx->rejected);
	assert_string_equal(rejected, buf_cstr(&want));
	free(rejected);
	free(l1);
	free(l2);
	free(l3);
	free(l4);
	buf_release(&log);
	buf_release(&want);
}

/* Whether pid waits for a flock (a "->" line in /proc/locks). */
static bool waits_on_flock(pid_t pid)
{
	FILE *f = fopen("/proc/locks", "r");
	if (!f)
		return false;
	char line[256], want[32];
	snprintf(want, sizeof(want), " %d ", (int)pid);
	bool found = false;
	while (fgets(line, sizeof(line), f))
		found |= strstr(line, "-> FLOCK") && strstr(line, want);
	fclose(f);
	return found;
}

/* A line being written when the importer comes is neither torn nor lost:
 * the importer waits for the writer's shared lock. */
static void test_import_waits_for_writer(void **state)
{
	struct fixture *fx = *state;
	char *line = line_of(fx, entry("slow", NOW, 1));
	size_t len = strlen(line), half = len / 2;
	int fd = open(fx->log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
	assert_true(fd >= 0);
	assert_int_equal(flock(fd, LOCK_SH), 0);
	assert_int_equal(write(fd, line, half), (ssize_t)half);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		close(fd);  /* the lock is the parent's: shared by the open file */
		free(line); /* the parent's copy: valgrind checks the child's heap too */
		_exit(history_import(fx->state, 0, NOW, NULL) == 0 ? 0 : 1);
	}
	/* Until the importer blocks on our lock (or, were it wrong, is done). */
	int status = 0;
	pid_t done = 0;
	while (!waits_on_flock(pid) && (done = waitpid(pid, &status, WNOHANG)) == 0)
		sched_yield();
	assert_int_equal(write(fd, line + half, len - half), (ssize_t)(len - half));
	close(fd);
	if (!done)
		assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	assert_int_equal(count_db(fx), 1);
	assert_int_equal(access(fx->rejected, F_OK), -1);
	assert_int_equal(access(fx->log, F_OK), -1);
	free(line);
}

/* A run never opens history.db: one that no SQLite can open (a directory)
 * costs the run nothing; the reader reports it, and the record waits. */
static void test_runs_never_open_database(void **state)
{
	struct fixture *fx = *state;
	assert_int_equal(mkdir(fx->state, 0700), 0);
	assert_int_equal(mkdir(fx->db, 0700), 0);
	struct history_entry e = entry("r", NOW, 1);
	assert_int_equal(history_append(fx->state, &e), 0);
	struct history_filter f = {0};
	assert_null(history_stats(fx->state, &f, 5, NOW));
	assert_int_equal(count_lines(fx->log), 1);
	assert_int_equal(rmdir(fx->db), 0);
	json_t *s = history_stats(fx->state, &f, 5, NOW);
	assert_non_null(s);
	assert_int_equal(num(s, "total", NULL), 1);
	json_decref(s);

	/* A record too large for one line is refused whole, with a warning. */
	char *big = xmalloc(1200000);
	memset(big, 'x', 1199999);
	big[1199999] = '\0';
	struct label lab[] = {{"big", big}};
	e = entry("big", NOW, 1);
	e.labels = lab;
	e.nlabels = 1;
	assert_int_equal(history_append(fx->state, &e), -1);
	assert_int_equal(access(fx->log, F_OK), -1);
	free(big);
}

/* The first 64 KiB of stdout and stderr are kept, and shown by id. */
static void test_output_heads(void **state)
{
	struct fixture *fx = *state;
	char *big = xmalloc(70001);
	memset(big, 'a', 70000);
	big[70000] = '\0';
	struct history_entry e = entry("01HEADSTEST000000000000000", NOW, 1);
	e.stdout_head = big;
	e.stdout_head_len = 70000;
	e.stdout_bytes = 90000;
	e.stderr_head = "err\n";
	e.stderr_head_len = 4;
	e.stderr_bytes = 4;
	assert_int_equal(history_append(fx->state, &e), 0);
	json_t *rec = history_show(fx->state, "01headstest");
	assert_non_null(rec);
	assert_int_equal(json_string_length(json_object_get(rec, "stdout")), 65536);
	assert_string_equal(json_string_value(json_object_get(rec, "stderr")), "err\n");
	json_t *tr = json_object_get(rec, "truncated");
	assert_true(json_is_true(json_object_get(tr, "stdout")));
	assert_true(json_is_false(json_object_get(tr, "stderr")));
	assert_int_equal(json_integer_value(json_object_get(tr, "stdout_bytes")), 90000);
	json_decref(rec);
	assert_null(history_show(fx->state, "01HEADSXXXX"));
	assert_null(history_show(fx->state, "abc"));
	free(big);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_record_contents, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_no_history_creates_nothing, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_percentiles_and_counts, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_filters, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_missing_database_is_empty, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_retention, setup, teardown),
	    cmocka_unit_test(test_parse_time),
	    cmocka_unit_test_setup_teardown(test_corrupt_database, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_read_only_database, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_import_crash_safety, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_import_torn_and_foreign_lines, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_import_waits_for_writer, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_output_heads, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_runs_never_open_database, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
