/* batch_tally — counts behind the progress line (a terminal only) and the
 * summary printed at the end: per language and status, verdicts and their
 * pass rate, p50/p95 wall time (nearest rank, as sbx stats). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "batch/batch_int.h"
#include "state/history.h"
#include "util/util.h"
#include "util/textout.h"

#define PROGRESS_EVERY 0.2 /* seconds between progress redraws */

double batch_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void tally_init(struct batch_tally *t, long total, bool progress)
{
	memset(t, 0, sizeof(*t));
	t->total = total;
	t->by_lang = json_object();
	t->started = batch_now();
	t->progress = progress;
}

void tally_record(struct batch_tally *t, json_t *rec)
{
	const char *lang = json_string_value(json_object_get(rec, "language"));
	const char *status = json_string_value(json_object_get(rec, "status"));
	const char *verdict = json_string_value(json_object_get(rec, "verdict"));
	json_t *err = json_object_get(rec, "error");
	t->done++;
	if (status && !strcmp(status, "sbx_error"))
		t->invalid++;
	else if (!status || !strcmp(status, "sandbox_error"))
		t->failures++;
	if (verdict && !strcmp(verdict, "passed"))
		t->passed++;
	else if (verdict)
		t->failed++;
	(void)err;
	json_t *per = json_object_get(t->by_lang, lang ? lang : "none");
	if (!per) {
		per = json_object();
		json_object_set_new(t->by_lang, lang ? lang : "none", per);
	}
	const char *st = status ? status : "unknown";
	json_object_set_new(per, st,
			    json_integer(json_integer_value(json_object_get(per, st)) + 1));
	json_t *wall = json_object_get(json_object_get(rec, "time_ms"), "wall");
	if (json_is_number(wall)) {
		if (t->nwall == t->wall_cap) {
			t->wall_cap = t->wall_cap ? 2 * t->wall_cap : 256;
			t->wall = xrealloc(t->wall, t->wall_cap * sizeof(double));
		}
		t->wall[t->nwall++] = json_number_value(wall);
	}
}

static double rate(const struct batch_tally *t, double now)
{
	double el = now - t->started;
	size_t ran = t->done - t->skipped;
	return el > 0 ? (double)ran / el : 0;
}

void tally_progress(struct batch_tally *t, bool force)
{
	double now = batch_now();
	if (!t->progress || (!force && now - t->last_progress < PROGRESS_EVERY))
		return;
	t->last_progress = now;
	double r = rate(t, now);
	char total[32] = "?", eta[32] = "?";
	if (t->total >= 0) {
		snprintf(total, sizeof(total), "%ld", t->total);
		if (r > 0 && (long)t->done <= t->total)
			snprintf(eta, sizeof(eta), "%.0fs", (double)(t->total - (long)t->done) / r);
	}
	text_printf(stderr, "\r\033[K%zu/%s done, %zu passed, %zu failed, %.1f runs/s, ETA %s",
		    t->done, total, t->passed, t->failed, r, eta);
	fflush(stderr);
}

void tally_resumed(struct batch_tally *t, const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	while ((len = getline(&line, &cap, f)) > 0) {
		json_t *rec = json_loadb(line, (size_t)len, JSON_ALLOW_NUL, NULL);
		if (json_is_object(rec) && json_object_get(rec, "request_id")) {
			size_t done = t->done, invalid = t->invalid, failures = t->failures;
			tally_record(t, rec);
			/* met again as skipped requests: counted there */
			t->done = done;
			t->invalid = invalid;
			t->failures = failures;
			t->resumed++;
		}
		json_decref(rec);
	}
	free(line);
	fclose(f);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

json_t *tally_summary(struct batch_tally *t)
{
	double el = batch_now() - t->started;
	json_t *s = json_object();
	json_object_set_new(s, "requests", json_integer((json_int_t)t->done));
	json_object_set_new(s, "skipped", json_integer((json_int_t)t->skipped));
	json_object_set_new(s, "resumed", json_integer((json_int_t)t->resumed));
	json_object_set_new(s, "invalid", json_integer((json_int_t)t->invalid));
	json_object_set_new(s, "sbx_failures", json_integer((json_int_t)t->failures));
	json_object_set_new(s, "passed", json_integer((json_int_t)t->passed));
	json_object_set_new(s, "failed", json_integer((json_int_t)t->failed));
	json_object_set_new(s, "pass_rate",
			    t->passed + t->failed
				? json_real((double)t->passed / (double)(t->passed + t->failed))
				: json_null());
	if (t->nwall) /* qsort(NULL, 0) is undefined */
		qsort(t->wall, t->nwall, sizeof(double), cmp_double);
	json_t *w = json_object();
	json_object_set_new(w, "p50",
			    t->nwall ? json_real(history_percentile(t->wall, t->nwall, 50))
				     : json_null());
	json_object_set_new(w, "p95",
			    t->nwall ? json_real(history_percentile(t->wall, t->nwall, 95))
				     : json_null());
	json_object_set_new(s, "wall_ms", w);
	json_object_set_new(s, "elapsed_s", json_real(el));
	json_object_set_new(s, "runs_per_s", json_real(rate(t, batch_now())));
	json_object_set(s, "by_language", t->by_lang);
	return s;
}

void tally_print_summary(struct batch_tally *t, json_t *s)
{
	if (t->progress)
		text_printf(stderr, "\r\033[K");
	text_printf(stderr, "sbx batch: %zu requests in %.1f s (%.1f runs/s)", t->done - t->skipped,
		    json_real_value(json_object_get(s, "elapsed_s")),
		    json_real_value(json_object_get(s, "runs_per_s")));
	if (t->skipped)
		text_printf(stderr, ", %zu skipped (already in --out)", t->skipped);
	if (t->resumed) /* the lines below cover the whole batch */
		text_printf(stderr, "; below, with the %zu records of the earlier run", t->resumed);
	if (t->invalid)
		text_printf(stderr, ", %zu invalid", t->invalid);
	if (t->failures)
		text_printf(stderr, ", %zu sbx failures", t->failures);
	fputc('\n', stderr);
	const char *lang, *st;
	json_t *per, *n;
	json_object_foreach(t->by_lang, lang, per)
	{
		text_printf(stderr, "  %-12s", lang);
		json_object_foreach(per, st, n)
		    text_printf(stderr, " %s %lld", st, (long long)json_integer_value(n));
		fputc('\n', stderr);
	}
	if (t->passed + t->failed)
		text_printf(stderr, "  verdicts     passed %zu, failed %zu (%.1f%% pass rate)\n",
			    t->passed, t->failed,
			    100.0 * (double)t->passed / (double)(t->passed + t->failed));
	json_t *w = json_object_get(s, "wall_ms");
	if (t->nwall)
		text_printf(stderr, "  wall ms      p50 %.1f, p95 %.1f\n",
			    json_real_value(json_object_get(w, "p50")),
			    json_real_value(json_object_get(w, "p95")));
}

void tally_release(struct batch_tally *t)
{
	json_decref(t->by_lang);
	free(t->wall);
}
