/* session_persist — the daemon's writes that a reply does not wait for
 * (session_persist.c). */
#ifndef SBX_SESSION_PERSIST_H
#define SBX_SESSION_PERSIST_H

#include <jansson.h>
#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

#define PERSIST_MAX_WAITERS 64

struct persist {
	pthread_t th;
	pthread_mutex_t mu;
	pthread_cond_t work, idle;
	const char *state_dir, *id;
	bool running, busy, quit;
	/* what the thread has still to do, in this order */
	int replay_fd; /* a JavaScript session's replay log to fsync; -1: none */
	json_t *patch; /* the manifest's keys to write; NULL: none */
	int waiters[PERSIST_MAX_WAITERS];
	size_t nwaiters;
};

/* Starts the thread; 0 or -1 after a message (the caller then writes
 * itself: every call below works without the thread, synchronously). */
int persist_start(struct persist *p, const char *state_dir, const char *id);
/* The manifest gets patch's keys (copied; later patches win). */
void persist_manifest(struct persist *p, json_t *patch);
/* fd (a JavaScript session's replay log, already appended; the thread
 * takes it and closes it) is fsynced by the thread. */
void persist_replay(struct persist *p, int fd);
/* fd gets {"synced": true} once everything asked for before is on disk,
 * then is closed. */
void persist_sync_reply(struct persist *p, int fd);
/* Returns once everything asked for is on disk. */
void persist_drain(struct persist *p);
/* Drains, ends the thread. */
void persist_stop(struct persist *p);
/* persist_stop when keep, else ends the thread with what it has not
 * written yet dropped (the daemon lost the session's lease: the manifest
 * is the new holder's). */
void persist_end(struct persist *p, bool keep);

#endif
