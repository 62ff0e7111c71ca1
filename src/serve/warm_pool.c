/* warm_pool — sbx serve's warm sandboxes (warm_pool.h). */
#include "serve/warm_pool.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/config.h"
#include "core/lang.h"
#include "run/warm_run.h"
#include "serve/api.h"
#include "serve/request_plan.h"
#include "serve/runner.h"
#include "util/util.h"

#define REFILL_CHECK_MS 1000 /* how often the ready ones are checked alive */
#define FAILURES_MAX	3    /* ended unused in a row: the pool is turned off */

/* A started sandbox, set up or still setting up. */
struct waiting {
	struct request_child_fds f;
	bool set_up; /* it said it waits at its gate (WARM_SET_UP on its stderr) */
};

struct pool {
	const struct lang *lang;
	unsigned size;
	char *match_job; /* a request's job that the pool answers (runner_job.h) */
	char *warm_job;	 /* the same as a "warm" job of its language */
	struct waiting *ready;
	unsigned nready;
	unsigned failures;
	bool off;
};

static struct {
	pthread_mutex_t mu;
	pthread_cond_t cv;
	pthread_t refiller;
	bool started, stopping, refilling;
	struct pool pools[LANG_COUNT];
	unsigned npools;
} W = {.mu = PTHREAD_MUTEX_INITIALIZER, .cv = PTHREAD_COND_INITIALIZER};

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

/* Ends one that will not be used: end of its input, then its exit. */
static void discard(struct request_child_fds *f)
{
	close_fd(&f->in);
	close_fd(&f->out);
	close_fd(&f->err);
	if (f->status >= 0)
		(void)runner_wait(f->status); /* closes it */
	f->status = -1;
	close_fd(&f->pidfd);
}

/* Still waiting for its request? It has not ended and printed nothing but
 * the byte that says it is set up (read here, once). */
static bool alive(struct waiting *w)
{
	for (;;) {
		struct request_child_fds *f = &w->f;
		struct pollfd p[3] = {
		    {f->pidfd, POLLIN, 0}, {f->out, POLLIN, 0}, {f->err, POLLIN, 0}};
		if (poll(p, 3, 0) == 0)
			return true;
		char b;
		if (w->set_up || p[0].revents || p[1].revents || !(p[2].revents & POLLIN) ||
		    read(f->err, &b, 1) != 1 || b != WARM_SET_UP)
			return false;
		w->set_up = true;
	}
}

static int launch(struct pool *p, struct request_child_fds *f)
{
	int in[2], out[2], err[2];
	if (pipe2(in, O_CLOEXEC) != 0)
		return -1;
	if (pipe2(out, O_CLOEXEC) != 0) {
		close(in[0]);
		close(in[1]);
		return -1;
	}
	if (pipe2(err, O_CLOEXEC) != 0) {
		int *ends[] = {in, out};
		for (int i = 0; i < 2; i++)
			close(ends[i][0]), close(ends[i][1]);
		return -1;
	}
	f->status = runner_launch(p->warm_job, in[0], out[1], err[1], &f->pid, &f->pidfd);
	close(in[0]);
	close(out[1]);
	close(err[1]);
	f->in = in[1];
	f->out = out[0];
	f->err = err[0];
	if (f->status < 0) {
		close_fd(&f->in);
		close_fd(&f->out);
		close_fd(&f->err);
		return -1;
	}
	return 0;
}

/* One more sandbox for p into *w; -1 after a message when none can start
 * (the caller turns the pool off). */
static int start_one(struct pool *p, struct waiting *w)
{
	*w = (struct waiting){.f = {.pidfd = -1, .status = -1, .in = -1, .out = -1, .err = -1}};
	if (launch(p, &w->f) == 0)
		return 0;
	fprintf(stderr, "sbx: cannot start a warm %s sandbox (%s): its runs start cold\n",
		p->lang->name, strerror(errno));
	return -1;
}

/* A sandbox that ended unused counts against its pool. Under W.mu. */
static void failed(struct pool *p)
{
	if (++p->failures >= FAILURES_MAX && !p->off) {
		p->off = true;
		fprintf(stderr,
			"sbx: the warm %s sandboxes keep ending before any request: the pool is "
			"off and %s runs start cold (try `sbx run -l %s -e pass` for the "
			"reason)\n",
			p->lang->name, p->lang->name, p->lang->name);
	}
}

/* Drops the ready ones that ended. Under W.mu. */
static void prune(struct pool *p)
{
	for (unsigned i = 0; i < p->nready;) {
		if (alive(&p->ready[i])) {
			i++;
			continue;
		}
		struct waiting w = p->ready[i];
		p->ready[i] = p->ready[--p->nready];
		discard(&w.f);
		failed(p);
	}
}

static void *refill(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&W.mu);
	while (!W.stopping) {
		struct pool *want = NULL;
		for (unsigned i = 0; i < W.npools; i++) {
			prune(&W.pools[i]);
			if (!want && !W.pools[i].off && W.pools[i].nready < W.pools[i].size)
				want = &W.pools[i];
		}
		if (!want) {
			struct timespec ts;
			clock_gettime(CLOCK_REALTIME, &ts);
			ts.tv_sec += REFILL_CHECK_MS / 1000;
			pthread_cond_timedwait(&W.cv, &W.mu, &ts);
			continue;
		}
		pthread_mutex_unlock(&W.mu);
		struct waiting w;
		int rc = start_one(want, &w);
		pthread_mutex_lock(&W.mu);
		if (rc != 0) {
			want->off = true;
		} else if (W.stopping) {
			pthread_mutex_unlock(&W.mu);
			discard(&w.f);
			pthread_mutex_lock(&W.mu);
		} else {
			want->ready[want->nready++] = w;
		}
	}
	pthread_mutex_unlock(&W.mu);
	return NULL;
}

/* The job a plain run of lang gets from the API (handler.c's way), and
 * the warm one made from it. */
static int request_jobs(const struct serve_config *cfg, const struct lang *lang, struct pool *p)
{
	struct api_route r = {.op = API_RUN, .has_body = true, .spawns = true, .streams = true};
	struct api_query q = {0};
	struct api_error e = {0};
	struct request_plan args;
	json_t *body = json_pack("{s:s, s:s}", "language", lang->name, "code", "");
	int rc = request_plan_build(&r, body, &q, "json", cfg->state_dir, cfg->config, &args, &e);
	json_decref(body);
	if (rc == 0) { /* the HTTP front's: `sbx --remote`'s runs (front "cli") go cold */
		p->match_job = json_dumps(args.job, JSON_COMPACT | JSON_SORT_KEYS);
		json_object_set_new(args.job, "job", json_string("warm"));
		json_object_set_new(args.job, "language", json_string(lang->name));
		p->warm_job = json_dumps(args.job, JSON_COMPACT | JSON_SORT_KEYS);
	}
	request_plan_release(&args);
	return rc == 0 && p->match_job && p->warm_job ? 0 : -1;
}

int warm_pool_start(const struct serve_config *cfg)
{
	struct config c;
	if (config_load(cfg->config, &c) != 0)
		return -1;
	for (int id = 0; id < LANG_COUNT; id++) {
		unsigned n = config_warm_pool(&c, (enum lang_id)id);
		struct pool *p = &W.pools[W.npools];
		if (!n || request_jobs(cfg, lang_get((enum lang_id)id), p) != 0) {
			free(p->match_job);
			free(p->warm_job);
			*p = (struct pool){0};
			continue;
		}
		W.npools++;
		p->lang = lang_get((enum lang_id)id);
		p->size = n;
		p->ready = xcalloc(n, sizeof(*p->ready));
	}
	config_release(&c);
	if (!W.npools)
		return 0;
	/* Full before the server listens (the ready file says so): a first
	 * request finds its sandbox started. */
	for (unsigned i = 0; i < W.npools; i++) {
		struct pool *p = &W.pools[i];
		while (p->nready < p->size && !p->off) {
			if (start_one(p, &p->ready[p->nready]) == 0)
				p->nready++;
			else
				p->off = true;
		}
	}
	/* Signals stay with the thread that waits for them (server.c). */
	sigset_t all, old;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	int rc = pthread_create(&W.refiller, NULL, refill, NULL);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	W.started = true; /* what was filled is used, and destroyed at the end */
	W.refilling = rc == 0;
	if (rc != 0)
		fprintf(stderr,
			"sbx: cannot start the warm pool's thread (%s): it is not refilled\n",
			strerror(rc));
	return 0;
}

void warm_pool_stop(void)
{
	if (!W.started)
		return;
	pthread_mutex_lock(&W.mu);
	W.stopping = true;
	pthread_cond_broadcast(&W.cv);
	pthread_mutex_unlock(&W.mu);
	if (W.refilling)
		pthread_join(W.refiller, NULL);
	W.started = false;
	for (unsigned i = 0; i < W.npools; i++) {
		struct pool *p = &W.pools[i];
		for (unsigned k = 0; k < p->nready; k++)
			close_fd(&p->ready[k].f.in); /* all told at once, then waited for */
		for (unsigned k = 0; k < p->nready; k++)
			discard(&p->ready[k].f);
		p->nready = 0;
		free(p->ready);
		free(p->match_job);
		free(p->warm_job);
	}
	W.npools = 0;
}

/* The one to take: the oldest that is set up, else the oldest (the most
 * likely to be set up soon: the request then waits for the rest of it).
 * Under W.mu. */
static unsigned first_set_up(struct pool *p)
{
	for (unsigned i = 0; i < p->nready; i++)
		if (alive(&p->ready[i]) && p->ready[i].set_up)
			return i;
	return 0;
}

/* The body asks for nothing but the language's code. */
static bool plain(const struct pool *p, const char *input, size_t len)
{
	json_t *o = json_loadb(input ? input : "", len, 0, NULL);
	const char *k;
	json_t *v;
	bool ok = json_is_object(o);
	json_object_foreach(o, k, v)
	{
		if (!strcmp(k, "code"))
			ok &= json_is_string(v) && json_string_length(v) > 0;
		else if (!strcmp(k, "language"))
			ok &= json_is_string(v) && !strcmp(json_string_value(v), p->lang->name);
		else
			ok = false;
	}
	ok &= json_object_get(o, "language") != NULL;
	json_decref(o);
	return ok;
}

int warm_pool_take(struct request_child *c, const char *job, const char *input, size_t len,
		   int client_fd)
{
	if (!W.started)
		return -1;
	/* The pool of the body's language: each pool's job is the same. */
	struct pool *p = NULL;
	for (unsigned i = 0; i < W.npools && !p; i++)
		if (!strcmp(job, W.pools[i].match_job) && plain(&W.pools[i], input, len))
			p = &W.pools[i];
	if (!p)
		return -1;
	pthread_mutex_lock(&W.mu);
	struct waiting w;
	bool got = false;
	while (!got && p->nready > 0 && !W.stopping) {
		unsigned i = first_set_up(p);
		w = p->ready[i];
		memmove(&p->ready[i], &p->ready[i + 1], (--p->nready - i) * sizeof(*p->ready));
		got = alive(&w);
		if (!got) {
			pthread_mutex_unlock(&W.mu);
			discard(&w.f);
			pthread_mutex_lock(&W.mu);
			failed(p);
		}
	}
	if (got)
		p->failures = 0;
	else
		pthread_cond_signal(&W.cv); /* none to take: refill now */
	pthread_mutex_unlock(&W.mu);
	if (!got)
		return -1;
	request_child_adopt(c, &w.f, input, len, client_fd);
	c->warm = true;
	return 0;
}

void warm_pool_refill(void)
{
	pthread_mutex_lock(&W.mu);
	pthread_cond_signal(&W.cv);
	pthread_mutex_unlock(&W.mu);
}

json_t *warm_pool_json(void)
{
	json_t *o = json_object();
	pthread_mutex_lock(&W.mu);
	for (unsigned i = 0; i < W.npools; i++) {
		struct pool *p = &W.pools[i];
		unsigned set_up = 0;
		for (unsigned k = 0; k < p->nready; k++)
			set_up += alive(&p->ready[k]) && p->ready[k].set_up;
		json_object_set_new(o, p->lang->name,
				    json_pack("{s:i, s:i, s:i, s:b}", "size", (int)p->size, "ready",
					      (int)p->nready, "set_up", (int)set_up, "on",
					      !p->off));
	}
	pthread_mutex_unlock(&W.mu);
	return o;
}
