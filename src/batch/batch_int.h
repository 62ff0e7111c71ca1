/* batch internals: the input reader, the id set, the record sink and the
 * tally, shared by the files of src/batch/. */
#ifndef SBX_BATCH_INT_H
#define SBX_BATCH_INT_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "batch/batch.h"

/* The longest request line read: sbx run --request's own bound (code limit
 * + 4/3 of the files limit + 1 MiB) is checked by the child; this one only
 * keeps a runaway line from filling memory. Longer lines become invalid
 * records; the rest of the line is skipped. */
#define BATCH_LINE_MAX	  ((size_t)64 << 20)
#define BATCH_ID_MAX	  200		      /* bytes of an "id", as sbx run --request takes */
#define BATCH_RECORD_MAX  ((size_t)256 << 20) /* one child's record */
#define BATCH_WINDOW_MULT 4		      /* records started but unwritten: 4 × -j */
#define BATCH_FSYNC_MS	  1000		      /* --out is fsync'd at least this often */

/* One input line, as the batch sees it before a child does. */
struct batch_item {
	size_t line;  /* 1-based input line number */
	size_t index; /* 0-based request number (non-blank lines), for --shard */
	char *id;     /* "id", or the line number as a string when it has none */
	char *text;   /* the line: the request the worker runs */
	size_t len;
	bool deployment; /* names a "deployment": run as exec-deployment runs it */
	char error[512]; /* non-empty: the line is invalid, this says why */
};

struct batch_input;
/* FILE or "-". NULL after a message. */
struct batch_input *batch_input_open(const char *path);
/* The same over an open stream (not closed by batch_input_close). */
struct batch_input *batch_input_from(FILE *f);
/* The next non-blank line: 1 with *it filled, 0 at the end, -1 on a read
 * error (after a message). */
int batch_input_next(struct batch_input *in, struct batch_item *it);
void batch_input_close(struct batch_input *in);
void batch_item_release(struct batch_item *it);
/* Non-blank lines of a regular file (for the progress line's total); -1
 * when the input is not a regular file. */
long batch_count_requests(const char *path);

/* A set of strings (request ids). */
struct idset {
	char **slot;
	size_t cap, n;
};
bool idset_has(const struct idset *s, const char *id);
void idset_add(struct idset *s, const char *id); /* no-op when present */
void idset_release(struct idset *s);

/* The record of a line sbx batch itself refused (same shape as sbx run's
 * sbx_error record, with "line" and "request_id"). */
json_t *batch_invalid_record(const struct batch_item *it);

/* The tally behind the progress line and the summary. */
struct batch_tally {
	long total; /* requests to run, or -1 when unknown */
	size_t done, skipped, invalid, failures, passed, failed;
	size_t resumed;	 /* records of an earlier run read back from --out (--resume) */
	json_t *by_lang; /* {language: {status: count}} */
	double *wall;	 /* wall times (ms) of the runs */
	size_t nwall, wall_cap;
	double started; /* monotonic seconds */
	double last_progress;
	bool progress; /* a progress line on stderr (a terminal) */
};
void tally_init(struct batch_tally *t, long total, bool progress);
void tally_record(struct batch_tally *t, json_t *rec);
/* --resume: the records an earlier run left in path counted in the
 * summary (languages, statuses, verdicts, wall times) as the runs they
 * are; the requests themselves are counted as skipped when met. */
void tally_resumed(struct batch_tally *t, const char *path);
void tally_progress(struct batch_tally *t, bool force);
json_t *tally_summary(struct batch_tally *t);
void tally_print_summary(struct batch_tally *t, json_t *summary);
void tally_release(struct batch_tally *t);
double batch_now(void);

/* Where records go: stdout and/or --out, in the chosen format. */
struct batch_sink {
	const struct batch_options *o;
	int out_fd; /* --out, or -1 */
	double last_sync;
	json_t *all; /* --format json: every record, printed at the end */
	bool text_header;
};
/* Opens --out (with --resume: repairs a torn last line and fills *done
 * with the ids already there). -1 after a message. */
int sink_open(struct batch_sink *s, const struct batch_options *o, struct idset *done);
/* Writes one record (steals it). -1 on a write error (after a message). */
int sink_write(struct batch_sink *s, json_t *rec);
/* Flushes, fsyncs, prints --format json's document. -1 on error. */
int sink_close(struct batch_sink *s, json_t *summary);

/* In a fork of the batch: prepares and runs the request of it as `sbx run
 * --request - --json` would, its record on out_fd and its messages on
 * err_fd, and exits with sbx run's exit status. Never returns. go_fd is
 * the turn's channel: a socket on which the worker writes "w" when its
 * sandbox is ready to start and "d" as soon as the sandbox has ended, and
 * reads "g" (its turn) in between, as many times as the run starts a
 * sandbox (Java: the compiler, then the program); or a pipe that gives
 * one turn, kept to the end of the run. A request refused before its
 * sandbox (invalid, blocked by the policy) never asks for a turn. EOF
 * instead of "g": the batch is gone, and the worker exits without a
 * record or a history line. */
_Noreturn void batch_worker_run(const struct batch_options *o, const struct batch_item *it,
				int go_fd, int out_fd, int err_fd);
/* Blocks until a "g" comes down go_fd: true, or false when the batch is
 * gone (then nothing may run: nobody would read the record). */
bool batch_worker_wait_turn(int go_fd);

/* The child pool: runs the items and hands back their records in input
 * order through sink. Returns the batch's exit status. */
int batch_pool_run(const struct batch_options *o, struct batch_input *in, struct idset *done,
		   struct batch_sink *sink, struct batch_tally *tally);

#endif
