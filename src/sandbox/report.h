/* report — what the child says on fd 3 (SANDBOX_REPORT_FD), read as far as
 * sbx can trust it.
 *
 * Two kinds of writer sit behind fd 3. The embedded engine's child is sbx's
 * own code: the JavaScript it runs has no file descriptors, so its report is
 * trusted for what it saw inside the child (its heap cap or deadline hit, a
 * trapped system call, its heap's peak, the lowered code). An interpreter's
 * report is written by the prelude in the very process that runs the user's
 * code, which can write anything to fd 3 (Python os.write, Java through a
 * FileDescriptor, R through `cat >&3`). From such a report sbx takes only
 * what the code may give — its result, its rich results and the details of
 * its error — and decides everything else (status, exit code, signal, time,
 * memory, sandbox, policy findings) from what it observed itself. Nothing
 * from a report is ever merged into the record as a key of its own.
 *
 * The report is one JSON object (after the rich results streamed ahead of
 * it, report_frames.h, which never reach it); what sbx reads of it:
 *   result    any JSON value (NUL characters in strings included)
 *   results   [{"mime": string, "data": string, "file": string|null,
 *              "truncated": bool, "bytes": N}] (bounded by core/results.h)
 *   error     {"name", "message", "line", "column", "traceback"}
 *   trusted writers only:
 *   status    "memory_limit" | "timeout" | "syscall_blocked"
 *   syscall_nr, memory_peak_kb, extra.lowered
 * Every other key, and every other key inside error or a results item, is
 * dropped.
 */
#ifndef SBX_REPORT_H
#define SBX_REPORT_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/lang.h"
#include "core/request.h"

/* The report is kept up to the per-stream output cap, and at least this
 * much: sbx parses what it keeps, and jansson spends up to ~20 bytes of
 * memory per byte of JSON ("[0,0,0,...]"). */
#define REPORT_MIN_CAP (1u << 20)
/* What the rich results' JSON may take beyond their data (mime types,
 * keys) on top of the cap: RESULTS_MAX_ITEMS entries of ~200 bytes. */
#define REPORT_RESULTS_SLACK (64u << 10)

enum report_state {
	REPORT_NONE,	  /* nothing was written */
	REPORT_OK,	  /* a JSON object */
	REPORT_INVALID,	  /* not one JSON object */
	REPORT_TOO_LARGE, /* over report_cap(): not parsed */
};

struct report {
	enum report_state state;
	json_t *result;	 /* NULL: none */
	json_t *results; /* array, NULL: none */
	json_t *error;	 /* {name, message, line, column, traceback}, NULL: none */
	/* From a trusted writer only. */
	int status;	 /* STATUS_MEMORY_LIMIT, STATUS_TIMEOUT, STATUS_SYSCALL_BLOCKED, or -1 */
	long syscall_nr; /* -1: not given */
	uint64_t memory_peak_kb;
	json_t *lowered; /* a string, NULL: none */
};

/* The most bytes of report sbx keeps and parses for req: the output limit
 * (at least REPORT_MIN_CAP) for the result and error, plus the output limit
 * and REPORT_RESULTS_SLACK for the rich results. */
size_t report_cap(const struct request *req);
/* Parses the kept bytes of a report (len 0: REPORT_NONE). dropped: bytes
 * past the cap (then nothing is parsed). Never fails: rep->state says what
 * came of it. */
void report_parse(const char *data, size_t len, uint64_t dropped, bool trusted, struct report *rep);
void report_release(struct report *rep);
/* True if error is the one the language's runtime raises when an allocation
 * fails (Python MemoryError, Java OutOfMemoryError, R's "cannot allocate").
 * sbx reads it from the error the code reported, so a program that raises
 * it itself is counted the same way; it is only ever asked of a run that
 * exited non-zero. */
bool report_is_oom_error(const struct lang *lang, const json_t *error);

#endif
