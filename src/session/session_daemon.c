/* session_daemon — one process per live session: it listens on the
 * session's socket (mode 0600), keeps the workspace's kernels (one per
 * language: session_kernels.c), and runs the clients' executions one at a
 * time in arrival order (session_daemon_exec.c). Per execution it enforces
 * the wall-clock timeout and the CPU-time limit (the interpreter's, read
 * from /proc: session_exec_io.c) (SIGINT, which the kernel turns into an
 * interrupted execution with its state kept; a kernel that does not stop
 * within the grace is killed and the next execution restores the saved
 * state) and the output cap. After --idle without executions, or at the
 * TTL, it stops the kernels (whose state was saved after every execution)
 * and exits. A client that goes away mid-execution only loses its record:
 * the execution finishes and the session goes on. Single-threaded, poll.
 * May call: session_kernels, session_daemon_exec, session_kernel_link,
 * session_store, session_proto, sandbox (workdir), engine, util, libc.
 */
#include "session/session_daemon_int.h"

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

#include "sandbox/rundir.h"
#include "util/util.h"

static json_int_t mget(struct daemon *d, const char *key)
{
	return json_integer_value(json_object_get(d->m, key));
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

/* A new time to live (session_ttl.c): the session expires that long from
 * now and each execution renews it by that; answered once on disk. */
static void set_ttl(struct daemon *d, int fd, json_t *req)
{
	json_t *ms = json_object_get(req, "ttl_ms");
	if (!json_is_integer(ms) || json_integer_value(ms) <= 0) {
		proto_reply_error(fd, "ttl_ms must be a positive number of milliseconds");
		return;
	}
	uint64_t now = session_now_ms();
	json_t *patch = json_pack("{s:O, s:I}", "ttl_ms", ms, "expires_at_ms",
				  (json_int_t)(now + (uint64_t)json_integer_value(ms)));
	json_object_update(d->m, patch);
	persist_manifest(&d->persist, patch);
	json_decref(patch);
	persist_sync_reply(&d->persist, fd);
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
	} else if (!strcmp(op, "ttl")) {
		set_ttl(d, fd, req);
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

static double cpu_check_ms(struct daemon *d)
{
	return session_cpu_check_ms(d->cur->k.code_pid, d->cpu0_ms, d->cpu_limit_ms);
}

/* Under --node: false once the lease is lost (session_lease_keep); the
 * kernels are then killed at once, so they save nothing over the new
 * holder's state. */
static bool lease_kept(struct daemon *d, bool starting)
{
	if (d->leased && !d->lost &&
	    (d->lost = !session_lease_keep(d->state_dir, d->id, &d->lease, &d->renew_at, starting)))
		session_kernels_kill_all(d);
	return !d->lost;
}

static int loop(struct daemon *d)
{
	for (;;) {
		if (d->stopped)
			return 0;
		if (!d->busy && d->nq > 0) {
			if (!lease_kept(d, true))
				return 1;
			daemon_start_job(d);
			continue;
		}
		double now = now_monotonic_ms();
		uint64_t wall = session_now_ms();
		if (!d->busy && d->nq == 0 &&
		    (now >= d->idle_deadline || session_expired(d->m, wall) ||
		     (d->leased && session_node_gone()))) /* its node's server ended */
			return 0;
		/* The socket, each kernel's control channel and host pipe (-1:
		 * none, which poll skips), the waiting clients. */
		struct pollfd p[1 + 2 * MAX_KERNELS + MAX_WAITING];
		nfds_t n = 0;
		size_t nk = d->nkernels;
		p[n++] = (struct pollfd){d->lfd, POLLIN, 0};
		for (size_t i = 0; i < nk; i++) {
			p[n++] = (struct pollfd){d->kernels[i].k.ctl, POLLIN, 0};
			p[n++] = (struct pollfd){d->kernels[i].k.pipe, POLLIN, 0};
		}
		for (size_t i = 0; i < d->nwait; i++)
			p[n++] = (struct pollfd){d->waiting[i], POLLIN, 0};
		double until = d->busy ? d->deadline_ms : d->idle_deadline;
		if (d->busy && d->phase == 0 && d->cpu_limit_ms > 0)
			until = fmin(until, now + cpu_check_ms(d));
		if (d->busy && d->phase < 2)
			until = fmin(until, d->disk_check_at);
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
		int code_pid = d->busy ? d->cur->k.code_pid : 0;
		if (d->busy && d->phase == 0 && d->cpu_limit_ms > 0 && cpu_check_ms(d) <= 0 &&
		    code_pid > 0) {
			/* As the wall timeout: interrupted, the state kept. */
			kill(code_pid, SIGINT);
			d->phase = 1;
			d->cpu_fired = true;
			d->deadline_ms = now_monotonic_ms() + GRACE_MS;
		}
		if (d->busy && now_monotonic_ms() >= d->deadline_ms) {
			if (d->phase == 0 && code_pid > 0) {
				kill(code_pid, SIGINT);
				d->phase = 1;
				d->deadline_ms = now_monotonic_ms() + GRACE_MS;
			} else if (d->phase == 1 && code_pid > 0) {
				kill(code_pid, SIGKILL);
				d->phase = 2;
				d->killed_for = "timeout";
				d->deadline_ms = now_monotonic_ms() + START_MS;
			}
		}
		if (d->busy && d->phase < 2 && now_monotonic_ms() >= d->disk_check_at)
			session_group_disk_watch(d);
		if (p[0].revents)
			accept_client(d);
		for (size_t i = 0; i < nk; i++) {
			struct kernel_slot *s = &d->kernels[i];
			if (p[1 + 2 * i].revents || session_kernel_link_has_line(&s->k))
				daemon_on_ctl(d, s);
			if (p[2 + 2 * i].revents &&
			    session_kernel_link_read_host(&s->k, daemon_to_client, s) < 0)
				daemon_on_kernel_end(d, s);
		}
		size_t first = 1 + 2 * nk;
		for (size_t i = n - 1; i >= first; i--)
			if (p[i].revents)
				read_request(d, i - first);
		if (d->busy && d->done && d->cur->k.scan[0].seen && d->cur->k.scan[1].seen)
			daemon_finish_exec(d);
	}
}

int session_daemon_main(const char *state_dir, const char *id, int ready_fd)
{
	struct daemon d = {.state_dir = state_dir, .id = id, .lfd = -1, .persist.replay_fd = -1};
	char why[512] = "";
	signal(SIGPIPE, SIG_IGN);
	workdir_init(&d.wd);
	d.m = session_manifest_read(state_dir, id);
	d.count = d.m ? mget(&d, "execution_count") : 0;
	/* The session's own language first: its kernel starts with the
	 * daemon, another language's on its first execution. */
	struct kernel_slot *own =
	    d.m ? session_kernels_slot(&d, json_string_value(json_object_get(d.m, "language")), why,
				       sizeof why)
		: NULL;
	d.cur = own;
	/* Under --node the lease first: the socket and the kernel are the
	 * holder's only (a node that lost the race leaves them alone). */
	int took =
	    d.m ? session_lease_start(state_dir, id, &d.lease, &d.renew_at, why, sizeof why) : 0;
	d.leased = took == 1;
	if (why[0]) {
		/* the session's language has no kernel */
	} else if (took >= 0 && d.m && session_group_start(&d, why, sizeof why) < 0) {
		/* --require cgroup, and none */
	} else if (took >= 0 && (!d.m || (d.lfd = session_listen(state_dir, id, &d.sock_ino)) < 0))
		snprintf(why, sizeof why, "%s",
			 *error_first_message() ? error_first_message() : "cannot start");
	else if (took >= 0 && session_kernels_start(&d, own, why, sizeof why) == 0 &&
		 !lease_kept(&d, true))
		snprintf(why, sizeof why, "%sa newer lease was taken", SESSION_HELD_ELSEWHERE);
	if (why[0]) {
		dprintf(ready_fd, "%s\n", why);
		close(ready_fd);
		session_kernels_release(&d);
		session_group_end(&d);
		json_decref(d.m);
		return -1;
	}
	d.idle_deadline = now_monotonic_ms() + (double)mget(&d, "idle_ms");
	own->recovered[0] = 0;
	if (own->k.restored && d.count > 0)
		snprintf(own->recovered, sizeof own->recovered,
			 "the session's processes were not running (stopped, idle or killed): "
			 "restored from the state saved after execution %lld",
			 (long long)d.count);
	if (persist_start(&d.persist, state_dir, id) < 0)
		warning("the manifest is written before each reply instead");
	/* Ready: the client's execution need not wait for the manifest's
	 * fsync (the writer thread's; a sync, as `session get` sends, waits). */
	(void)!write(ready_fd, "ok\n", 3);
	close(ready_fd);
	json_t *patch = json_pack("{s:i, s:o}", "daemon_pid", (int)getpid(), "workspace",
				  session_group_json(&d));
	persist_manifest(&d.persist, patch);
	json_decref(patch);
	session_kernels_persist(&d);
	int rc = loop(&d);
	if (!d.stopped) /* a stop stopped them, its manifest on disk before its answer */
		session_kernels_stop_all(&d);
	persist_end(&d.persist, !d.lost); /* lost: the manifest is the new holder's */
	session_unlisten(state_dir, id, d.sock_ino);
	for (size_t i = 0; i < d.nq; i++)
		daemon_refuse(&d, d.queue[i],
			      d.lost ? "the session moved to another node: send it again"
				     : "the session stopped before this execution ran");
	session_lease_release(state_dir, id, &d.lease); /* unless lost, or none */
	session_kernels_release(&d);
	session_group_end(&d); /* its kernels' groups gone with them */
	json_decref(d.saved);
	json_decref(d.m);
	return rc;
}
