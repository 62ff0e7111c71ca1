/* history — the execution history and the statistics drawn from it.
 *
 * Every run and exec-deployment appends one line of JSON to
 * STATE_DIR/history.log (one write(2), no SQLite: ~0.05 ms). Whatever reads
 * the history (sbx stats, sbx gc, sbx get) first imports those lines into
 * SQLite, STATE_DIR/history.db. Recording is best effort: a state directory
 * where the log cannot be written costs a warning on stderr, never the run's
 * output or its exit code; a locked or corrupt database is reported by the
 * reader, and the lines wait in the log until it can import them.
 */
#ifndef SBX_HISTORY_H
#define SBX_HISTORY_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>

#include "core/outcome.h"
#include "core/request.h"

#define HISTORY_DB_NAME "history.db"
/* Its neighbours: NAME.importing (being imported), NAME.lock (the importers'
 * flock), NAME.rejected (lines that were not records, kept for inspection). */
#define HISTORY_LOG_NAME	  "history.log"
#define HISTORY_CODE_HEAD_CHARS	  500	/* characters of the code kept per record */
#define HISTORY_MAX_FAILURES	  1000	/* most recent failures stats will list */
#define HISTORY_OUTPUT_HEAD_BYTES 65536 /* bytes of stdout and of stderr kept per record */

/* One record, flattened from a request and its outcome. Strings are borrowed. */
struct history_entry {
	const char *id;
	int64_t time_ms; /* Unix ms, when the execution ended */
	const char *language;
	const char *deployment; /* NULL for plain runs */
	int deployment_version;
	const char *status; /* status_name() */
	bool ok;
	bool exited; /* exit_code is valid */
	int exit_code;
	int signal;
	const char *code_sha256;
	const char *code;	/* the first HISTORY_CODE_HEAD_CHARS are kept */
	size_t code_len;	/* bytes of code (the head is never read past them) */
	uint64_t code_bytes;	/* the code's size, recorded */
	const char *error_name; /* NULL: no error */
	const char *error_message;
	double wall_ms, cpu_ms;
	uint64_t memory_peak_kb;
	bool timed_out;
	uint64_t stdout_bytes, stderr_bytes;
	const char *stdout_head, *stderr_head; /* the first HISTORY_OUTPUT_HEAD_BYTES are kept */
	size_t stdout_head_len, stderr_head_len;
	const struct label *labels;
	size_t nlabels;
};

/* Fills e from req and out (borrowing their strings), time = now. */
void history_entry_from(struct history_entry *e, const struct request *req,
			const struct outcome *out);

/* Appends one record for a finished run unless req->no_history. Call it after
 * the result was printed. retention_days is unused here: retention is applied
 * when the log is imported (history_import) and by history_gc. Returns 0, or
 * -1 after one warning on stderr: the run's output and exit code must not
 * depend on it. Never opens the database. */
int history_record(const struct request *req, const struct outcome *out, int retention_days);

/* sbx history import: every record of the NDJSON file path ("-": stdin)
 * appended to state_dir's history (history_ingest.c). Each field is
 * checked against what sbx writes; *imported counts the records appended,
 * *known those the history has already (by execution id: not appended
 * again), *skipped those of requests that never ran, *invalid the others
 * that were refused (the first few named in warnings: the line and the
 * field). 0, or -1 after a message (a line that is not JSON, a write that
 * failed). */
struct history_ingest_counts {
	size_t imported, known, skipped, invalid;
};
int history_ingest(const char *state_dir, const char *path, struct history_ingest_counts *c);

/* The same for a prepared entry (unit tests write known records with it).
 * Creates state_dir (mode 0700) and history.log (0600) as needed. */
int history_append(const char *state_dir, const struct history_entry *e);

/* Moves the pending lines of history.log (and a history.log.importing left by
 * an importer that died) into the database, in one transaction, and drops
 * the records older than retention_days days before now_ms (0 keeps
 * everything), adding their number to *deleted (may be NULL). A record
 * already imported is skipped; a line that is not a record, or a last line
 * without its newline, is skipped with a warning and kept in
 * history.log.rejected. Nothing pending: no lock, no write. Returns 0 (also
 * when the state directory is not ours to write: a warning, the lines wait),
 * or -1 after a message naming the file and the fix. */
int history_import(const char *state_dir, int retention_days, int64_t now_ms, uint64_t *deleted);

/* Imports, then deletes the records older than retention_days days before
 * now_ms (0 keeps everything and does nothing) and sets *deleted. A missing
 * history is not an error. Returns 0, or -1 after a message. */
int history_gc(const char *state_dir, int retention_days, int64_t now_ms, uint64_t *deleted);

/* What `sbx stats` selects. Zero/NULL fields do not filter. */
struct history_filter {
	const char *deployment;
	const char *language;	    /* canonical name */
	const struct label *labels; /* all must match */
	size_t nlabels;
	int64_t since_ms;	 /* inclusive; 0: no bound */
	int64_t until_ms;	 /* exclusive; 0: no bound */
	const char *code_sha256; /* lower-case hex, all 64 digits or a prefix */
};

/* Statistics over the selected records as one JSON object (see cmd_stats.c
 * for the keys), after importing the pending lines (without pruning: call
 * history_import first for the configured retention). nfailures: how many
 * recent failures to list. now_ms anchors the per-day series. Returns NULL
 * after a message on error. No history yet gives the statistics of nothing
 * (total 0). */
json_t *history_stats(const char *state_dir, const struct history_filter *f, int nfailures,
		      int64_t now_ms);

/* For `sbx get NAME`: {"executions", "success_rate", "p50_wall_ms",
 * "last_run": {"id", "time", "status"} | null}, after importing the pending
 * lines (without pruning). Never NULL: a missing or unreadable history gives
 * executions 0 (with a warning if unreadable). */
json_t *history_deployment_summary(const char *state_dir, const char *name);

/* For `sbx history show ID`: the stored record of one execution (an id or
 * a unique prefix of at least 6 characters), with the heads of its stdout
 * and stderr, after importing the pending lines. NULL after a message when
 * there is no such run, the prefix is ambiguous or the history is
 * unreadable (history_show.c). */
json_t *history_show(const char *state_dir, const char *id);

/* Nearest-rank percentile (p in 0..100) of sorted values; 0 when n is 0. */
double history_percentile(const double *sorted, size_t n, double p);

/* "2026-11-01T12:00:00.000Z" for Unix ms (UTC). */
void history_format_time(int64_t ms, char out[32]);

/* Parses --since/--until: a duration back from now_ms ("7d", "12h", "30m",
 * "45s", "2w") or an ISO date/time ("2026-11-01", "2026-11-01T12:00",
 * "2026-11-01T12:00:00Z", "...+02:00"; no zone means UTC), or "now". A bare
 * date means its start, or its end when end_of_day (so --until 2026-11-30
 * includes that day). Returns 0, or -1 after a message naming flag. */
int history_parse_time(const char *flag, const char *s, int64_t now_ms, bool end_of_day,
		       int64_t *out);
/* The same without a message (false: not a time): for a server's request
 * threads, where error()'s first-message buffer is not theirs to write. */
bool history_time_value(const char *s, int64_t now_ms, bool end_of_day, int64_t *out);
/* Every stored record that ended at or after since_ms, oldest first, one
 * JSON line each (as `sbx history show --json` gives one, labels and
 * output heads too) to out; *n of them. 0, or -1 after a message. */
int history_export(const char *state_dir, int64_t since_ms, FILE *out, size_t *n);

#endif
