/* session_persist — the daemon's writes that a reply does not wait for.
 * After an execution the daemon has the manifest's bookkeeping to write
 * (the count, the times that set the TTL, the save's size; its pid once
 * it has started) and, for a JavaScript session, the replay log's new
 * line to make durable: each an fsync, 1 to 20 ms on a busy disk, which
 * used to stand between one execution's record and the next execution.
 * A thread does them instead, in order, coalesced (a burst of executions
 * is one manifest write): what a kill -9 could lose is unchanged, since
 * the replay line and Python's and R's state files are written before the
 * thread is asked and the manifest's write stays atomic (temporary file,
 * fsync, rename); only the moment they reach the disk moves. The daemon
 * drains the thread before it stops or replies to a stop, and `session
 * get`/`list` ask for a sync (answered once what came before is on disk),
 * so they never read a manifest older than the records already returned.
 * May call: session_store, session_proto, util, libc, pthreads.
 */
#include "session/session_persist.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "session/session_int.h"
#include "util/util.h"

static bool pending(const struct persist *p)
{
	return p->replay_fd >= 0 || p->patch || p->nwaiters;
}

/* One round: the replay log, the manifest, then the waiters. */
static void flush(struct persist *p, int replay_fd, json_t *patch, const int *fds, size_t n)
{
	if (replay_fd >= 0) {
		if (fsync(replay_fd) < 0)
			warning("cannot sync the session's replay log: %s", strerror(errno));
		close(replay_fd);
	}
	if (patch)
		(void)session_manifest_update(p->state_dir, p->id, patch);
	json_t *ok = n ? json_pack("{s:b}", "synced", 1) : NULL;
	for (size_t i = 0; i < n; i++) {
		(void)proto_send_json(fds[i], ok);
		close(fds[i]);
	}
	json_decref(ok);
}

static void *thread_main(void *arg)
{
	struct persist *p = arg;
	pthread_mutex_lock(&p->mu);
	for (;;) {
		while (!pending(p) && !p->quit)
			pthread_cond_wait(&p->work, &p->mu);
		if (!pending(p))
			break;
		int replay = p->replay_fd;
		int fds[PERSIST_MAX_WAITERS];
		size_t n = p->nwaiters;
		json_t *patch = p->patch;
		memcpy(fds, p->waiters, n * sizeof fds[0]);
		p->replay_fd = -1;
		p->patch = NULL;
		p->nwaiters = 0;
		p->busy = true;
		pthread_mutex_unlock(&p->mu);
		flush(p, replay, patch, fds, n);
		json_decref(patch);
		pthread_mutex_lock(&p->mu);
		p->busy = false;
		pthread_cond_broadcast(&p->idle);
	}
	pthread_mutex_unlock(&p->mu);
	return NULL;
}

int persist_start(struct persist *p, const char *state_dir, const char *id)
{
	memset(p, 0, sizeof *p);
	p->replay_fd = -1;
	p->state_dir = state_dir;
	p->id = id;
	pthread_mutex_init(&p->mu, NULL);
	pthread_cond_init(&p->work, NULL);
	pthread_cond_init(&p->idle, NULL);
	int rc = pthread_create(&p->th, NULL, thread_main, p);
	if (rc != 0)
		return error("cannot start the session's writer thread: %s", strerror(rc));
	p->running = true;
	return 0;
}

void persist_manifest(struct persist *p, json_t *patch)
{
	/* A deep copy: the thread shares no object with the daemon. */
	json_t *c = json_deep_copy(patch);
	if (!p->running) {
		(void)session_manifest_update(p->state_dir, p->id, c);
		json_decref(c);
		return;
	}
	pthread_mutex_lock(&p->mu);
	if (p->patch) {
		json_object_update(p->patch, c);
		json_decref(c);
	} else {
		p->patch = c;
	}
	pthread_cond_signal(&p->work);
	pthread_mutex_unlock(&p->mu);
}

void persist_replay(struct persist *p, int fd)
{
	if (!p->running) {
		flush(p, fd, NULL, NULL, 0);
		return;
	}
	pthread_mutex_lock(&p->mu);
	if (p->replay_fd >= 0)
		close(p->replay_fd); /* the same file: one fsync covers both appends */
	p->replay_fd = fd;
	pthread_cond_signal(&p->work);
	pthread_mutex_unlock(&p->mu);
}

void persist_sync_reply(struct persist *p, int fd)
{
	pthread_mutex_lock(&p->mu);
	bool queued = p->running && p->nwaiters < PERSIST_MAX_WAITERS;
	if (queued) {
		p->waiters[p->nwaiters++] = fd;
		pthread_cond_signal(&p->work);
	}
	pthread_mutex_unlock(&p->mu);
	if (!queued) {
		persist_drain(p);
		flush(p, -1, NULL, &fd, 1);
	}
}

void persist_drain(struct persist *p)
{
	if (!p->running)
		return;
	pthread_mutex_lock(&p->mu);
	while (pending(p) || p->busy)
		pthread_cond_wait(&p->idle, &p->mu);
	pthread_mutex_unlock(&p->mu);
}

void persist_stop(struct persist *p)
{
	if (!p->running)
		return;
	pthread_mutex_lock(&p->mu);
	p->quit = true;
	pthread_cond_signal(&p->work);
	pthread_mutex_unlock(&p->mu);
	pthread_join(p->th, NULL);
	p->running = false;
	pthread_cond_destroy(&p->work);
	pthread_cond_destroy(&p->idle);
	pthread_mutex_destroy(&p->mu);
}

void persist_end(struct persist *p, bool keep)
{
	if (p->running && !keep) {
		pthread_mutex_lock(&p->mu);
		json_decref(p->patch);
		p->patch = NULL;
		if (p->replay_fd >= 0)
			close(p->replay_fd);
		p->replay_fd = -1;
		pthread_mutex_unlock(&p->mu);
	}
	persist_stop(p);
}
