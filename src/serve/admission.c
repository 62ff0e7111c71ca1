/* admission — bounded concurrency with a bounded, ordered queue (admission.h). */
#include "serve/admission.h"

void admission_init(struct admission *g, unsigned max_running, unsigned max_waiting)
{
	pthread_mutex_init(&g->mu, NULL);
	pthread_cond_init(&g->cv, NULL);
	g->running = g->waiting = g->open = 0;
	g->max_running = max_running;
	g->max_waiting = max_waiting;
	g->next_ticket = g->serving = 0;
}

/* Up to want of the free places (the caller made sure one is free). */
static unsigned take(struct admission *g, unsigned want)
{
	unsigned n = g->max_running - g->running;
	if (want < n)
		n = want;
	g->running += n;
	return n;
}

unsigned admission_enter_upto(struct admission *g, unsigned want)
{
	if (want == 0)
		want = 1;
	pthread_mutex_lock(&g->mu);
	if (g->running < g->max_running && g->waiting == 0) {
		unsigned n = take(g, want);
		pthread_mutex_unlock(&g->mu);
		return n;
	}
	if (g->waiting >= g->max_waiting) {
		pthread_mutex_unlock(&g->mu);
		return 0;
	}
	unsigned long ticket = g->next_ticket++;
	g->waiting++;
	while (ticket != g->serving || g->running >= g->max_running)
		pthread_cond_wait(&g->cv, &g->mu);
	g->serving++;
	g->waiting--;
	unsigned n = take(g, want);
	pthread_cond_broadcast(&g->cv);
	pthread_mutex_unlock(&g->mu);
	return n;
}

int admission_enter(struct admission *g)
{
	return admission_enter_upto(g, 1) ? 0 : -1;
}

void admission_leave_n(struct admission *g, unsigned n)
{
	pthread_mutex_lock(&g->mu);
	g->running -= n;
	pthread_cond_broadcast(&g->cv);
	pthread_mutex_unlock(&g->mu);
}

void admission_leave(struct admission *g)
{
	admission_leave_n(g, 1);
}

void admission_drain(struct admission *g)
{
	pthread_mutex_lock(&g->mu);
	while (g->running || g->waiting || g->open)
		pthread_cond_wait(&g->cv, &g->mu);
	pthread_mutex_unlock(&g->mu);
}

void admission_counts(struct admission *g, unsigned *running, unsigned *waiting)
{
	pthread_mutex_lock(&g->mu);
	*running = g->running;
	*waiting = g->waiting;
	pthread_mutex_unlock(&g->mu);
}

void admission_track(struct admission *g, int delta)
{
	pthread_mutex_lock(&g->mu);
	g->open = (unsigned)((int)g->open + delta);
	pthread_cond_broadcast(&g->cv);
	pthread_mutex_unlock(&g->mu);
}
