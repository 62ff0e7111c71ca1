/* history_stats — the statistics of `sbx stats`: one snapshot of the
 * database, queried under the user's filter (deployment, language, labels,
 * time range, code hash) for totals, percentiles, a wall-time histogram, a
 * per-day series, groups, recent failures and the most-run code. Part of the
 * state layer: calls libc, SQLite, jansson, util and the history database
 * and import.
 */
#include "state/history.h"

#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/buf.h"
#include "state/history_db.h"
#include "util/jsonout.h"
#include "util/util.h"

#define HISTORY_DAILY_MAX 90 /* days in the per-day series */
#define HISTORY_CODE_RUNS 10 /* executions listed for --code-sha256 */
#define HISTORY_TOP_CODE  5

double history_percentile(const double *sorted, size_t n, double p)
{
	if (n == 0)
		return 0;
	/* Nearest rank: the smallest value with at least p% of values <= it. */
	double rank = ceil(p / 100.0 * (double)n);
	size_t i = rank < 1 ? 0 : (size_t)rank - 1;
	return sorted[i < n ? i : n - 1];
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
	if (history_import_pending(state_dir, 0, now_ms, false, false, "cannot read the history in",
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
