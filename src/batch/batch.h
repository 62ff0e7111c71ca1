/* batch — many requests from one NDJSON input, N at a time, records out in
 * input order (sbx batch). Each request runs in its own process, a fork of
 * the batch that calls the run pipeline (run/job.h) as `sbx run --request -
 * --json` does (`exec-deployment --request -` when it names a deployment),
 * so its sandbox, limits and history record are exactly those of `sbx run`. */
#ifndef SBX_BATCH_H
#define SBX_BATCH_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "run/job.h"

enum batch_format { BATCH_NDJSON, BATCH_JSON, BATCH_TEXT };

struct batch_options {
	unsigned jobs;	      /* -j: children at once; 0: the number of cores */
	const char *input;    /* FILE, or "-" for standard input */
	const char *out_path; /* --out: records appended here (NDJSON); NULL: stdout */
	bool resume;	      /* --resume: skip request ids already in out_path */
	unsigned shard_i;     /* --shard I/N: request k is taken when k % N == I */
	unsigned shard_n;     /* 0: no --shard */
	enum batch_format format;
	bool format_given; /* --format/--json given (with --out: also on stdout) */
	bool quiet;	   /* no progress line, no summary */
	/* Given to every run before its own keys: a run option (run/runopt.h's
	 * RO_*) and its value, as sbx run's parser hands it over. */
	const struct run_job_default *defaults;
	size_t ndefaults;
};

/* Runs the batch; returns sbx batch's exit status: 0 every request ran, 1
 * some requests were invalid, 125 sbx's own failure. */
int batch_run(const struct batch_options *o);

/* sbx batch --merge: the shards' out files (each in input order) merged by
 * the records' "line" into one NDJSON stream on out_path (NULL: stdout).
 * Returns 0 or 125. */
int batch_merge(char *const *paths, size_t npaths, const char *out_path);

/* Records that ran elsewhere (sbx --remote URL batch), printed and summed
 * up as batch_run prints its own (batch_printer.c). open: NULL after a
 * message (--out cannot be opened; --resume, which needs the input here).
 * add steals rec; -1 once writing failed. close returns sbx batch's exit
 * status; complete: every record arrived (else 125). */
struct batch_printer;
struct batch_printer *batch_printer_open(const struct batch_options *o);
int batch_printer_add(struct batch_printer *p, json_t *rec);
int batch_printer_close(struct batch_printer *p, bool complete);

/* Parses --format's value (ndjson, json, text) into *f. -1 after a message. */
int batch_parse_format(const char *s, enum batch_format *f);
/* Parses "I/N" for --shard (0 <= I < N). -1 after a message. */
int batch_parse_shard(const char *s, unsigned *i, unsigned *n);

#endif
