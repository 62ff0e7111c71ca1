/* events_log — the live events of every execution on a state directory.
 *
 * STATE/events.log holds one JSON object per line, appended as runs
 * happen (sbx events, GET /v1/events read it). Each line is one write(2)
 * of at most EVENTS_LINE_MAX (PIPE_BUF) bytes with O_APPEND, so lines of
 * many sbx processes never interleave. The log is bounded: past
 * EVENTS_LOG_MAX bytes it is renamed to events.log.1 (the one kept before
 * it) under STATE/events.lock, which writers hold shared while they write:
 * nothing is ever written to a file after it was rotated, so a reader that
 * sees the rotation has only to finish the old file.
 *
 * Publishing is best effort: a log that cannot be written costs one
 * warning per process, never a run's record or exit code.
 *
 * May call: core, util.
 */
#ifndef SBX_EVENTS_LOG_H
#define SBX_EVENTS_LOG_H

#include <jansson.h>
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/request.h"

#define EVENTS_LOG_NAME	 "events.log"
#define EVENTS_LOG_OLD	 "events.log.1"
#define EVENTS_LOCK_NAME "events.lock"
#define EVENTS_LINE_MAX	 PIPE_BUF     /* bytes of one line, its newline included */
#define EVENTS_LOG_MAX	 (8ull << 20) /* rotated past this (SBX_EVENTS_LOG_MAX for tests) */

/* Appends ev (its "event", "ts" and the rest) as one line. A line that
 * would not fit EVENTS_LINE_MAX loses its detail first ("finding"), then
 * its labels, then has its strings cut (and gets "truncated": true): an
 * event is never dropped. Returns 0, or -1 after one warning per process
 * (the caller goes on). */
int events_log_append(const char *state_dir, json_t *ev);

/* The cap in bytes: EVENTS_LOG_MAX, or $SBX_EVENTS_LOG_MAX when it is a
 * number of bytes from 4096 up (the tests rotate small logs). */
uint64_t events_log_max(void);

/* ---- reading (events_follow.c) ---- */

/* What a reader selects. Zero/NULL fields do not filter. */
struct events_filter {
	const struct label *labels; /* all must match */
	size_t nlabels;
	const char *deployment; /* name */
	const char *session;	/* id */
	const char *language;	/* canonical name */
	char since[32];		/* "" or an ISO time as events carry: older are skipped */
};

bool events_filter_match(const struct events_filter *f, json_t *ev);

struct events_reader;

/* Opens the log of state_dir: the events kept (events.log.1, then
 * events.log) when past, else only those appended from now on. follow:
 * events_reader_next waits for more instead of ending. max_lag (0: none):
 * a reader further than this many bytes behind the log's end skips to it
 * and reports the loss (a slow subscriber never holds old events). */
struct events_reader *events_reader_open(const char *state_dir, bool past, bool follow,
					 uint64_t max_lag);
void events_reader_free(struct events_reader *r);
/* Where r stands: the inode of the file being read and the byte offset
 * just past the last event returned (GET /v1/events sends it as the SSE
 * id). false when there is no file yet. */
bool events_reader_pos(const struct events_reader *r, uint64_t *ino, uint64_t *off);
/* For a reader opened with past: go on from a position events_reader_pos
 * gave (a client's Last-Event-ID). false when that file was rotated away or
 * the offset is not a line's start in it: the reader then reads every
 * event kept, and the caller reports the gap. */
bool events_reader_seek(struct events_reader *r, uint64_t ino, uint64_t off);

enum events_next { EVENTS_EVENT, EVENTS_END, EVENTS_LAGGED, EVENTS_WAKE, EVENTS_ERROR };

/* The next event that matches f (*ev, a new reference): EVENTS_EVENT.
 * EVENTS_END: no more (not following). EVENTS_LAGGED: events were lost
 * (rotated away or skipped for max_lag) before the next ones. Following,
 * it waits in poll(2) on inotify and on the nwake fds of wake (POLLIN: a
 * shutdown pipe, a client's socket): EVENTS_WAKE when one is readable or
 * hung up, or when timeout_ms (-1: none) passed without an event.
 * EVENTS_ERROR after a message. */
enum events_next events_reader_next(struct events_reader *r, const struct events_filter *f,
				    const int *wake, size_t nwake, int timeout_ms, json_t **ev);

#endif
