/* conn_guard — the deadline of a connection's first request (conn_guard.h). */
#include "serve/conn_guard.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#include "util/util.h"

struct conn_guard_entry {
	int fd;
	uint64_t deadline_ms;
	bool listed; /* in g->waiting */
	struct conn_guard_entry *prev, *next;
};

static uint64_t now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

static void unlist(struct conn_guard *g, struct conn_guard_entry *e)
{
	if (!e->listed)
		return;
	if (e->prev)
		e->prev->next = e->next;
	else
		g->waiting = e->next;
	if (e->next)
		e->next->prev = e->prev;
	else
		g->last = e->prev;
	e->prev = e->next = NULL;
	e->listed = false;
}

/* The list is in accept order, so in deadline order: the first entry is
 * the next to expire. */
static void *watch(void *arg)
{
	struct conn_guard *g = arg;
	pthread_mutex_lock(&g->mu);
	while (!g->stop) {
		struct conn_guard_entry *e = g->waiting;
		if (!e) {
			pthread_cond_wait(&g->cv, &g->mu);
			continue;
		}
		uint64_t now = now_ms();
		if (now < e->deadline_ms) {
			struct timespec until = {.tv_sec = (time_t)(e->deadline_ms / 1000),
						 .tv_nsec =
						     (long)(e->deadline_ms % 1000) * 1000000};
			pthread_cond_timedwait(&g->cv, &g->mu, &until);
			continue;
		}
		/* Still open: its close takes this lock first. */
		shutdown(e->fd, SHUT_RDWR);
		unlist(g, e);
		g->shut++;
	}
	pthread_mutex_unlock(&g->mu);
	return NULL;
}

int conn_guard_start(struct conn_guard *g, uint64_t head_ms)
{
	memset(g, 0, sizeof(*g));
	g->head_ms = head_ms;
	pthread_condattr_t ca;
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_mutex_init(&g->mu, NULL);
	pthread_cond_init(&g->cv, &ca);
	pthread_condattr_destroy(&ca);
	int rc = pthread_create(&g->thread, NULL, watch, g);
	if (rc != 0)
		return error("cannot start the connections' deadline thread: %s", strerror(rc));
	g->running = true;
	return 0;
}

void conn_guard_stop(struct conn_guard *g)
{
	if (!g->running)
		return;
	pthread_mutex_lock(&g->mu);
	g->stop = true;
	pthread_cond_broadcast(&g->cv);
	pthread_mutex_unlock(&g->mu);
	pthread_join(g->thread, NULL);
	g->running = false;
}

struct conn_guard_entry *conn_guard_open(struct conn_guard *g, int fd)
{
	struct conn_guard_entry *e = xcalloc(1, sizeof(*e));
	e->fd = fd;
	pthread_mutex_lock(&g->mu);
	e->deadline_ms = now_ms() + g->head_ms;
	/* at the tail: the latest deadline */
	e->prev = g->last;
	if (g->last)
		g->last->next = e;
	else
		g->waiting = e;
	g->last = e;
	e->listed = true;
	if (!e->prev) /* the thread may be waiting with nothing to watch */
		pthread_cond_broadcast(&g->cv);
	pthread_mutex_unlock(&g->mu);
	return e;
}

void conn_guard_pass(struct conn_guard *g, struct conn_guard_entry *e)
{
	if (!e)
		return;
	pthread_mutex_lock(&g->mu);
	unlist(g, e);
	pthread_mutex_unlock(&g->mu);
}

void conn_guard_close(struct conn_guard *g, struct conn_guard_entry *e)
{
	if (!e)
		return;
	pthread_mutex_lock(&g->mu);
	unlist(g, e);
	pthread_mutex_unlock(&g->mu);
	free(e);
}
