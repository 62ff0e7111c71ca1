/* history_stats_cmd — what `sbx stats` does once its options are taken,
 * for every front (history_stats_cmd.h): the CLI, sbx serve's GET
 * /v1/stats in its runner's fork.
 *
 * history_stats() computes one JSON object; --json prints it as is (the keys
 * are an API, add never rename) and the text view is drawn from the same
 * object, so the two cannot disagree.
 *
 * JSON keys: filters {deployment, language, labels, since, until,
 * code_sha256}, total, succeeded, failed, success_rate (0..1 or null), first,
 * last (ISO times or null), wall_ms / cpu_ms / memory_peak_kb {avg, p50, p95,
 * max} (nearest-rank percentiles), timeouts, memory_limits, output_limits,
 * by_language, by_status, wall_histogram [{min_ms, max_ms, count}], daily
 * [{date, executions, failures}] (UTC days, at most 90), recent_failures
 * [{id, time, language, deployment, status, exit_code, error, code_sha256,
 * wall_ms}], top_code [{code_sha256, executions, failures, last_run}], code
 * (with --code-sha256: {sha256, head, executions [...]}, else null).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "state/history_stats_cmd.h"

#include "core/config.h"
#include "core/lang.h"
#include "state/history.h"
#include "util/opt.h"
#include "util/statedir.h"
#include "util/textout.h"
#include "state/store.h"
#include "util/buf.h"
#include "util/util.h"

#define STATS_BAR_WIDTH 30

static int stats_label(struct stats_query *so, const char *arg)
{
	const char *eq = strchr(arg, '=');
	if (!eq || eq == arg)
		return error("invalid --label '%s': use KEY=VALUE, e.g. --label team=search", arg);
	if (so->f.nlabels == STATS_MAX_LABELS)
		return error("too many --label filters: at most %d", STATS_MAX_LABELS);
	struct label *l = &so->labels[so->f.nlabels++];
	l->key = xstrndup(arg, (size_t)(eq - arg));
	l->value = xstrdup(eq + 1);
	return 0;
}

/* All 64 hex digits, or a prefix of at least 8 (as git takes short hashes). */
static int stats_code(struct stats_query *so, const char *arg)
{
	size_t n = strlen(arg);
	bool hex = n >= 8 && n <= 64;
	for (size_t i = 0; hex && i < n; i++)
		hex = isxdigit((unsigned char)arg[i]) != 0;
	if (!hex)
		return error("invalid --code-sha256 '%s': use the code_sha256 of a result record "
			     "or of 'sbx stats', or its first 8 or more hex digits",
			     arg);
	for (size_t i = 0; i < n; i++)
		so->code[i] = (char)tolower((unsigned char)arg[i]);
	so->code[n] = '\0';
	so->f.code_sha256 = so->code;
	return 0;
}

void stats_query_init(struct stats_query *so)
{
	memset(so, 0, sizeof(*so));
	so->failures = 5;
	so->f.labels = so->labels;
}

void stats_query_release(struct stats_query *so)
{
	for (size_t i = 0; i < so->f.nlabels; i++) {
		free(so->labels[i].key);
		free(so->labels[i].value);
	}
}

int stats_query_set(struct stats_query *so, const char *name, const char *arg)
{
	const struct lang *lang;
	if (!strcmp(name, "format")) {
		if (!strcmp(arg, "text") || !strcmp(arg, "json") || !strcmp(arg, "ndjson")) {
			so->json = strcmp(arg, "text") != 0;
			so->compact = !strcmp(arg, "ndjson"); /* one line */
			return 0;
		}
		return error("invalid --format '%s': use text, json or ndjson", arg);
	}
	if (!strcmp(name, "deployment")) {
		if (store_check_name(arg) != 0)
			return -1;
		so->f.deployment = arg;
		return 0;
	}
	if (!strcmp(name, "language")) {
		lang = lang_by_name(arg);
		if (!lang)
			return error("unknown language '%s': use one of %s", arg, lang_all_names());
		so->f.language = lang->name;
		return 0;
	}
	if (!strcmp(name, "label"))
		return stats_label(so, arg);
	if (!strcmp(name, "since")) {
		so->since_arg = arg;
		return 0;
	}
	if (!strcmp(name, "until")) {
		so->until_arg = arg;
		return 0;
	}
	if (!strcmp(name, "code-sha256"))
		return stats_code(so, arg);
	if (!strcmp(name, "failures"))
		return opt_uint("--failures", arg, 0, HISTORY_MAX_FAILURES, &so->failures);
	return error("internal: stats has no option --%s", name);
}

/* ---- the text view ---- */

static long long jint(json_t *o, const char *key)
{
	return (long long)json_integer_value(json_object_get(o, key));
}

/* 1234567 → "1,234,567". */
static const char *grouped(long long v, char out[32])
{
	char digits[24];
	int n = snprintf(digits, sizeof(digits), "%lld", v < 0 ? -v : v);
	size_t o = 0;
	if (v < 0)
		out[o++] = '-';
	for (int i = 0; i < n; i++) {
		out[o++] = digits[i];
		if ((n - i - 1) % 3 == 0 && i != n - 1)
			out[o++] = ',';
	}
	out[o] = '\0';
	return out;
}

/* Prints at most max characters of untrusted text on one line, escaped
 * (util/textout.h): newlines, escape sequences, C1 and bytes that are not
 * UTF-8 do not reach the terminal. */
static void print_clean(const char *s, size_t max)
{
	size_t chars = 0, n = 0;
	for (; s[n]; n++) {
		if (((unsigned char)s[n] & 0xC0) != 0x80 && chars++ == max)
			break;
	}
	struct buf b = BUF_INIT;
	buf_put_escaped(&b, s, n, false);
	if (s[n])
		buf_puts(&b, "…");
	fputs(buf_cstr(&b), stdout);
	buf_release(&b);
}

static void print_size_kb(double kb)
{
	if (kb >= 1024 * 1024)
		text_printf(stdout, "%9.1fG", kb / (1024 * 1024));
	else if (kb >= 1024)
		text_printf(stdout, "%9.1fM", kb / 1024);
	else
		text_printf(stdout, "%9.0fK", kb);
}

static void print_metrics(json_t *s)
{
	static const char *const cols[] = {"avg", "p50", "p95", "max"};
	text_printf(stdout, "\n  %-12s %10s %10s %10s %10s\n", "", "avg", "p50", "p95", "max");
	json_t *wall = json_object_get(s, "wall_ms"), *cpu = json_object_get(s, "cpu_ms");
	json_t *mem = json_object_get(s, "memory_peak_kb");
	text_printf(stdout, "  %-12s", "wall ms");
	for (int i = 0; i < 4; i++)
		text_printf(stdout, " %10.1f", json_number_value(json_object_get(wall, cols[i])));
	text_printf(stdout, "\n  %-12s", "cpu ms");
	for (int i = 0; i < 4; i++)
		text_printf(stdout, " %10.1f", json_number_value(json_object_get(cpu, cols[i])));
	text_printf(stdout, "\n  %-12s", "peak memory");
	for (int i = 0; i < 4; i++) {
		putchar(' ');
		print_size_kb(json_number_value(json_object_get(mem, cols[i])));
	}
	putchar('\n');
}

/* by language | by status, side by side, largest first. */
static void print_counts(json_t *s)
{
	json_t *cols[2] = {json_object_get(s, "by_language"), json_object_get(s, "by_status")};
	const char *keys[2][32];
	long long vals[2][32];
	size_t n[2] = {0, 0};
	for (int c = 0; c < 2; c++) {
		const char *k;
		json_t *v;
		json_object_foreach(cols[c], k, v)
		{
			if (n[c] == 32)
				break;
			size_t i = n[c]++;
			/* insertion sort by count, descending */
			while (i > 0 && vals[c][i - 1] < json_integer_value(v)) {
				keys[c][i] = keys[c][i - 1];
				vals[c][i] = vals[c][i - 1];
				i--;
			}
			keys[c][i] = k;
			vals[c][i] = json_integer_value(v);
		}
	}
	text_printf(stdout, "\n  %-24s %s\n", "by language", "by status");
	for (size_t i = 0; i < n[0] || i < n[1]; i++) {
		char a[32], b[32];
		if (i < n[0])
			text_printf(stdout, "  %-14s %9s", keys[0][i], grouped(vals[0][i], a));
		else
			text_printf(stdout, "  %24s", "");
		if (i < n[1])
			text_printf(stdout, " %-14s %9s", keys[1][i], grouped(vals[1][i], b));
		putchar('\n');
	}
}

static void print_bar(long long v, long long max)
{
	static const char *const eighths[] = {"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"};
	long long units = max ? v * STATS_BAR_WIDTH * 8 / max : 0;
	if (v > 0 && units == 0)
		units = 1; /* a bucket that has runs is never drawn empty */
	for (long long i = 0; i < units / 8; i++)
		fputs("█", stdout);
	fputs(eighths[units % 8], stdout);
	for (long long i = (units + 7) / 8; i < STATS_BAR_WIDTH; i++)
		putchar(' ');
}

static void print_ms(double ms, char out[16])
{
	if (ms >= 1000)
		snprintf(out, 16, "%gs", ms / 1000);
	else
		snprintf(out, 16, "%gms", ms);
}

static void print_histogram(json_t *s)
{
	json_t *h = json_object_get(s, "wall_histogram");
	long long max = 0;
	for (size_t i = 0; i < json_array_size(h); i++)
		if (jint(json_array_get(h, i), "count") > max)
			max = jint(json_array_get(h, i), "count");
	if (!max)
		return;
	text_printf(stdout, "\n  wall time\n");
	for (size_t i = 0; i < json_array_size(h); i++) {
		json_t *b = json_array_get(h, i);
		char lo[16], hi[16], range[40], c[32];
		print_ms(json_number_value(json_object_get(b, "min_ms")), lo);
		json_t *maxv = json_object_get(b, "max_ms");
		if (json_is_null(maxv)) {
			snprintf(range, sizeof(range), "%s +", lo);
		} else {
			print_ms(json_number_value(maxv), hi);
			snprintf(range, sizeof(range), "%s–%s",
				 i == 0 && !json_number_value(json_object_get(b, "min_ms")) ? "0"
											    : lo,
				 hi);
		}
		/* "–" is 3 bytes but one column: pad by hand. */
		text_printf(stdout, "  %*s  ", 15 + (strstr(range, "–") ? 2 : 0), range);
		print_bar(jint(b, "count"), max);
		text_printf(stdout, " %s\n", grouped(jint(b, "count"), c));
	}
}

static void print_sparkline(json_t *daily, const char *key, const char *title)
{
	static const char *const ticks[] = {"▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"};
	long long max = 0, sum = 0;
	for (size_t i = 0; i < json_array_size(daily); i++) {
		long long v = jint(json_array_get(daily, i), key);
		max = v > max ? v : max;
		sum += v;
	}
	text_printf(stdout, "  %-11s ", title);
	for (size_t i = 0; i < json_array_size(daily); i++) {
		long long v = jint(json_array_get(daily, i), key);
		/* Zero is the floor; any run shows at least one step above it. */
		fputs(ticks[v == 0 ? 0 : 1 + (int)((v - 1) * 6 / (max > 1 ? max - 1 : 1))], stdout);
	}
	char a[32], b[32];
	text_printf(stdout, "  %s total, max %s/day\n", grouped(sum, a), grouped(max, b));
}

static void print_daily(json_t *s)
{
	json_t *daily = json_object_get(s, "daily");
	size_t n = json_array_size(daily);
	if (n == 0)
		return;
	text_printf(stdout, "\n  per day (UTC), %s … %s\n",
		    json_string_value(json_object_get(json_array_get(daily, 0), "date")),
		    json_string_value(json_object_get(json_array_get(daily, n - 1), "date")));
	print_sparkline(daily, "executions", "executions");
	print_sparkline(daily, "failures", "failures");
}

/* "2026-11-15T12:00:00.000Z" → "2026-11-15 12:00:00" */
static void print_time(json_t *t)
{
	const char *s = json_string_value(t);
	text_printf(stdout, "%.10s %.8s", s ? s : "?", s && strlen(s) > 11 ? s + 11 : "");
}

static void print_failures(json_t *s)
{
	json_t *a = json_object_get(s, "recent_failures");
	if (json_array_size(a) == 0)
		return;
	text_printf(stdout, "\n  recent failures\n");
	for (size_t i = 0; i < json_array_size(a); i++) {
		json_t *f = json_array_get(a, i);
		text_printf(stdout, "  ");
		print_time(json_object_get(f, "time"));
		text_printf(stdout, "  %-10s %-13s ",
			    json_string_value(json_object_get(f, "language")),
			    json_string_value(json_object_get(f, "status")));
		json_t *err = json_object_get(f, "error");
		const char *name = json_string_value(json_object_get(err, "name"));
		const char *msg = json_string_value(json_object_get(err, "message"));
		if (name) {
			print_clean(name, 40);
			if (msg && *msg)
				fputs(": ", stdout);
		}
		if (msg)
			print_clean(msg, 60);
		if (!name && !msg) {
			json_t *ec = json_object_get(f, "exit_code");
			if (json_is_integer(ec))
				text_printf(stdout, "exit code %lld",
					    (long long)json_integer_value(ec));
		}
		json_t *dep = json_object_get(f, "deployment");
		if (json_is_object(dep))
			text_printf(stdout, "  [%s@%lld]",
				    json_string_value(json_object_get(dep, "name")),
				    (long long)json_integer_value(json_object_get(dep, "version")));
		text_printf(stdout, "  %s\n", json_string_value(json_object_get(f, "id")));
	}
}

static void print_code(json_t *s)
{
	json_t *code = json_object_get(s, "code");
	if (json_is_object(code)) {
		text_printf(stdout, "\n  code %s\n",
			    json_string_value(json_object_get(code, "sha256")));
		const char *head = json_string_value(json_object_get(code, "head"));
		if (head) {
			text_printf(stdout, "  | ");
			print_clean(head, 70);
			putchar('\n');
		}
		json_t *runs = json_object_get(code, "executions");
		for (size_t i = 0; i < json_array_size(runs); i++) {
			json_t *r = json_array_get(runs, i);
			text_printf(stdout, "  ");
			print_time(json_object_get(r, "time"));
			text_printf(stdout, "  %-13s %9.1f ms  %s\n",
				    json_string_value(json_object_get(r, "status")),
				    json_number_value(json_object_get(r, "wall_ms")),
				    json_string_value(json_object_get(r, "id")));
		}
		return;
	}
	json_t *top = json_object_get(s, "top_code");
	if (json_array_size(top) == 0)
		return;
	text_printf(stdout, "\n  most run code (see one with --code-sha256 PREFIX)\n");
	for (size_t i = 0; i < json_array_size(top); i++) {
		json_t *c = json_array_get(top, i);
		char a[32], b[32];
		text_printf(stdout, "  %.12s  %s run%s, %s failed, last ",
			    json_string_value(json_object_get(c, "code_sha256")),
			    grouped(jint(c, "executions"), a),
			    jint(c, "executions") == 1 ? "" : "s", grouped(jint(c, "failures"), b));
		print_time(json_object_get(c, "last_run"));
		putchar('\n');
	}
}

/* Returns whether any filter is active. */
static bool print_filters(json_t *s)
{
	json_t *f = json_object_get(s, "filters");
	const char *k;
	json_t *v;
	bool any = false;
	json_object_foreach(f, k, v)
	{
		if (json_is_string(v)) {
			text_printf(stdout, "%s %s=", any ? "," : "  filters:", k);
			print_clean(json_string_value(v), 64);
			any = true;
		}
	}
	json_object_foreach(json_object_get(f, "labels"), k, v)
	{
		text_printf(stdout, "%s label ", any ? "," : "  filters:");
		print_clean(k, 32);
		putchar('=');
		print_clean(json_string_value(v), 32);
		any = true;
	}
	if (any)
		putchar('\n');
	return any;
}

static void stats_print_text(json_t *s)
{
	char a[32], b[32], c[32];
	long long total = jint(s, "total");
	text_printf(stdout, "%s execution%s", grouped(total, a), total == 1 ? "" : "s");
	if (total) {
		text_printf(stdout, ", ");
		print_time(json_object_get(s, "first"));
		text_printf(stdout, " … ");
		print_time(json_object_get(s, "last"));
		text_printf(stdout, " UTC");
	}
	putchar('\n');
	bool filtered = print_filters(s);
	if (!total) {
		text_printf(stdout, "  no executions recorded%s\n",
			    filtered ? " that match these filters" : "");
		return;
	}
	text_printf(stdout, "\n  %-14s %9s  %5.1f%%\n", "succeeded",
		    grouped(jint(s, "succeeded"), a),
		    json_number_value(json_object_get(s, "success_rate")) * 100);
	text_printf(stdout, "  %-14s %9s\n", "failed", grouped(jint(s, "failed"), a));
	text_printf(stdout, "  %-14s %9s   memory limit %s   output limit %s\n", "timeouts",
		    grouped(jint(s, "timeouts"), a), grouped(jint(s, "memory_limits"), b),
		    grouped(jint(s, "output_limits"), c));
	print_metrics(s);
	print_counts(s);
	print_histogram(s);
	print_daily(s);
	print_failures(s);
	print_code(s);
}

int stats_query_run(struct stats_query *so)
{
	char *state_dir = NULL;
	json_t *res = NULL;
	int rc = -1;
	int64_t now = (int64_t)now_wall_ms();
	if (so->since_arg &&
	    history_parse_time("--since", so->since_arg, now, false, &so->f.since_ms))
		goto out;
	if (so->until_arg &&
	    history_parse_time("--until", so->until_arg, now, true, &so->f.until_ms))
		goto out;
	if (so->since_arg && so->until_arg && so->f.since_ms >= so->f.until_ms) {
		error("--since %s is not before --until %s: swap them or widen the window",
		      so->since_arg, so->until_arg);
		goto out;
	}
	/* The config names the state directory and the retention. */
	struct config cfg;
	if (config_load(so->config_flag, &cfg) != 0) {
		config_release(&cfg);
		goto out;
	}
	state_dir = statedir_resolve(so->state_dir_flag, config_state_dir(&cfg));
	int retention = config_retention_days(&cfg);
	config_release(&cfg);
	/* Runs only append to history.log: import their lines first, and
	 * prune what is past the retention while the database is open. */
	if (history_import(state_dir, retention, now, NULL) != 0)
		goto out;
	res = history_stats(state_dir, &so->f, (int)so->failures, now);
	if (!res)
		goto out;
	if (so->json) {
		char *text = json_dumps(res, JSON_REAL_PRECISION(10) |
						 (so->compact ? JSON_COMPACT : JSON_INDENT(2)));
		if (text)
			puts(text);
		free(text);
	} else {
		stats_print_text(res);
	}
	rc = 0;
out:
	json_decref(res);
	free(state_dir);
	return rc;
}
