/* batch_pool — the poll() loop over the children, each a fork that runs
 * one request through the run pipeline (batch_worker.c: run/job.h, as
 * `sbx run --request - --json DEFAULTS…` would; as exec-deployment for a
 * "deployment" line), its record read from its standard output.
 *
 * Turns: at most -j sandboxes run at once. A worker prepares its request
 * (checks, policy, working directory, cgroup) before asking for a turn
 * ("w" on its socket) and gives it back ("d") as soon as its sandbox has
 * ended, so only the sandbox's own run — what time_ms.wall measures —
 * holds a turn; up to 2 × -j workers are forked and preparing ahead, and
 * the finished ones write their records and history lines while the next
 * run runs. Turns go to the oldest asking child first.
 *
 * Records leave in input order: a ring of 4 × -j slots holds the ones
 * that finished before an earlier one, and no request starts past the
 * ring, so memory stays bounded whatever the input's length.
 *
 * Classification, for the exit status: a child record with status
 * "sbx_error" is a request sbx refused (invalid: exit 1); "sandbox_error",
 * or a child that gave no record, is sbx's own failure (exit 125). */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "batch/batch_int.h"
#include "core/outcome.h"
#include "sandbox/seccomp.h"
#include "util/buf.h"
#include "util/util.h"

#define STDERR_KEEP 2048 /* a child's stderr kept for "gave no record" */

struct child {
	pid_t pid;    /* 0: free */
	int out, err; /* -1 once at EOF */
	int go;	      /* the turn's socket (batch_worker_run); -1 at EOF */
	bool wants;   /* asked for a turn ("w"), not given yet */
	bool running; /* its turn came ("g"), not given back ("d") yet */
	bool started; /* had a turn, or finished without one */
	struct buf rec, msg;
	size_t seq; /* ring position */
	size_t line;
	char *id;
};

struct pool {
	const struct batch_options *o;
	struct child *kids;
	unsigned nkids, active;	 /* children alive */
	unsigned running, ready; /* of them: in a turn; asking for one */
	unsigned pending;	 /* of them: not started yet (preparing, or asking) */
	json_t **ring;		 /* ring[seq % window]: a finished record not yet written */
	struct pollfd *pf;	 /* 3 per child: stdout, stderr, the turn's socket */
	struct child **who;	 /* whose fd pf[i] is */
	size_t window, next_seq, next_write;
	struct batch_sink *sink;
	struct batch_tally *tally;
	int status; /* worst so far: 0, 1, 125 */
};

static void worsen(struct pool *p, int st)
{
	if (st == EXIT_SBX_FAILURE || (st == 1 && p->status == 0))
		p->status = st;
}

static void close_pair(int fd[2])
{
	for (int i = 0; i < 2; i++)
		if (fd[i] >= 0)
			close(fd[i]);
}

/* Forks the run of it: a child that prepares the request in-process
 * (batch_worker.c) and asks for a turn where its sandbox starts. Plain
 * fork, not posix_spawn: glibc's posix_spawn leaves its internal signals
 * (32, 33) ignored in the child, and an exec keeps them ignored down to
 * the code. */
static int spawn(struct pool *p, struct child *c, struct batch_item *it)
{
	int out[2] = {-1, -1}, err[2] = {-1, -1}, go[2] = {-1, -1};
	if (pipe2(out, O_CLOEXEC) || pipe2(err, O_CLOEXEC) ||
	    socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, go)) {
		int e = errno;
		close_pair(out), close_pair(err), close_pair(go);
		return error("cannot create pipes for a batch run: %s", strerror(e));
	}
	/* Nothing buffered in this process may reach a child's pipe twice. */
	fflush(NULL);
	c->pid = fork();
	if (c->pid == 0)
		batch_worker_run(p->o, it, go[0], out[1], err[1]);
	int e = errno;
	close(out[1]);
	close(err[1]);
	close(go[0]);
	if (c->pid < 0) {
		close(out[0]);
		close(err[0]);
		close(go[1]);
		c->pid = 0;
		return error("cannot start a batch run: %s", strerror(e));
	}
	c->out = out[0];
	c->err = err[0];
	c->go = go[1];
	buf_init(&c->rec, BATCH_RECORD_MAX);
	buf_init(&c->msg, STDERR_KEEP);
	c->line = it->line;
	c->id = xstrdup(it->id);
	p->active++;
	p->pending++;
	return 0;
}

/* The child needs no more turns (it ended, or its record is out): the
 * counts no longer hold it. */
static void settle(struct pool *p, struct child *c)
{
	if (c->running) {
		c->running = false;
		p->running--;
	}
	if (c->wants) {
		c->wants = false;
		p->ready--;
	}
	if (!c->started) {
		c->started = true;
		p->pending--;
	}
}

/* Gives turns in input order while fewer than -j run: at most -j
 * sandboxes run at once; the next ones are already forked, checked and set
 * up, so a finished run's turn is taken without a fork's or a set-up's
 * delay. The oldest child that asks or has had no turn yet goes first
 * (Java asks twice: its compile, then its run): when it is still setting
 * up, the younger ones that asked wait for it. Else a
 * later long run could take the turn first (under load, a Python request
 * set up more slowly than the slow one after it) and, with -j 1, hold back
 * the records of every request before it (they leave in input order) for
 * its whole run. */
static void start_ready(struct pool *p)
{
	while (p->running < p->o->jobs) {
		struct child *c = NULL;
		for (unsigned i = 0; i < p->nkids; i++)
			if (p->kids[i].pid && (p->kids[i].wants || !p->kids[i].started) &&
			    (!c || p->kids[i].seq < c->seq))
				c = &p->kids[i];
		if (!c || !c->wants)
			return;
		c->wants = false;
		p->ready--;
		if (!c->started) {
			c->started = true;
			p->pending--;
		}
		/* EPIPE when it already ended: then its end frees nothing. */
		if (write(c->go, "g", 1) != 1) {
			close(c->go);
			c->go = -1;
			continue;
		}
		c->running = true;
		p->running++;
	}
}

/* What a worker says on its turn's socket: "w" it wants a turn, "d" its
 * sandbox has ended (its record, history line and exit overlap the next
 * run). At EOF it will ask for nothing more. */
static void hear(struct pool *p, struct child *c)
{
	char msg[64];
	ssize_t n = read(c->go, msg, sizeof msg);
	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return;
	if (n <= 0) {
		close(c->go);
		c->go = -1;
		if (c->wants) {
			c->wants = false;
			p->ready--;
		}
		return;
	}
	for (ssize_t i = 0; i < n; i++) {
		if (msg[i] == 'w' && !c->wants && !c->running) {
			c->wants = true;
			p->ready++;
		} else if (msg[i] == 'd' && c->running) {
			c->running = false;
			p->running--;
		}
	}
}

/* The child is done (both pipes at EOF): its record, with request_id and
 * line, into the ring. */
static void reap(struct pool *p, struct child *c)
{
	int ws = 0;
	while (waitpid(c->pid, &ws, 0) < 0 && errno == EINTR)
		;
	json_t *rec = c->rec.len ? json_loadb(c->rec.data, c->rec.len, JSON_ALLOW_NUL, NULL) : NULL;
	if (!json_is_object(rec)) {
		json_decref(rec);
		struct batch_item it = {.line = c->line, .id = c->id};
		char code[64];
		if (WIFSIGNALED(ws))
			snprintf(code, sizeof(code), "killed by signal %d", WTERMSIG(ws));
		else
			snprintf(code, sizeof(code), "exit %d", WEXITSTATUS(ws));
		snprintf(it.error, sizeof(it.error), "line %zu: the run gave no record (%s): %s",
			 c->line, code, c->msg.len ? buf_cstr(&c->msg) : "no message");
		rec = batch_invalid_record(&it);
		json_object_set_new(json_object_get(rec, "error"), "name", json_string("SbxError"));
		json_object_set_new(rec, "status", json_string("sandbox_error"));
	}
	if (!json_is_string(json_object_get(rec, "request_id")))
		json_object_set_new(rec, "request_id", json_string(c->id));
	json_object_set_new(rec, "line", json_integer((json_int_t)c->line));
	p->ring[c->seq % p->window] = rec;
	settle(p, c);
	if (c->go >= 0)
		close(c->go);
	if (c->out >= 0)
		close(c->out);
	if (c->err >= 0)
		close(c->err);
	buf_release(&c->rec);
	buf_release(&c->msg);
	free(c->id);
	memset(c, 0, sizeof(*c));
	p->active--;
}

static int flush_ring(struct pool *p)
{
	while (p->next_write < p->next_seq && p->ring[p->next_write % p->window]) {
		json_t *rec = p->ring[p->next_write % p->window];
		p->ring[p->next_write % p->window] = NULL;
		p->next_write++;
		const char *st = json_string_value(json_object_get(rec, "status"));
		if (st && !strcmp(st, "sbx_error"))
			worsen(p, 1);
		else if (!st || !strcmp(st, "sandbox_error"))
			worsen(p, EXIT_SBX_FAILURE);
		tally_record(p->tally, rec);
		if (sink_write(p->sink, rec) != 0)
			return -1;
	}
	tally_progress(p->tally, false);
	return 0;
}

static void drain(struct child *c, int *fd, struct buf *b)
{
	char chunk[65536];
	ssize_t n = read(*fd, chunk, sizeof(chunk));
	if (n > 0) {
		buf_append(b, chunk, (size_t)n);
	} else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
		close(*fd);
		*fd = -1;
	}
	(void)c;
}

/* Waits for output from the running children; reaps the finished ones. */
static void wait_children(struct pool *p)
{
	struct pollfd *pf = p->pf;
	struct child **who = p->who;
	int n = 0;
	for (unsigned i = 0; i < p->nkids; i++) {
		struct child *c = &p->kids[i];
		if (!c->pid)
			continue;
		if (c->go >= 0) {
			pf[n] = (struct pollfd){.fd = c->go, .events = POLLIN};
			who[n++] = c;
		}
		if (c->out >= 0) {
			pf[n] = (struct pollfd){.fd = c->out, .events = POLLIN};
			who[n++] = c;
		}
		if (c->err >= 0) {
			pf[n] = (struct pollfd){.fd = c->err, .events = POLLIN};
			who[n++] = c;
		}
	}
	if (poll(pf, (nfds_t)n, p->tally->progress ? 200 : -1) <= 0)
		return;
	for (int i = 0; i < n; i++) {
		if (!pf[i].revents)
			continue;
		struct child *c = who[i];
		if (pf[i].fd == c->go) {
			hear(p, c);
		} else if (pf[i].fd == c->out) {
			drain(c, &c->out, &c->rec);
			/* The record is out: a run that never gave its turn
			 * back (it died in it) or never needed one. */
			if (c->rec.len && c->rec.data[c->rec.len - 1] == '\n')
				settle(p, c);
		} else
			drain(c, &c->err, &c->msg);
	}
	for (unsigned i = 0; i < p->nkids; i++)
		if (p->kids[i].pid && p->kids[i].out < 0 && p->kids[i].err < 0)
			reap(p, &p->kids[i]);
}

static struct child *free_child(struct pool *p)
{
	for (unsigned i = 0; i < p->nkids; i++)
		if (!p->kids[i].pid)
			return &p->kids[i];
	return NULL;
}

/* The next request this process runs: skips other shards' requests and,
 * with --resume, the ones already done. 1, 0 at the end, -1 on error. */
static int next_item(struct pool *p, struct batch_input *in, struct idset *done, struct idset *seen,
		     struct batch_item *it)
{
	for (;;) {
		int r = batch_input_next(in, it);
		if (r <= 0)
			return r;
		if (p->o->shard_n && it->index % p->o->shard_n != p->o->shard_i) {
			batch_item_release(it);
			continue;
		}
		if (done && idset_has(done, it->id)) {
			p->tally->done++;
			p->tally->skipped++;
			batch_item_release(it);
			continue;
		}
		if (!it->error[0] && p->o->out_path && idset_has(seen, it->id))
			snprintf(
			    it->error, sizeof(it->error),
			    "line %zu: the id \"%.200s\" was used by an earlier line: with --out "
			    "every id is unique (--resume finds requests by id)",
			    it->line, it->id);
		if (p->o->out_path)
			idset_add(seen, it->id);
		return 1;
	}
}

int batch_pool_run(const struct batch_options *o, struct batch_input *in, struct idset *done,
		   struct batch_sink *sink, struct batch_tally *tally)
{
	struct pool p = {.o = o, .sink = sink, .tally = tally};
	struct idset seen = {0};
	/* -j in a turn, -j preparing or asking for one, up to 2 × -j
	 * finishing (record, history line and exit still to come). */
	p.nkids = 5 * o->jobs;
	p.window = (size_t)o->jobs * BATCH_WINDOW_MULT;
	p.kids = xcalloc(p.nkids, sizeof(*p.kids));
	p.ring = xcalloc(p.window, sizeof(*p.ring));
	p.pf = xcalloc(3 * (size_t)p.nkids, sizeof(*p.pf));
	p.who = xcalloc(3 * (size_t)p.nkids, sizeof(*p.who));
	signal(SIGPIPE, SIG_IGN);
	/* Built here once, inherited by every worker (each run would build
	 * its own). A failure is the runs' to report: they fail closed. */
	(void)seccomp_prebuild();
	/* Up to 5 × -j children with 3 or 4 descriptors each: -j 1024 is
	 * past the usual soft limit of 1024 descriptors, so take the hard one. */
	struct rlimit nofile;
	if (getrlimit(RLIMIT_NOFILE, &nofile) == 0 && nofile.rlim_cur < nofile.rlim_max) {
		nofile.rlim_cur = nofile.rlim_max;
		setrlimit(RLIMIT_NOFILE, &nofile);
	}
	bool eof = false;
	int rc = 0;
	while (!eof || p.active || p.next_write < p.next_seq) {
		struct child *c;
		start_ready(&p);
		while (!eof && p.pending < 2 * o->jobs && p.next_seq < p.next_write + p.window &&
		       (c = free_child(&p))) {
			struct batch_item it;
			int r = next_item(&p, in, done, &seen, &it);
			if (r < 0) {
				rc = -1;
				eof = true;
				break;
			}
			if (r == 0) {
				eof = true;
				break;
			}
			size_t seq = p.next_seq++;
			if (it.error[0]) {
				p.ring[seq % p.window] = batch_invalid_record(&it);
			} else {
				c->seq = seq;
				if (spawn(&p, c, &it) != 0) {
					snprintf(it.error, sizeof(it.error), "line %zu: %s",
						 it.line, error_first_message());
					p.ring[seq % p.window] = batch_invalid_record(&it);
					json_object_set_new(p.ring[seq % p.window], "status",
							    json_string("sandbox_error"));
				}
			}
			batch_item_release(&it);
		}
		start_ready(&p);
		if (flush_ring(&p) != 0) {
			rc = -1;
			break;
		}
		if (p.active)
			wait_children(&p);
		else if (eof && p.next_write >= p.next_seq)
			break;
	}
	/* After a write error: stop the children still running, quietly. */
	for (unsigned i = 0; i < p.nkids; i++)
		if (p.kids[i].pid) {
			kill(p.kids[i].pid, SIGKILL);
			reap(&p, &p.kids[i]);
		}
	for (size_t i = 0; i < p.window; i++)
		json_decref(p.ring[i]);
	free(p.ring);
	free(p.kids);
	free(p.pf);
	free(p.who);
	idset_release(&seen);
	tally_progress(tally, true);
	return rc ? EXIT_SBX_FAILURE : p.status;
}
