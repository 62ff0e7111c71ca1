/* session_daemon — one process per live session: it listens on the
 * session's socket (mode 0600), keeps the kernel, and runs the clients'
 * executions one at a time in arrival order. Per execution it enforces the
 * wall-clock timeout and the CPU-time limit (the interpreter's, read from
 * /proc: session_exec_io.c) (SIGINT, which the kernel turns into an interrupted
 * execution with its state kept; a kernel that does not stop within the
 * grace is killed and the next execution restores the saved state) and
 * the output cap. After --idle without executions, or at the TTL, it stops
 * the kernel (whose state was saved after every execution) and exits.
 * A client that goes away mid-execution only loses its record: the
 * execution finishes and the session goes on. Single-threaded, poll.
 * May call: session_kernel, session_store, session_proto, sandbox
 * (workdir), engine, util, libc.
 */
#include "session/session_kernel.h"
#include "session/session_persist.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "engine/engine_kernel.h"
#include "sandbox/rundir.h"
#include "sandbox/workdir.h"
#include "util/util.h"

#define MAX_WAITING 64	 /* connected, request not read yet */
#define MAX_QUEUE   64	 /* executions waiting their turn */
#define GRACE_MS    2000 /* after SIGINT, before the kernel is killed */
#define START_MS    60000
#define CLIENT_IO_S 10 /* a client that neither sends nor reads is dropped */

struct job {
	int fd; /* -1: the client went away */
	json_t *req;
};

struct daemon {
	const char *state_dir, *id;
	json_t *m;
	int lfd;
	ino_t sock_ino; /* the socket's name, ours while its inode is this */
	struct session_kernel k;
	struct workdir wd;
	int waiting[MAX_WAITING];
	size_t nwait;
	struct job queue[MAX_QUEUE];
	size_t nq;
	/* the execution in progress */
	bool busy;
	struct job cur;
	json_int_t seq;
	double start_ms, deadline_ms;
	double cpu_limit_ms, cpu0_ms; /* the execution's CPU budget (0: none) */
	bool cpu_fired;		      /* its interrupt was for the CPU time */
	double acct_cpu0_ms;	      /* the kernel's CPU time before it (sbx's reading) */
	long long acct_peak0_kb;      /* its memory peak before it */
	bool exiting;		      /* the kernel said it exits for a nonzero exit */
	int phase;		      /* 0 running, 1 SIGINT sent, 2 killed */
	const char *killed_for;	      /* "timeout", "output" */
	uint64_t bytes[2], hard_cap;
	json_t *done;
	bool taken;	       /* the kernel acknowledged the execution */
	int resent;	       /* times it went to a new kernel untaken */
	bool restored_pending; /* the next record says restored */
	bool fresh_pending;    /* the next record says fresh (exec --fresh) */
	char recovered[256];   /* why the kernel came back, for that record */
	double idle_deadline;
	json_int_t count;
	json_int_t saved_count;	    /* executions the saved state includes */
	json_t *saved;		    /* a "saved" that came before its execution's end */
	struct persist persist;	    /* the manifest's writes, after the replies */
	struct session_lease lease; /* under --node: this node runs it (session_lease.c) */
	bool leased, lost;
	double renew_at;
};

static void to_client(void *ctx, int stream, const char *data, size_t len)
{
	struct daemon *d = ctx;
	if (!d->busy)
		return; /* a background thread's output between executions */
	d->bytes[stream - 1] += len;
	if (d->bytes[stream - 1] > d->hard_cap && d->phase < 2 && d->k.code_pid > 0) {
		kill(d->k.code_pid, SIGKILL);
		d->phase = 2;
		d->killed_for = "output";
	}
	if (d->cur.fd >= 0 && proto_send(d->cur.fd, stream == 1 ? 'O' : 'E', data, len) < 0) {
		close(d->cur.fd);
		d->cur.fd = -1;
	}
}

static json_int_t mget(struct daemon *d, const char *key)
{
	return json_integer_value(json_object_get(d->m, key));
}

/* The run directory again, through rundir_open's checks. */
static int reopen_rundir(struct daemon *d)
{
	rundir_close(&d->wd);
	return rundir_open(&d->wd, json_string_value(json_object_get(d->m, "rundir")));
}

/* Starts the kernel and waits for its "ready" (the restore done); what the
 * restore printed reaches to_client while nothing is busy: dropped. */
static int start_kernel(struct daemon *d, char *why, size_t n)
{
	/* Nothing in flight in the writer thread while the host forks: it
	 * would keep a copy of the manifest's lock for its whole life. */
	persist_drain(&d->persist);
	/* The run directory afresh: the last kernel's code may have swapped
	 * a name in it for a link, which rundir_open removes (and the fds the
	 * daemon kept would name the directory it renamed away). */
	if (reopen_rundir(d) < 0 ||
	    session_kernel_start(&d->k, d->state_dir, d->m, d->wd.priv_fd) < 0) {
		snprintf(why, n, "%s", *error_first_message() ? error_first_message() : "fork");
		return -1;
	}
	if (session_kernel_await_ready(&d->k, START_MS, to_client, d, why, n) < 0)
		return -1;
	d->restored_pending = d->k.restored;
	d->renew_at = 0; /* renewed next: the start may have outlasted the lease */
	return 0;
}

static void accept_client(struct daemon *d)
{
	int fd = accept4(d->lfd, NULL, NULL, SOCK_CLOEXEC);
	if (fd < 0)
		return;
	if (d->nwait == MAX_WAITING) {
		close(fd);
		return;
	}
	struct timeval tv = {CLIENT_IO_S, 0};
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
	setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
	d->waiting[d->nwait++] = fd;
}

/* A waiting client's request: queued (exec, stop) or answered (ping). */
static void read_request(struct daemon *d, size_t i)
{
	int fd = d->waiting[i];
	d->waiting[i] = d->waiting[--d->nwait];
	struct buf b = BUF_INIT;
	char type;
	json_t *req = NULL;
	if (proto_recv(fd, &type, &b) == 1 && type == 'J')
		req = proto_json(&b);
	buf_release(&b);
	const char *op = req ? json_string_value(json_object_get(req, "op")) : NULL;
	if (!op) {
		close(fd);
	} else if (!strcmp(op, "sync")) {
		persist_sync_reply(&d->persist, fd);
	} else if (!strcmp(op, "exec") || !strcmp(op, "stop")) {
		if (d->nq == MAX_QUEUE) {
			proto_reply_error(fd,
					  "the session has 64 executions waiting: try again later");
		} else {
			d->queue[d->nq++] = (struct job){fd, req};
			req = NULL;
		}
	} else {
		proto_reply_error(fd, "unknown request");
	}
	json_decref(req);
}

static json_t *session_field(struct daemon *d)
{
	json_t *s =
	    json_pack("{s:s, s:O, s:I, s:b}", "id", d->id, "name", json_object_get(d->m, "name"),
		      "execution_count", d->count, "restored", d->restored_pending);
	if (d->fresh_pending)
		json_object_set_new(s, "fresh", json_true());
	if (d->restored_pending) {
		json_object_set(s, "unsaved", d->k.unsaved ? d->k.unsaved : json_array());
		if (d->recovered[0])
			json_object_set_new(s, "recovered", json_string(d->recovered));
	}
	return s;
}

/* A kernel's save: a JavaScript session's replay line appended (the
 * writer thread makes it durable), the save's size for the manifest. */
static void on_saved(struct daemon *d, json_t *f)
{
	int replay = session_replay_save(d->m, d->wd.priv_fd, f);
	if (replay >= 0)
		persist_replay(&d->persist, replay);
	d->saved_count = d->count + (d->busy ? 1 : 0);
	json_t *p = json_pack("{s:O, s:O, s:O}", "last_save_ms", json_object_get(f, "ms"),
			      "last_save_bytes", json_object_get(f, "bytes"), "unsaved",
			      json_object_get(f, "unsaved"));
	json_object_update(d->m, p);
	persist_manifest(&d->persist, p);
	json_decref(p);
}

static void finish_exec(struct daemon *d)
{
	json_t *rec = json_object();
	json_t *done = d->done;
	json_t *req = d->cur.req;
	double wall = now_monotonic_ms() - d->start_ms;
	uint64_t t = (uint64_t)json_integer_value(json_object_get(req, "timeout_ms"));
	d->count++;
	struct exec_end e = {
	    .done = done,
	    .end = d->k.end,
	    .killed_for = d->killed_for,
	    /* the daemon sent the SIGINT for a limit (phase 1): the kernel's
	     * word does not decide it */
	    .interrupted = d->phase >= 1 && !(d->killed_for && !strcmp(d->killed_for, "output")),
	    .cpu_fired = d->cpu_fired,
	    .exiting = d->exiting,
	    .limit_ms = d->cpu_fired ? d->cpu_limit_ms : (double)t,
	};
	const char *status = session_exec_status(&e, rec);
	if (!done && d->exiting && !strcmp(status, "error") && !json_object_get(rec, "error"))
		d->saved_count = d->count; /* sys.exit(N): it saved before it exited */
	json_object_set_new(rec, "done", json_true());
	json_object_set_new(rec, "status", json_string(status));
	json_object_set_new(rec, "wall_ms", json_real(wall));
	session_account_record(d->k.end, d->k.code_pid, d->acct_cpu0_ms, d->acct_peak0_kb, rec);
	if (done && session_kernel_is_sbx(d->m)) {
		/* A JavaScript kernel is sbx's C code (the JavaScript has no
		 * file descriptors): its heap's peak, as a run reports it. */
		json_object_set(rec, "cpu_ms", json_object_get(done, "cpu_ms"));
		json_object_set_new(rec, "memory_peak_kb",
				    json_integer((json_int_t)json_number_value(
					json_object_get(done, "maxrss_kb"))));
	}
	json_object_set(rec, "layers", d->k.layers ? d->k.layers : json_null());
	json_t *files = NULL;
	const char *out_dir = json_string_value(json_object_get(req, "out_dir"));
	workdir_collect(&d->wd, out_dir, json_is_true(json_object_get(req, "dotfiles")),
			(uint64_t)json_integer_value(json_object_get(req, "files_bytes")), &files);
	json_object_set_new(rec, "files", files ? files : json_array());
	json_object_set_new(rec, "session", session_field(d));
	if (d->cur.fd >= 0) {
		(void)proto_send_json(d->cur.fd, rec);
		close(d->cur.fd);
	}
	json_decref(rec);
	session_program_end(&d->wd, d->cur.req);
	json_decref(d->cur.req);
	d->cur.req = NULL;
	session_exec_io_end(&d->wd); /* its stdin */
	json_decref(d->done);
	d->done = NULL;
	d->busy = false;
	d->restored_pending = d->fresh_pending = false;
	d->recovered[0] = 0;
	uint64_t now = session_now_ms();
	json_t *patch = json_pack("{s:I, s:I, s:I}", "execution_count", d->count, "last_exec_at_ms",
				  (json_int_t)now, "expires_at_ms",
				  (json_int_t)(now + (uint64_t)mget(d, "ttl_ms")));
	json_object_update(d->m, patch);
	persist_manifest(&d->persist, patch);
	json_decref(patch);
	d->idle_deadline = now_monotonic_ms() + (double)mget(d, "idle_ms");
	/* The save that came with the execution's end (a JavaScript kernel
	 * sends both at once), handled now that the client has its record. */
	json_t *saved = d->saved;
	d->saved = NULL;
	if (saved)
		on_saved(d, saved);
	json_decref(saved);
}

/* A request that will not run: its client is told, its spool removed. */
static void refuse(struct daemon *d, struct job j, const char *why)
{
	proto_reply_error(j.fd, why);
	session_exec_io_drop(&d->wd, j.req);
	json_decref(j.req);
}

/* session exec --fresh: the execution gets a new kernel that restores
 * nothing, so no earlier execution's code or objects run in its process
 * (its files in the working directory stay); the state it leaves is the
 * session's from then on. */
static void start_fresh(struct daemon *d)
{
	session_kernel_stop(&d->k, to_client, d); /* its state was saved after its last execution */
	json_t *mark = json_pack("{s:b}", "fresh", 1);
	int replay = reopen_rundir(d) == 0 ? session_replay_save(d->m, d->wd.priv_fd, mark) : -1;
	if (replay >= 0)
		persist_replay(&d->persist, replay);
	json_decref(mark);
	d->k.fresh = true;
	d->fresh_pending = true;
}

static void start_job(struct daemon *d)
{
	struct job j = d->queue[0];
	memmove(d->queue, d->queue + 1, --d->nq * sizeof d->queue[0]);
	const char *op = json_string_value(json_object_get(j.req, "op"));
	if (!strcmp(op, "stop")) {
		session_kernel_stop(&d->k, to_client, d);
		persist_drain(&d->persist); /* stopped: everything on disk */
		/* Gone before the answer: whoever looks next finds it stopped. */
		session_unlisten(d->state_dir, d->id, d->sock_ino);
		d->idle_deadline = 0; /* the loop exits */
		json_t *r = json_pack("{s:b}", "stopped", 1);
		(void)proto_send_json(j.fd, r);
		json_decref(r);
		close(j.fd);
		json_decref(j.req);
		return;
	}
	char why[512];
	if (json_is_true(json_object_get(j.req, "fresh")))
		start_fresh(d);
	if (d->k.host_pid <= 0 && start_kernel(d, why, sizeof why) < 0)
		return refuse(d, j, why);
	/* Afresh for every execution: the last one's code may have left a
	 * link for a directory (rundir.h), which the client replaced. */
	if (reopen_rundir(d) < 0) {
		snprintf(why, sizeof why, "%s", error_first_message());
		return refuse(d, j, why);
	}
	/* The spools of clients killed before they sent (not the queue's). */
	json_t *keep[MAX_QUEUE + 1] = {j.req};
	for (size_t i = 0; i < d->nq; i++)
		keep[i + 1] = d->queue[i].req;
	session_stdin_sweep(d->wd.priv_fd, keep, d->nq + 1);
	/* --file copies for this execution, then what is there before it. */
	if (session_files_copy_in(&d->wd, j.req, why, sizeof why) < 0)
		return refuse(d, j, why);
	/* stdin, env, args (and Java's inputs.json, before the snapshot). */
	json_t *io = json_object();
	if (session_exec_io_start(&d->wd, d->m, j.req, io, why, sizeof why) < 0) {
		json_decref(io);
		return refuse(d, j, why);
	}
	session_program_start(&d->wd, d->m, j.req, io);
	session_modules_start(d->m, j.req, io);
	workdir_snapshot(&d->wd);
	if (d->cur.req != j.req)
		d->resent = 0;
	d->cur = j;
	d->busy = true;
	d->taken = false;
	d->phase = 0;
	d->killed_for = NULL;
	d->bytes[0] = d->bytes[1] = 0;
	d->hard_cap = (uint64_t)json_integer_value(json_object_get(j.req, "output_bytes")) *
		      SBX_OUTPUT_HARD_FACTOR;
	session_kernel_reset_marks(&d->k);
	d->acct_cpu0_ms = session_account_cpu_ms(d->k.code_pid);
	d->acct_peak0_kb = session_account_peak_kb(d->k.code_pid);
	d->exiting = false;
	d->start_ms = now_monotonic_ms();
	d->deadline_ms =
	    d->start_ms + (double)json_integer_value(json_object_get(j.req, "timeout_ms"));
	d->cpu_limit_ms = (double)json_integer_value(json_object_get(j.req, "cpu_ms"));
	d->cpu0_ms = session_cpu_ms(d->k.code_pid);
	d->cpu_fired = false;
	/* In this order: the R kernel takes seq and code by position, then
	 * everything after the code as one object. */
	json_t *msg =
	    json_pack("{s:I, s:O}", "seq", ++d->seq, "code", json_object_get(j.req, "code"));
	json_object_update(msg, io);
	json_decref(io);
	json_object_set(msg, "inputs", json_object_get(j.req, "inputs"));
	/* The execution's output limit: the kernel bounds the result and the
	 * rich results by it, as a run's prelude does (core/results.h). */
	json_object_set(msg, "results_max", json_object_get(j.req, "output_bytes"));
	if (session_kernel_send(&d->k, msg) < 0 && d->k.code_pid > 0)
		kill(d->k.code_pid, SIGKILL); /* finished when the host reports the end */
	json_decref(msg);
}

static void on_ctl(struct daemon *d)
{
	json_t *f = NULL;
	int r;
	while ((r = session_kernel_read_ctl(&d->k, &f)) == 1) {
		/* Only the frames of the last execution sent count (they are
		 * checked, not trusted: session_frames.c). */
		json_int_t seq = 0;
		static const char *const kinds[] = {"start", "exiting", "done", "saved"};
		for (size_t i = 0; i < 4; i++)
			if (json_object_get(f, kinds[i]))
				seq = json_integer_value(json_object_get(f, kinds[i]));
		bool this_one = d->busy && seq == d->seq;
		if (json_object_get(f, "start") && this_one) {
			d->taken = true;
		} else if (json_object_get(f, "exiting") && this_one) {
			d->exiting = true;
		} else if (json_object_get(f, "done") && this_one && !d->done) {
			d->done = f;
			f = NULL;
		} else if (json_object_get(f, "saved") && this_one && !d->saved) {
			d->saved = f; /* after the reply: see finish_exec */
			f = NULL;
		} else if (json_object_get(f, "saved") && !d->busy && seq == d->seq) {
			on_saved(d, f);
		}
		json_decref(f);
		f = NULL;
		if (!session_kernel_has_line(&d->k))
			break;
	}
	if (r < 0 && d->k.ctl >= 0) {
		close(d->k.ctl); /* the host's pipe tells how it ended */
		d->k.ctl = -1;
	}
}

/* The kernel is gone (killed, a limit, exited): the next one restores. */
static void on_kernel_end(struct daemon *d)
{
	const char *st = json_string_value(json_object_get(d->k.end, "status"));
	int sig = (int)json_integer_value(json_object_get(d->k.end, "signal"));
	if (d->busy && !d->done && !d->taken && d->resent == 0 && d->nq < MAX_QUEUE) {
		/* Sent to a kernel that was already dying (kill -9 between two
		 * executions): the execution never started; it goes first to
		 * the next kernel. */
		memmove(d->queue + 1, d->queue, d->nq++ * sizeof d->queue[0]);
		d->queue[0] = d->cur;
		d->busy = false;
		d->resent = 1;
	} else if (d->busy && !d->done) {
		finish_exec(d);
	}
	session_kernel_reap(&d->k);
	if (d->exiting)
		snprintf(d->recovered, sizeof d->recovered,
			 "the kernel exited with execution %lld's nonzero exit code: restored from "
			 "the state saved after execution %lld",
			 (long long)d->count, (long long)d->saved_count);
	else
		snprintf(d->recovered, sizeof d->recovered,
			 "the kernel ended (%s%s%s): restored from the state saved after "
			 "execution %lld",
			 st ? st : "unknown", sig ? ", signal " : "", sig ? strsignal(sig) : "",
			 (long long)d->saved_count);
	d->exiting = false;
}

static double cpu_check_ms(struct daemon *d)
{
	return session_cpu_check_ms(d->k.code_pid, d->cpu0_ms, d->cpu_limit_ms);
}

/* Under --node: false once the lease is lost (session_lease_keep); the
 * kernel is then killed at once, so it saves nothing over the new
 * holder's state. */
static bool lease_kept(struct daemon *d, bool starting)
{
	if (d->leased && !d->lost &&
	    (d->lost =
		 !session_lease_keep(d->state_dir, d->id, &d->lease, &d->renew_at, starting)) &&
	    d->k.code_pid > 0)
		kill(d->k.code_pid, SIGKILL);
	return !d->lost;
}

static int loop(struct daemon *d)
{
	for (;;) {
		if (!d->busy && d->nq > 0) {
			if (!lease_kept(d, true))
				return 1;
			start_job(d);
			continue;
		}
		double now = now_monotonic_ms();
		uint64_t wall = session_now_ms();
		if (!d->busy && d->nq == 0 &&
		    (now >= d->idle_deadline || session_expired(d->m, wall) ||
		     (d->leased && session_node_gone()))) /* its node's server ended */
			return 0;
		struct pollfd p[MAX_WAITING + 4];
		nfds_t n = 0;
		p[n++] = (struct pollfd){d->lfd, POLLIN, 0};
		p[n++] = (struct pollfd){d->k.ctl, POLLIN, 0};
		p[n++] = (struct pollfd){d->k.pipe, POLLIN, 0};
		for (size_t i = 0; i < d->nwait; i++)
			p[n++] = (struct pollfd){d->waiting[i], POLLIN, 0};
		double until = d->busy ? d->deadline_ms : d->idle_deadline;
		if (d->busy && d->phase == 0 && d->cpu_limit_ms > 0)
			until = fmin(until, now + cpu_check_ms(d));
		double ttl = (double)mget(d, "expires_at_ms") - (double)wall;
		if (!d->busy && now + ttl < until)
			until = now + ttl;
		until = d->leased ? fmin(until, d->renew_at) : until;
		int timeout = (int)fmin(ceil(until - now), 3600000.0);
		if (timeout < 0)
			timeout = 0;
		if (poll(p, n, timeout) < 0 && errno != EINTR)
			return -1;
		/* First: a daemon stalled past its lease stops here. */
		if (!lease_kept(d, false))
			return 1;
		if (d->busy && d->phase == 0 && d->cpu_limit_ms > 0 && cpu_check_ms(d) <= 0 &&
		    d->k.code_pid > 0) {
			/* As the wall timeout: interrupted, the state kept. */
			kill(d->k.code_pid, SIGINT);
			d->phase = 1;
			d->cpu_fired = true;
			d->deadline_ms = now_monotonic_ms() + GRACE_MS;
		}
		if (d->busy && now_monotonic_ms() >= d->deadline_ms) {
			if (d->phase == 0 && d->k.code_pid > 0) {
				kill(d->k.code_pid, SIGINT);
				d->phase = 1;
				d->deadline_ms = now_monotonic_ms() + GRACE_MS;
			} else if (d->phase == 1 && d->k.code_pid > 0) {
				kill(d->k.code_pid, SIGKILL);
				d->phase = 2;
				d->killed_for = "timeout";
				d->deadline_ms = now_monotonic_ms() + START_MS;
			}
		}
		if (p[0].revents)
			accept_client(d);
		if (p[1].revents || session_kernel_has_line(&d->k))
			on_ctl(d);
		if (p[2].revents && session_kernel_read_host(&d->k, to_client, d) < 0)
			on_kernel_end(d);
		for (size_t i = n - 1; i >= 3; i--)
			if (p[i].revents)
				read_request(d, i - 3);
		if (d->busy && d->done && d->k.scan[0].seen && d->k.scan[1].seen)
			finish_exec(d);
	}
}

int session_daemon_main(const char *state_dir, const char *id, int ready_fd)
{
	struct daemon d = {.state_dir = state_dir, .id = id, .lfd = -1, .persist.replay_fd = -1};
	char why[512] = "";
	signal(SIGPIPE, SIG_IGN);
	session_kernel_init(&d.k);
	workdir_init(&d.wd);
	d.m = session_manifest_read(state_dir, id);
	/* Under --node the lease first: the socket and the kernel are the
	 * holder's only (a node that lost the race leaves them alone). */
	int took =
	    d.m ? session_lease_start(state_dir, id, &d.lease, &d.renew_at, why, sizeof why) : 0;
	d.leased = took == 1;
	if (took >= 0 && (!d.m || (d.lfd = session_listen(state_dir, id, &d.sock_ino)) < 0))
		snprintf(why, sizeof why, "%s",
			 *error_first_message() ? error_first_message() : "cannot start");
	else if (took >= 0 && start_kernel(&d, why, sizeof why) == 0 && !lease_kept(&d, true))
		snprintf(why, sizeof why, "%sa newer lease was taken", SESSION_HELD_ELSEWHERE);
	if (why[0]) {
		dprintf(ready_fd, "%s\n", why);
		close(ready_fd);
		return -1;
	}
	d.count = d.saved_count = mget(&d, "execution_count");
	d.idle_deadline = now_monotonic_ms() + (double)mget(&d, "idle_ms");
	if (d.k.restored && d.count > 0)
		snprintf(d.recovered, sizeof d.recovered,
			 "the session's processes were not running (stopped, idle or killed): "
			 "restored from the state saved after execution %lld",
			 (long long)d.count);
	if (persist_start(&d.persist, state_dir, id) < 0)
		warning("the manifest is written before each reply instead");
	/* Ready: the client's execution need not wait for the manifest's
	 * fsync (the writer thread's; a sync, as `session get` sends, waits). */
	(void)!write(ready_fd, "ok\n", 3);
	close(ready_fd);
	json_t *patch = json_pack("{s:i}", "daemon_pid", (int)getpid());
	persist_manifest(&d.persist, patch);
	json_decref(patch);
	int rc = loop(&d);
	session_kernel_stop(&d.k, to_client, &d);
	persist_end(&d.persist, !d.lost); /* lost: the manifest is the new holder's */
	session_unlisten(state_dir, id, d.sock_ino);
	for (size_t i = 0; i < d.nq; i++)
		refuse(&d, d.queue[i],
		       d.lost ? "the session moved to another node: send it again"
			      : "the session stopped before this execution ran");
	session_lease_release(state_dir, id, &d.lease); /* unless lost, or none */
	session_kernel_release(&d.k);
	json_decref(d.saved);
	json_decref(d.m);
	return rc;
}
