/* sandbox_supervise — the one supervisor of a sandboxed child, from fork to
 * reap. It opens the child's pipes, starts it (isolate_spawn, or fork),
 * takes over the parent's ends, joins a gated run to its cgroup, refuses a
 * run whose --require is unmet before the code can run, opens the gate,
 * then reads the output into the outcome (handing it to the caller's sink),
 * enforces the wall and CPU deadlines and the output cap, decides every
 * kill, and reaps the main process. Nothing else in sbx kills or reaps a
 * run's child once it is handed over; isolate_kill.c only carries a kill
 * out for an isolated run.
 *
 * May call: sandbox_child (in the child), isolate (spawn, attach, kill),
 * pid1, runcpu, report_frames, output_sink, outcome, util, libc.
 */
#include "sandbox/sandbox_int.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/pidfd.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sandbox/report.h"
#include "util/profile.h"
#include "util/util.h"

#define CHUNK 65536

static double cpu_used_ms(struct supervisor *sv);

static void kill_child(struct supervisor *sv, enum kill_reason why)
{
	if (sv->killed == KILL_NONE)
		sv->killed = why;
	if (sv->reaped)
		return;
	/* Under an init, a killed code is never reaped by it, so its CPU
	 * time would be missing from the init's usage: read it now. */
	if (!sv->cpu_at_kill)
		sv->cpu_at_kill = cpu_used_ms(sv);
	/* SIGKILL: a pid-namespace init ignores SIGTERM, and a program that
	 * catches SIGTERM must not be able to extend its own deadline. */
	if (sv->pidfd >= 0)
		pidfd_send_signal(sv->pidfd, SIGKILL, NULL, 0);
	else
		kill(sv->pid, SIGKILL);
	/* Every descendant too, or they would hold the pipes open: the pid
	 * namespace, cgroup or process group of the run. */
	if (sv->isolated)
		isolate_kill(&sv->iso, sv->pid);
	else
		kill(-sv->pid, SIGKILL);
}

static void take_output(struct supervisor *sv, int stream, const char *data, size_t len)
{
	struct stream_capture *cap = stream == 1 ? &sv->out->out : &sv->out->err;
	if (sv->plan->stream_only) {
		cap->total += len;
		output_sink_write(sv->sink, stream, data, len);
		return;
	}
	size_t before = cap->kept.len;
	buf_append(&cap->kept, data, len);
	cap->total += len;
	/* Stream only what is kept: a flood stays out of the terminal too. */
	if (cap->kept.len > before)
		output_sink_write(sv->sink, stream, cap->kept.data + before,
				  cap->kept.len - before);
	uint64_t hard = sv->req->limits.output_bytes * SBX_OUTPUT_HARD_FACTOR;
	if (cap->total > hard)
		kill_child(sv, KILL_OUTPUT);
}

/* Reads what is there on fd i; closes it at EOF. */
static void drain(struct supervisor *sv, int i)
{
	char chunk[CHUNK];
	ssize_t n = read(sv->fds[i], chunk, sizeof(chunk));
	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return;
	if (n <= 0) {
		profile_mark(i == 0 ? "stdout ended" : i == 1 ? "stderr ended" : "report ended");
		close(sv->fds[i]);
		sv->fds[i] = -1;
		return;
	}
	if (i < 2) {
		take_output(sv, i + 1, chunk, (size_t)n);
		return;
	}
	/* Past its cap the report is only counted (and never parsed); past the
	 * hard output cap it is an output flood. */
	size_t took = report_frames_feed(&sv->frames, chunk, (size_t)n);
	buf_append(&sv->report, chunk + took, (size_t)n - took);
	if (sv->report.len + sv->report.dropped + sv->frames.bytes >
	    report_cap(sv->req) * SBX_OUTPUT_HARD_FACTOR)
		kill_child(sv, KILL_OUTPUT);
}

/* The CPU time of the whole run: an interpreter's children count too
 * (RLIMIT_CPU alone would give each respawned child the full limit). The
 * embedded engine starts no process: its own clock is the run's. */
static double cpu_used_ms(struct supervisor *sv)
{
	struct timespec ts;
	double ms;
	if (sv->isolated)
		ms = runcpu_ms(&sv->cpu);
	else if (!sv->have_cpu_clock || clock_gettime(sv->cpu_clock, &ts) != 0)
		ms = 0;
	else
		ms = (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
	if (ms > sv->cpu_seen_ms)
		sv->cpu_seen_ms = ms;
	return ms;
}

static void reap(struct supervisor *sv)
{
	if (sv->reaped)
		return;
	while (wait4(sv->pid, &sv->wait_status, 0, &sv->ru) < 0) {
		if (errno != EINTR) {
			sv->wait_status = W_EXITCODE(125, 0);
			break;
		}
	}
	sv->reaped = true;
	profile_mark("reaped");
	/* The init's report of how the code ended (sent before it exited,
	 * so it is queued by now) is the run's real termination; the init's
	 * own ends with a kill by sbx, which leaves no report. */
	while (sv->init_fd >= 0 && pid1_read(sv->init_fd, &sv->init) == 1 && !sv->init.have_status)
		;
	if (sv->init.have_status)
		sv->wait_status = sv->init.wait_status;
}

/* With an init: waits (bounded by the deadline) for the code's first
 * message, which names its pid, so the CPU clock reads the code. Returns
 * the code's pid, or 0 if the init ended first. */
static pid_t await_code(struct supervisor *sv)
{
	while (!sv->init.code_pid) {
		int left = (int)ceil(sv->deadline_ms - now_monotonic_ms());
		struct pollfd p = {sv->init_fd, POLLIN, 0};
		if (left <= 0 || (poll(&p, 1, left) < 0 && errno != EINTR))
			return 0;
		if (p.revents && pid1_read(sv->init_fd, &sv->init) != 1)
			return 0;
	}
	return sv->init.code_pid;
}

static bool leave_ending_init;

void sandbox_leave_ending_init(bool on)
{
	leave_ending_init = on;
}

/* SIGTERM to sbx during a run: the signal is blocked except inside ppoll,
 * so it is seen between two looks, never lost between the check and the
 * wait. */
static volatile sig_atomic_t cancel_requested;

static void note_cancel(int sig)
{
	(void)sig;
	cancel_requested = 1;
}

void sandbox_cancel_arm(void)
{
	/* SA_RESTART: the steps before a sandbox (checks, files, the cache)
	 * go on undisturbed; watch() sees the flag as its child starts. */
	struct sigaction sa = {.sa_handler = note_cancel, .sa_flags = SA_RESTART};
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTERM, &sa, NULL);
}

/* The run itself: output read as it comes, the wall and CPU deadlines and
 * the output cap enforced, the main process's end noticed, then the reap. */
static void watch(struct supervisor *sv)
{
	double cpu_limit = (double)request_cpu_ms(sv->req);
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	if (ncpu < 1)
		ncpu = 1;
	bool exited = false, init_open = true;
	double exit_grace_deadline = 0;
	sigset_t term, waitmask;
	sigemptyset(&term);
	sigaddset(&term, SIGTERM);
	sigprocmask(SIG_BLOCK, &term, &waitmask);
	sigdelset(&waitmask, SIGTERM);
	struct sigaction sa = {.sa_handler = note_cancel}, old_sa;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTERM, &sa, &old_sa);

	for (;;) {
		if (cancel_requested && sv->killed == KILL_NONE && !sv->reaped) {
			kill_child(sv, KILL_CANCEL);
			exited = true;
			exit_grace_deadline = now_monotonic_ms() + 1000;
		}
		struct pollfd pfd[5];
		int map[5], n = 0;
		for (int i = 0; i < 3; i++)
			if (sv->fds[i] >= 0) {
				pfd[n] = (struct pollfd){sv->fds[i], POLLIN, 0};
				map[n++] = i;
			}
		if (!exited && sv->pidfd >= 0) {
			pfd[n] = (struct pollfd){sv->pidfd, POLLIN, 0};
			map[n++] = 3;
		}
		if (n == 0)
			break;
		/* The init's word that the code ended comes before the init's
		 * own end (its exit tears the namespaces down): when nothing
		 * else is left, that word may be the run's end (sandbox.h). */
		if (!exited && leave_ending_init && init_open && sv->init_fd >= 0 &&
		    !sv->init.have_status) {
			pfd[n] = (struct pollfd){sv->init_fd, POLLIN, 0};
			map[n++] = 4;
		}

		double now = now_monotonic_ms();
		double wait_ms = sv->deadline_ms - now;
		if (exited)
			wait_ms = exit_grace_deadline - now;
		if (!exited && sv->killed == KILL_NONE && sv->req->limits.cpu_ms) {
			/* Checked here only when --cpu-time was given: by default the
			 * CPU limit equals the timeout, and a busy loop would hit it a
			 * hair before the wall deadline and be mislabelled. RLIMIT_CPU
			 * stays as the backstop. The limit cannot be reached before
			 * the remaining budget has passed on every core at once: sleep
			 * that long. */
			double cpu_left = cpu_limit - cpu_used_ms(sv);
			/* A /proc sample may count a child twice as it is reaped:
			 * over the limit means over in a second look too. */
			if (cpu_left <= 0 && cpu_limit - cpu_used_ms(sv) <= 0) {
				kill_child(sv, KILL_CPU);
				continue;
			}
			if (cpu_left / (double)ncpu < wait_ms)
				wait_ms = cpu_left / (double)ncpu;
			/* Without a cgroup's counter, a process dropped between two
			 * samples goes uncounted: sample often. */
			if (sv->isolated && runcpu_sampling(&sv->cpu) && wait_ms > RUNCPU_SAMPLE_MS)
				wait_ms = RUNCPU_SAMPLE_MS;
		}
		if (wait_ms <= 0) {
			if (exited)
				break; /* descendants holding the pipes: stop reading */
			kill_child(sv, KILL_WALL);
			/* After a kill, read what is left for a bounded time. */
			exited = true;
			exit_grace_deadline = now + 1000;
			continue;
		}
		double w = ceil(wait_ms);
		struct timespec ts = {(time_t)(w / 1000), (long)(fmod(w, 1000.0) * 1e6)};
		int rc = ppoll(pfd, (nfds_t)n, &ts, &waitmask);
		if (rc < 0 && errno != EINTR)
			break;
		for (int k = 0; rc > 0 && k < n; k++) {
			if (!pfd[k].revents)
				continue;
			if (map[k] == 4) {
				/* At its end (or an error) the pidfd says the rest. */
				init_open = pid1_read(sv->init_fd, &sv->init) == 1;
				if (sv->init.have_status && sv->init.alone &&
				    sv->killed == KILL_NONE && leave_ending_init) {
					profile_mark("init: the code ended alone");
					exited = true;
					exit_grace_deadline = now_monotonic_ms() + 1000;
				}
			} else if (map[k] == 3) {
				/* The main process ended; its descendants must not
				 * keep the run alive. */
				profile_mark("main process ended (pidfd)");
				exited = true;
				exit_grace_deadline = now_monotonic_ms() + 1000;
				if (!sv->isolated && sv->killed == KILL_NONE)
					kill(-sv->pid, SIGKILL);
				/* Isolated: the pid namespace, the cgroup, the
				 * run uid or the subreaper take care of daemons
				 * that left the process group. */
				if (sv->isolated)
					isolate_kill(&sv->iso, sv->pid);
			} else {
				drain(sv, map[k]);
			}
		}
	}
	if (!sv->reaped && sv->killed == KILL_NONE && !exited)
		kill_child(sv, KILL_WALL);
	if (sv->init.have_status && sv->init.alone && sv->killed == KILL_NONE &&
	    leave_ending_init) {
		/* The code ended and left nothing: the init's word is what its
		 * wait4 would say, and its own exit (the namespaces' teardown,
		 * ~0.5 ms) is not the record's to wait for (sandbox.h). */
		sv->wait_status = sv->init.wait_status;
		sv->ru = sv->init.ru;
		sv->reaped = sv->init_ending = true;
	} else {
		reap(sv);
	}
	sigaction(SIGTERM, &old_sa, NULL);
	sigdelset(&term, SIGTERM);
	if (!cancel_requested) {
		sigaddset(&term, SIGTERM);
		sigprocmask(SIG_UNBLOCK, &term, NULL);
	}
}

static int open_pipes(int pipes[4][2])
{
	for (int i = 0; i < 4; i++) {
		pipes[i][0] = pipes[i][1] = -1;
		if (pipe2(pipes[i], O_CLOEXEC) != 0)
			return -1;
	}
	return 0;
}

static void close_pipes(int pipes[4][2], int end)
{
	for (int i = 0; i < 4; i++)
		if (pipes[i][end] >= 0) {
			close(pipes[i][end]);
			pipes[i][end] = -1;
		}
}

void sandbox_supervisor_init(struct supervisor *sv, const struct request *req,
			     const struct sandbox_plan *plan, struct outcome *out,
			     const struct output_sink *sink)
{
	memset(sv, 0, sizeof(*sv));
	sv->req = req;
	sv->plan = plan;
	sv->out = out;
	sv->sink = sink;
	sv->pidfd = sv->setup_fd = sv->init_fd = -1;
	for (int i = 0; i < 4; i++)
		sv->pipes[i][0] = sv->pipes[i][1] = -1;
	sv->gate[0] = sv->gate[1] = sv->initc[0] = sv->initc[1] = -1;
	sv->fds[0] = sv->fds[1] = sv->fds[2] = -1;
	buf_init(&sv->report, report_cap(req));
	report_frames_init(&sv->frames, sink, req->limits.output_bytes, report_cap(req));
}

/* The parent's ends of the child's pipes, once it runs: the write ends and
 * the child's own ends closed, so that EOF means the run closed them. */
static void take_over_fds(struct supervisor *sv)
{
	close_pipes(sv->pipes, 1);
	if (sv->gate[0] >= 0) {
		close(sv->gate[0]);
		sv->gate[0] = -1;
	}
	for (int i = 0; i < 3; i++) {
		sv->fds[i] = sv->pipes[i][0];
		sv->pipes[i][0] = -1;
	}
	/* Read once, after the child is reaped: never wait on it. */
	sv->setup_fd = sv->pipes[3][0];
	sv->pipes[3][0] = -1;
	fcntl(sv->setup_fd, F_SETFL, O_NONBLOCK);
	if (sv->merged) { /* nothing writes to the stderr pipe */
		close(sv->fds[1]);
		sv->fds[1] = -1;
	}
	if (sv->initc[1] >= 0) {
		close(sv->initc[1]);
		sv->initc[1] = -1;
	}
	if (sv->isolated && (sv->iso.namespaces & NS_PID)) {
		sv->init_fd = sv->initc[0];
		sv->initc[0] = -1;
	}
}

enum supervise_result sandbox_supervise(struct supervisor *sv, const struct seccomp_prog *prog)
{
	const struct request *req = sv->req;
	const struct sandbox_plan *plan = sv->plan;
	struct outcome *out = sv->out;
	char names[96];

	if (open_pipes(sv->pipes) != 0 || (plan->gated && pipe2(sv->gate, O_CLOEXEC) != 0) ||
	    (sv->isolated && pid1_channel(sv->initc) != 0)) {
		outcome_fail(out, STATUS_SANDBOX_ERROR, "SandboxError", "pipe: %s",
			     strerror(errno));
		return SUPERVISE_FAILED;
	}
	/* The stdout, stderr and report pipes are the code's to write
	 * (sandbox.h), so they are the code's uid's: what reopens its own fd
	 * (`echo x > /dev/stderr` in a shell, open('/dev/stdout'), Java's
	 * report through /proc/self/fd/3) gets the pipe, as natively, where a
	 * pipe of root's refuses another uid. A pipe carries only what the
	 * code writes itself; its standard input is the caller's and stays so. */
	for (int i = 0; i < 3 && sv->isolated && sv->iso.is_root; i++)
		if (fchown(sv->pipes[i][1], sv->iso.host_uid, sv->iso.host_gid) != 0) {
			outcome_fail(out, STATUS_SANDBOX_ERROR, "SandboxError",
				     "cannot give the output pipes to the sandbox's uid: %s",
				     strerror(errno));
			return SUPERVISE_FAILED;
		}
	/* So is a plain gate's read end: Java's launcher reads it by reopening
	 * /proc/self/fd/4 (Java cannot read an fd), which a pipe of root's
	 * refuses; nothing of the code runs before it is read. */
	if (plan->gated && !plan->held_exec && sv->isolated && sv->iso.is_root &&
	    fchown(sv->gate[0], sv->iso.host_uid, sv->iso.host_gid) != 0) {
		outcome_fail(out, STATUS_SANDBOX_ERROR, "SandboxError",
			     "cannot give the gate to the sandbox's uid: %s", strerror(errno));
		return SUPERVISE_FAILED;
	}

	/* Start. */
	pid_t parent = getpid();
	sv->start_ms = now_monotonic_ms();
	sv->deadline_ms = sv->start_ms + (double)req->limits.timeout_ms;
	fflush(NULL); /* no buffered output duplicated into the child */
	sv->pid = sv->isolated ? isolate_spawn(plan, &sv->iso) : fork();
	if (sv->pid == 0)
		sandbox_child_start(sv, parent, prog);
	profile_mark("sandbox child started");
	if (sv->pid < 0) {
		/* isolate_spawn killed and reaped what it started. */
		int prc = sv->isolated && sv->iso.note[0] ? -2 : -1;
		unsigned applied = sandbox_plan_applied(sv->isolated ? &sv->iso : NULL);
		outcome_fail(out,
			     prc == -2 && (req->require & ~applied) ? STATUS_BLOCKED
								    : STATUS_SANDBOX_ERROR,
			     "SandboxError", "could not start the sandbox: %s",
			     sv->iso.note[0] ? sv->iso.note : strerror(errno));
		return SUPERVISE_FAILED;
	}
	take_over_fds(sv);
	sv->pidfd = pidfd_open(sv->pid, 0);
	pid_t code = sv->init_fd >= 0 ? await_code(sv) : sv->pid;
	profile_mark("code started (pid)");
	sv->have_cpu_clock = clock_getcpuclockid(code ? code : sv->pid, &sv->cpu_clock) == 0;

	out->sandbox.seccomp = true;
	out->sandbox.rlimits = true;
	/* A gated run's interpreter is starting already; the layers that
	 * wait for it (the cgroup) are applied now, then the gate opens. A
	 * failure leaves sv->iso without the cgroup, and the report says so. */
	if (sv->isolated && plan->gated) {
		/* Both the init and the code it forked (before the gate, so
		 * nothing of the code has run or forked yet). */
		if (isolate_attach(&sv->iso, sv->pid) == 0 && sv->init.code_pid)
			isolate_attach(&sv->iso, sv->init.code_pid);
		profile_mark("cgroup joined");
	}
	/* The run is the child's session (it calls setsid; the filter denies
	 * leaving it), and its cgroup where there is one. */
	if (sv->isolated)
		runcpu_init(&sv->cpu, sv->iso.cgroup ? &sv->iso.cg : NULL, sv->pid);
	unsigned missing = req->require & ~sandbox_plan_applied(sv->isolated ? &sv->iso : NULL);
	if (missing) {
		/* Fail closed: the child has not been let go yet when isolated
		 * (it waits for the go-ahead), and is killed before the code
		 * can run. */
		kill_child(sv, KILL_NONE);
		reap(sv);
		outcome_fail(out, STATUS_BLOCKED, "RequirementUnmet",
			     "--require %s: not available here (%s)",
			     request_layer_names(missing, names, sizeof(names)),
			     sv->iso.note[0] ? sv->iso.note : "see 'sbx doctor'");
		return SUPERVISE_REFUSED;
	}
	struct buf gate_msg = BUF_INIT; /* a held exec's words; else one byte */
	if (sv->gate[1] >= 0 && sandbox_hold_pending()) {
		if (!sandbox_hold_release(plan)) {
			/* A warm sandbox nobody's code fits: torn down unused. */
			kill_child(sv, KILL_NONE);
			reap(sv);
			outcome_fail(out, STATUS_SANDBOX_ERROR, "SandboxError",
				     "the warm sandbox was not used");
			return SUPERVISE_FAILED;
		}
		if (plan->held_exec && !plan->held_exec(plan->held_exec_ctx, &gate_msg)) {
			/* The request's files could not be put in place (out
			 * says why): nothing of it ran. */
			buf_release(&gate_msg);
			kill_child(sv, KILL_NONE);
			reap(sv);
			return SUPERVISE_FAILED;
		}
		/* The wait of a warm sandbox is not the run's: its clock and
		 * deadline start when the code may. */
		sv->start_ms = now_monotonic_ms();
		sv->deadline_ms = sv->start_ms + (double)req->limits.timeout_ms;
	}
	if (sv->gate[1] >= 0) {
		/* Every layer is in place: let the user code run. The child
		 * reads a held exec's words to their end (the close below). */
		int wrc = gate_msg.len ? write_all(sv->gate[1], gate_msg.data, gate_msg.len)
				       : (write(sv->gate[1], "g", 1) == 1 ? 0 : -1);
		buf_release(&gate_msg);
		if (wrc != 0) {
			kill_child(sv, KILL_NONE);
			reap(sv);
			outcome_fail(out, STATUS_SANDBOX_ERROR, "SandboxError",
				     "could not open the gate: %s", strerror(errno));
			return SUPERVISE_FAILED;
		}
		close(sv->gate[1]);
		sv->gate[1] = -1;
		profile_mark("gate opened");
	}
	if (plan->on_start) {
		struct sandbox_report layers = out->sandbox;
		if (sv->isolated) {
			layers.namespaces = sv->iso.namespaces;
			layers.landlock_abi = sv->iso.landlock_abi;
			layers.cgroup = sv->iso.cgroup;
			snprintf(layers.note, sizeof layers.note, "%s", sv->iso.note);
		}
		plan->on_start(plan->on_start_ctx, &layers, (int)(code ? code : sv->pid));
	}

	watch(sv);
	profile_mark("code ended (exit)");
	out->wall_ms = now_monotonic_ms() - sv->start_ms;
	if (sv->isolated && !runcpu_sampling(&sv->cpu))
		(void)cpu_used_ms(sv); /* the cgroup's final count, before it goes */
	return SUPERVISE_DONE;
}

void sandbox_supervisor_release(struct supervisor *sv)
{
	for (int i = 0; i < 3; i++)
		if (sv->fds[i] >= 0)
			close(sv->fds[i]);
	if (sv->pidfd >= 0)
		close(sv->pidfd);
	if (sv->setup_fd >= 0)
		close(sv->setup_fd);
	if (sv->init_fd >= 0)
		close(sv->init_fd);
	for (int i = 0; i < 2; i++)
		if (sv->initc[i] >= 0)
			close(sv->initc[i]);
	close_pipes(sv->pipes, 0);
	close_pipes(sv->pipes, 1);
	for (int i = 0; i < 2; i++)
		if (sv->gate[i] >= 0)
			close(sv->gate[i]);
	runcpu_free(&sv->cpu);
	buf_release(&sv->report);
	report_frames_release(&sv->frames);
}
