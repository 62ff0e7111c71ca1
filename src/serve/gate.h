/* gate — how many sandboxes run at once, and how many requests may wait.
 *
 * A place is one sandbox running: a run takes one, a batch as many as it
 * runs at once (gate_enter_upto).
 *
 * A request that would exceed both is refused at once (503 with
 * Retry-After), never left hanging; a waiting one runs in arrival order.
 *
 * May call: libc (pthreads).
 */
#ifndef SBX_SERVE_GATE_H
#define SBX_SERVE_GATE_H

#include <pthread.h>
#include <stdbool.h>

struct gate {
	pthread_mutex_t mu;
	pthread_cond_t cv;
	unsigned running, waiting, max_running, max_waiting;
	unsigned open;			    /* requests not yet answered (gate_track) */
	unsigned long next_ticket, serving; /* arrival order of the waiters */
};

void gate_init(struct gate *g, unsigned max_running, unsigned max_waiting);
/* Takes a place (waiting for one if the queue has room): 0, or -1 when both
 * are full. */
int gate_enter(struct gate *g);
/* For a request that runs several sandboxes at once (a batch): waits its
 * turn as gate_enter does, then takes as many of the free places as it
 * wants, at least one. Returns how many it took (it may run that many at
 * once), or 0 when both are full. */
unsigned gate_enter_upto(struct gate *g, unsigned want);
void gate_leave(struct gate *g);
void gate_leave_n(struct gate *g, unsigned n); /* what gate_enter_upto took */
/* A request is being handled (+1) or its answer is sent (-1). */
void gate_track(struct gate *g, int delta);
/* Waits until nothing runs, waits or is unanswered (the shutdown's drain). */
void gate_drain(struct gate *g);
void gate_counts(struct gate *g, unsigned *running, unsigned *waiting);

#endif
