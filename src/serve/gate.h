/* gate — how many requests run at once, and how many may wait.
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
void gate_leave(struct gate *g);
/* A request is being handled (+1) or its answer is sent (-1). */
void gate_track(struct gate *g, int delta);
/* Waits until nothing runs, waits or is unanswered (the shutdown's drain). */
void gate_drain(struct gate *g);
void gate_counts(struct gate *g, unsigned *running, unsigned *waiting);

#endif
