/* admission — how many sandboxes run at once, and how many requests may wait.
 *
 * A place is one sandbox running: a run takes one, a batch as many as it
 * runs at once (admission_enter_upto).
 *
 * A request that would exceed both is refused at once (503 with
 * Retry-After), never left hanging; a waiting one runs in arrival order.
 *
 * May call: libc (pthreads).
 */
#ifndef SBX_SERVE_ADMISSION_H
#define SBX_SERVE_ADMISSION_H

#include <pthread.h>
#include <stdbool.h>

struct admission {
	pthread_mutex_t mu;
	pthread_cond_t cv;
	unsigned running, waiting, max_running, max_waiting;
	unsigned open;			    /* requests not yet answered (admission_track) */
	unsigned long next_ticket, serving; /* arrival order of the waiters */
};

void admission_init(struct admission *g, unsigned max_running, unsigned max_waiting);
/* Takes a place (waiting for one if the queue has room): 0, or -1 when both
 * are full. */
int admission_enter(struct admission *g);
/* For a request that runs several sandboxes at once (a batch): waits its
 * turn as admission_enter does, then takes as many of the free places as it
 * wants, at least one. Returns how many it took (it may run that many at
 * once), or 0 when both are full. */
unsigned admission_enter_upto(struct admission *g, unsigned want);
void admission_leave(struct admission *g);
void admission_leave_n(struct admission *g, unsigned n); /* what admission_enter_upto took */
/* A request is being handled (+1) or its answer is sent (-1). */
void admission_track(struct admission *g, int delta);
/* Waits until nothing runs, waits or is unanswered (the shutdown's drain). */
void admission_drain(struct admission *g);
void admission_counts(struct admission *g, unsigned *running, unsigned *waiting);

#endif
