/* session_kernel_link — the daemon's side of one kernel. The kernel runs in a
 * host process (a child of the daemon) that calls engine_kernel_run, i.e.
 * the sandbox's own supervisor, from fork to reap; the host forwards the
 * code's output and its start and end to the daemon as frames on a pipe.
 * The daemon talks to the kernel itself on a socket pair (the kernel's fd
 * 0). Each execution's end is marked in stdout and stderr by a token the
 * kernel writes after flushing, found here and cut out, so the record
 * holds every byte written before "done" and nothing after it.
 * May call: engine (engine_kernel), core, session_proto, util, libc.
 */
#include "session/session_kernel_link.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/outcome.h"
#include "engine/engine_kernel.h"
#include "sandbox/rundir.h"
#include "util/util.h"

#define KERNEL_WALL_MS (24ull * 24 * 3600 * 1000) /* the host's own deadline */
#define KERNEL_STOP_MS 5000

static volatile sig_atomic_t host_code_pid;

/* The daemon died (kill -9): take the kernel with us, the sandbox's own
 * end then removes its cgroup. */
static void host_on_term(int sig)
{
	(void)sig;
	if (host_code_pid > 0)
		kill((pid_t)host_code_pid, SIGKILL);
}

static void host_sink(void *ctx, int stream, const char *data, size_t len)
{
	(void)proto_send(*(int *)ctx, stream == 1 ? 'O' : 'E', data, len);
}

static void host_started(void *ctx, const struct sandbox_report *l, int pid)
{
	host_code_pid = pid;
	json_t *j = json_pack("{s:b, s:i, s:o}", "started", 1, "pid", pid, "sandbox",
			      sandbox_report_to_json(l));
	json_object_set_new(j, "bits",
			    json_pack("{s:i, s:i, s:s?, s:s}", "ns", (int)l->namespaces, "landlock",
				      l->landlock_abi, "cgroup", l->cgroup, "note", l->note));
	(void)proto_send_json(*(int *)ctx, j);
	json_decref(j);
}

static void host_main(const char *state_dir, json_t *m, int ctl, int pipe_w, pid_t daemon,
		      const struct cgroup_run *group)
{
	prctl(PR_SET_PDEATHSIG, SIGTERM);
	signal(SIGTERM, host_on_term);
	signal(SIGPIPE, SIG_IGN);
	struct request req;
	request_init(&req);
	req.lang = lang_by_name(json_string_value(json_object_get(m, "language")));
	req.format = FORMAT_JSON; /* two pipes, never merged */
	req.limits.timeout_ms = KERNEL_WALL_MS;
	req.limits.cpu_ms = 0;
	req.limits.memory_bytes = (uint64_t)json_integer_value(json_object_get(m, "memory_bytes"));
	req.require = (unsigned)json_integer_value(json_object_get(m, "require"));
	req.limits.output_bytes = 1u << 20;
	/* RLIMIT_FSIZE: no file past the workspace's disk quota either
	 * (the daemon lowers the soft limit to what is left before each
	 * execution: session_group.c). */
	uint64_t disk = (uint64_t)json_integer_value(json_object_get(m, "disk_bytes"));
	req.limits.files_bytes = disk && disk < (100u << 20) ? disk : 100u << 20;
	req.state_dir = xstrdup(state_dir);
	make_execution_id(req.id);
	request_set_code(&req, xstrdup(""), 0, "-e");
	struct outcome out;
	outcome_init(&out, &req);
	struct output_sink sink = {host_sink, &pipe_w};
	struct kernel_start ks = {
	    .rundir = json_string_value(json_object_get(m, "rundir")),
	    .ctl_fd = ctl,
	    .on_start = host_started,
	    .ctx = &pipe_w,
	    .uid_of = daemon, /* one uid for every kernel of the workspace */
	    .cgroup_parent = group && group->kind ? group : NULL,
	};
	int rc = req.lang ? engine_kernel_run(&req, &out, &sink, &ks) : -1;
	json_t *end =
	    json_pack("{s:b, s:s, s:O?, s:i, s:i, s:b, s:I, s:f, s:i}", "ended", 1, "status",
		      status_name(out.status), "error", out.error, "exit_code", out.exit_code,
		      "signal", out.signal, "exited", out.exited, "memory_peak_kb",
		      (json_int_t)out.memory_peak_kb, "cpu_ms", out.cpu_ms, "rc", rc);
	(void)proto_send_json(pipe_w, end);
	_exit(0);
}

void session_kernel_link_init(struct session_kernel_link *k)
{
	memset(k, 0, sizeof *k);
	k->ctl = k->pipe = -1;
	buf_init(&k->line, KERNEL_LINE_MAX);
}

int session_kernel_link_start(struct session_kernel_link *k, const char *state_dir, json_t *m,
			      struct workdir *wd)
{
	int sp[2], pp[2];
	unsigned char r[8];
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sp) < 0)
		return error("socketpair: %s", strerror(errno));
	if (pipe2(pp, O_CLOEXEC) < 0) {
		close(sp[0]), close(sp[1]);
		return error("pipe: %s", strerror(errno));
	}
	if (getrandom(r, sizeof r, 0) != (ssize_t)sizeof r)
		memset(r, 0x5a, sizeof r);
	k->toklen = (size_t)snprintf(k->token, sizeof k->token,
				     "\036sbx:%02x%02x%02x%02x%02x%02x%02x%02x\036", r[0], r[1],
				     r[2], r[3], r[4], r[5], r[6], r[7]);
	fflush(NULL);
	pid_t daemon = getpid();
	pid_t pid = fork();
	if (pid < 0) {
		close(sp[0]), close(sp[1]), close(pp[0]), close(pp[1]);
		return error("fork: %s", strerror(errno));
	}
	if (pid == 0) {
		close(sp[0]);
		close(pp[0]);
		host_main(state_dir, m, sp[1], pp[1], daemon, k->group);
	}
	close(sp[1]);
	close(pp[1]);
	k->host_pid = pid;
	k->ctl = sp[0];
	k->pipe = pp[0];
	k->ready = k->ended = false;
	k->code_pid = 0;
	buf_reset(&k->line);
	json_decref(k->layers), k->layers = NULL;
	json_decref(k->end), k->end = NULL;
	json_decref(k->unsaved), k->unsaved = NULL;
	char state[PATH_MAX + 32];
	/* The kernel's own writable directory (rundir.h): the code may do
	 * there what it likes, and the host never reads it. */
	snprintf(state, sizeof state, "%s/" WORKDIR_PRIVATE "/" RUNDIR_STATE "/state.pickle",
		 json_string_value(json_object_get(m, "rundir")));
	json_t *hello = json_pack("{s:s, s:s}", "state", state, "token", k->token);
	if (k->fresh)
		json_object_set_new(hello, "fresh", json_true()); /* the kernel skips its restore */
	else
		session_replay_hello(m, wd->priv_fd, hello);
	session_modules_hello(wd, hello);
	k->fresh = false;
	int rc = session_kernel_link_send(k, hello);
	json_decref(hello);
	return rc;
}

int session_kernel_link_send(struct session_kernel_link *k, json_t *j)
{
	char *s = json_dumps(j, JSON_COMPACT);
	if (!s)
		return error("the request cannot be encoded (is the code UTF-8?)");
	size_t n = strlen(s);
	int rc = write_all(k->ctl, s, n) == 0 && write_all(k->ctl, "\n", 1) == 0 ? 0 : -1;
	free(s);
	return rc;
}

int session_kernel_link_read_ctl(struct session_kernel_link *k, json_t **frame)
{
	*frame = NULL;
	char *nl = k->line.len ? memchr(k->line.data, '\n', k->line.len) : NULL;
	if (!nl) {
		char chunk[65536];
		ssize_t n = read(k->ctl, chunk, sizeof chunk);
		if (n < 0 && (errno == EINTR || errno == EAGAIN))
			return 0;
		if (n <= 0)
			return -1;
		if (!buf_append(&k->line, chunk, (size_t)n))
			return -1; /* a line past its bound: not the kernel's */
		nl = memchr(k->line.data, '\n', k->line.len);
		if (!nl)
			return 0;
	}
	size_t len = (size_t)(nl - k->line.data);
	/* Written by the kernel, i.e. maybe by the session's code: checked. */
	*frame = session_frame_check(json_loadb(k->line.data, len, 0, NULL));
	size_t rest = k->line.len - len - 1;
	memmove(k->line.data, nl + 1, rest);
	k->line.len = rest;
	return *frame ? 1 : 0;
}

bool session_kernel_link_has_line(const struct session_kernel_link *k)
{
	return k->line.len && memchr(k->line.data, '\n', k->line.len);
}

/* Cuts the token out of stream i's bytes; a token split across chunks is
 * held back until it is whole (or proves not to be one). */
static void scan(struct session_kernel_link *k, int i, const char *data, size_t len,
		 session_kernel_link_output_fn fn, void *ctx)
{
	struct session_kernel_link_scan *s = &k->scan[i];
	struct buf b = BUF_INIT;
	buf_append(&b, s->hold, s->n);
	buf_append(&b, data, len);
	s->n = 0;
	const char *p = b.data, *end = b.data + b.len;
	while (p < end) {
		const char *t = memmem(p, (size_t)(end - p), k->token, k->toklen);
		if (t) {
			if (t > p)
				fn(ctx, i + 1, p, (size_t)(t - p));
			s->seen = true;
			p = t + k->toklen;
			continue;
		}
		size_t keep = 0; /* the longest tail that starts the token */
		for (size_t m = k->toklen - 1; m > 0; m--)
			if ((size_t)(end - p) >= m && !memcmp(end - m, k->token, m)) {
				keep = m;
				break;
			}
		if ((size_t)(end - p) > keep)
			fn(ctx, i + 1, p, (size_t)(end - p) - keep);
		memcpy(s->hold, end - keep, keep);
		s->n = keep;
		break;
	}
	buf_release(&b);
}

int session_kernel_link_read_host(struct session_kernel_link *k, session_kernel_link_output_fn fn,
				  void *ctx)
{
	struct buf b = BUF_INIT;
	char type;
	int r = proto_recv(k->pipe, &type, &b);
	if (r <= 0) {
		buf_release(&b);
		return -1;
	}
	if (type == 'O' || type == 'E') {
		scan(k, type == 'O' ? 0 : 1, b.data ? b.data : "", b.len, fn, ctx);
	} else if (type == 'J') {
		json_t *j = proto_json(&b);
		if (j && json_object_get(j, "started")) {
			k->code_pid = (int)json_integer_value(json_object_get(j, "pid"));
			json_decref(k->layers);
			k->layers = json_incref(json_object_get(j, "bits"));
		} else if (j && json_object_get(j, "ended")) {
			json_decref(k->end);
			k->end = json_incref(j);
		}
		json_decref(j);
	}
	buf_release(&b);
	return 0;
}

int session_kernel_link_await_ready(struct session_kernel_link *k, int ms,
				    session_kernel_link_output_fn fn, void *ctx, char *why,
				    size_t n)
{
	double deadline = now_monotonic_ms() + ms;
	session_kernel_link_reset_marks(k);
	while (!k->ready || !k->scan[0].seen || !k->scan[1].seen) {
		/* Once ready, nothing more comes on the control channel. */
		struct pollfd p[2] = {{k->ready ? -1 : k->ctl, POLLIN, 0}, {k->pipe, POLLIN, 0}};
		int left = (int)(deadline - now_monotonic_ms());
		if (left <= 0 || poll(p, 2, left) < 0) {
			if (errno == EINTR)
				continue;
			snprintf(why, n, "the kernel did not start within %d s", ms / 1000);
			session_kernel_link_stop(k, fn, ctx);
			return -1;
		}
		json_t *f = NULL;
		if (p[0].revents && session_kernel_link_read_ctl(k, &f) == 1 &&
		    json_object_get(f, "ready")) {
			k->ready = true;
			k->restored = json_is_true(json_object_get(f, "restored"));
			k->unsaved = json_incref(json_object_get(f, "unsaved"));
		}
		json_decref(f);
		if (p[1].revents && session_kernel_link_read_host(k, fn, ctx) < 0) {
			const char *m = json_string_value(
			    json_object_get(json_object_get(k->end, "error"), "message"));
			snprintf(why, n, "%s", m ? m : "the kernel ended before it was ready");
			session_kernel_link_reap(k);
			return -1;
		}
	}
	session_kernel_link_reset_marks(k);
	return 0;
}

void session_kernel_link_reset_marks(struct session_kernel_link *k)
{
	for (int i = 0; i < 2; i++)
		k->scan[i].seen = false;
}

void session_kernel_link_reap(struct session_kernel_link *k)
{
	if (k->ctl >= 0)
		close(k->ctl), k->ctl = -1;
	if (k->pipe >= 0)
		close(k->pipe), k->pipe = -1;
	if (k->host_pid > 0)
		waitpid(k->host_pid, NULL, 0);
	k->host_pid = 0;
	k->code_pid = 0;
	k->ready = false;
	k->ended = true;
}

void session_kernel_link_stop(struct session_kernel_link *k, session_kernel_link_output_fn fn,
			      void *ctx)
{
	if (k->host_pid <= 0)
		return;
	/* EOF on its control channel ends the kernel (its state was saved
	 * after the last execution); one that does not go is killed. */
	if (k->ctl >= 0)
		close(k->ctl), k->ctl = -1;
	double deadline = now_monotonic_ms() + KERNEL_STOP_MS;
	while (k->pipe >= 0) {
		double left = deadline - now_monotonic_ms();
		if (left <= 0) {
			if (k->code_pid > 0)
				kill(k->code_pid, SIGKILL);
			deadline = now_monotonic_ms() + KERNEL_STOP_MS;
			if (k->code_pid <= 0)
				kill(k->host_pid, SIGTERM);
			k->code_pid = 0;
			continue;
		}
		struct pollfd p = {k->pipe, POLLIN, 0};
		if (poll(&p, 1, (int)left + 1) > 0 && session_kernel_link_read_host(k, fn, ctx) < 0)
			break;
	}
	session_kernel_link_reap(k);
}

void session_kernel_link_release(struct session_kernel_link *k)
{
	json_decref(k->layers);
	json_decref(k->end);
	json_decref(k->unsaved);
	buf_release(&k->line);
}
