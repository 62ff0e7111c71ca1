#include "sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/pidfd.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "isolate.h"
#include "opt.h"
#include "report.h"
#include "runcpu.h"
#include "pid1.h"
#include "seccomp.h"
#include "util.h"

#define CHUNK 65536

enum kill_reason { KILL_NONE, KILL_WALL, KILL_CPU, KILL_OUTPUT };

/* The child's own setup failures (before the engine starts) go to a pipe of
 * their own, close-on-exec: an interpreter never inherits it, so only sbx's
 * code can say "sandbox_error" (fd 3, which the code can write, cannot). */
#define SANDBOX_SETUP_FD 6 /* after SANDBOX_INIT_FD */
#define SETUP_MSG_MAX	 256

struct supervisor {
	const struct request *req;
	const struct sandbox_plan *plan;
	struct outcome *out;
	const struct output_sink *sink;
	struct isolate_state iso;
	bool isolated;
	pid_t pid;
	int pidfd;
	int fds[3];   /* stdout, stderr, report read ends; -1 when closed */
	int setup_fd; /* read end of the setup-failure pipe, -1 */
	bool merged;  /* the code's stderr is its stdout pipe (see output_merged) */
	int init_fd;  /* sbx's end of the init's channel (pid1.h), -1: none */
	struct pid1_state init;
	struct buf report;
	enum kill_reason killed;
	double start_ms, deadline_ms;
	clockid_t cpu_clock;
	bool have_cpu_clock;
	struct runcpu cpu;  /* isolated runs: every process's CPU time */
	double cpu_seen_ms; /* the run's CPU time as last measured */
	double cpu_at_kill; /* the code's CPU clock when sbx killed it */
	int wait_status;
	struct rusage ru;
	bool reaped;
};

/* ---- child side: everything here runs between fork and the engine ---- */

static int child_setup_fd = -1; /* in the child: where child_fail writes */

static _Noreturn void child_fail(const char *what)
{
	/* Only async-signal-safe calls after fork. */
	char msg[SETUP_MSG_MAX];
	int n = snprintf(msg, sizeof(msg), "%s failed (errno %d)", what, errno);
	if (n > 0 && child_setup_fd >= 0)
		(void)!write(child_setup_fd, msg, (size_t)n < sizeof msg ? (size_t)n : sizeof msg);
	_exit(125);
}

static void set_rlimit(int resource, rlim_t value, const char *what)
{
	struct rlimit rl = {value, value};
	if (setrlimit(resource, &rl) != 0)
		child_fail(what);
}

static _Noreturn void child_start(struct supervisor *sv, int pipes[4][2], int gate_fd, int init_fd,
				  pid_t parent, const struct seccomp_prog *prog)
{
	const struct sandbox_plan *plan = sv->plan;
	const struct request *req = sv->req;

	/* Out of the way of the dup2s below (they target fds 0-4). */
	child_setup_fd = fcntl(pipes[3][1], F_DUPFD_CLOEXEC, 16);
	if (init_fd >= 0)
		init_fd = fcntl(init_fd, F_DUPFD_CLOEXEC, 16);

	/* Die with sbx: a sandbox must never outlive its supervisor. */
	/* (isolate.c edit) In a pid namespace getppid() is 0: there the
	 * parent-death race is closed by isolate_spawn's go-ahead pipe. */
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 ||
	    (!(sv->isolated && sv->iso.namespaces) && getppid() != parent))
		_exit(125);
	/* A session of its own: no controlling terminal (no TIOCSTI into the
	 * user's shell), and one process group to kill. The interpreter
	 * filter denies setsid/setpgid, so no descendant can leave it. */
	setsid();

	int in = plan->stdin_fd >= 0 ? plan->stdin_fd : open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (in < 0 || dup2(in, STDIN_FILENO) < 0 || dup2(pipes[0][1], STDOUT_FILENO) < 0 ||
	    dup2(pipes[sv->merged ? 0 : 1][1], STDERR_FILENO) < 0 ||
	    dup2(pipes[2][1], SANDBOX_REPORT_FD) < 0)
		child_fail("wiring stdio");
	if (gate_fd >= 0 && dup2(gate_fd, SANDBOX_GATE_FD) < 0)
		child_fail("wiring the gate");
	/* The first process of a pid namespace becomes the init (pid1.h). */
	bool init = sv->isolated && (sv->iso.namespaces & NS_PID) && init_fd >= 0;
	if (init && dup2(init_fd, SANDBOX_INIT_FD) < 0)
		child_fail("wiring the init channel");
	if (child_setup_fd < 0 || dup3(child_setup_fd, SANDBOX_SETUP_FD, O_CLOEXEC) < 0)
		child_fail("wiring the setup pipe");
	child_setup_fd = SANDBOX_SETUP_FD;
	/* Nothing of sbx's own files reaches the code. */
	if ((gate_fd < 0 && close_range(SANDBOX_GATE_FD, SANDBOX_GATE_FD, 0) != 0) ||
	    (!init && close_range(SANDBOX_INIT_FD, SANDBOX_INIT_FD, 0) != 0) ||
	    close_range(SANDBOX_SETUP_FD + 1, ~0u, 0) != 0)
		child_fail("close_range");

	/* (isolate.c edit) chdir before isolate_enter: without namespaces
	 * as root, isolate_enter switches to the run's uid, which may not be
	 * able to walk down to a work directory below a 0700 state dir. */
	if (plan->workdir && chdir(plan->workdir) != 0)
		child_fail("chdir to the working directory");
	if (sv->isolated && isolate_enter(plan, &sv->iso) != 0)
		child_fail("isolation");

	uint64_t cpu_s = (request_cpu_ms(req) + 999) / 1000;
	set_rlimit(RLIMIT_CORE, 0, "RLIMIT_CORE");
	/* The soft CPU limit is a backstop one second past the parent's own
	 * precise check; the hard limit a second later kills for sure. */
	struct rlimit cpu = {(rlim_t)cpu_s + 1, (rlim_t)cpu_s + 2};
	if (setrlimit(RLIMIT_CPU, &cpu) != 0)
		child_fail("RLIMIT_CPU");
	if (plan->profile == PROFILE_EMBEDDED) {
		/* Duktape writes no files and starts no processes. */
		set_rlimit(RLIMIT_FSIZE, 0, "RLIMIT_FSIZE");
		set_rlimit(RLIMIT_NPROC, 0, "RLIMIT_NPROC");
		set_rlimit(RLIMIT_NOFILE, 16, "RLIMIT_NOFILE");
	} else {
		set_rlimit(RLIMIT_FSIZE, (rlim_t)req->limits.files_bytes, "RLIMIT_FSIZE");
		if (plan->rlimit_nproc)
			set_rlimit(RLIMIT_NPROC, (rlim_t)plan->rlimit_nproc, "RLIMIT_NPROC");
		set_rlimit(RLIMIT_NOFILE, 1024, "RLIMIT_NOFILE");
	}
	/* Under AddressSanitizer (make SANITIZE=1) the embedded child still
	 * runs sbx's instrumented code, whose shadow memory needs terabytes of
	 * address space: there the backstop would only break the test build
	 * (the heap cap, seccomp and the rest stay in force). Interpreters
	 * execve away from the instrumented binary and keep it. */
	bool asan_child = false;
#if defined(__SANITIZE_ADDRESS__)
	asan_child = plan->profile == PROFILE_EMBEDDED;
#endif
	if (plan->rlimit_as && !asan_child)
		set_rlimit(RLIMIT_AS, (rlim_t)plan->rlimit_as, "RLIMIT_AS");

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
		child_fail("PR_SET_NO_NEW_PRIVS");
	if (seccomp_install(prog, plan->profile) != 0)
		child_fail("seccomp");
	if (init) /* under every layer, the init too */
		pid1_run(SANDBOX_INIT_FD, plan->child_main, plan->child_arg);
	plan->child_main(plan->child_arg);
	_exit(125);
}

/* ---- parent side ---- */

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
	buf_append(&sv->report, chunk, (size_t)n);
	if (sv->report.len + sv->report.dropped > report_cap(sv->req) * SBX_OUTPUT_HARD_FACTOR)
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

static void supervise(struct supervisor *sv)
{
	double cpu_limit = (double)request_cpu_ms(sv->req);
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	if (ncpu < 1)
		ncpu = 1;
	bool exited = false;
	double exit_grace_deadline = 0;

	for (;;) {
		struct pollfd pfd[4];
		int map[4], n = 0;
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
		int timeout = (int)ceil(wait_ms);
		int rc = poll(pfd, (nfds_t)n, timeout);
		if (rc < 0 && errno != EINTR)
			break;
		for (int k = 0; rc > 0 && k < n; k++) {
			if (!pfd[k].revents)
				continue;
			if (map[k] == 3) {
				/* The main process ended; its descendants must not
				 * keep the run alive. */
				exited = true;
				exit_grace_deadline = now_monotonic_ms() + 1000;
				if (!sv->isolated && sv->killed == KILL_NONE)
					kill(-sv->pid, SIGKILL);
				/* (isolate.c edit) isolated: the pid namespace, the
				 * cgroup, the run uid or the subreaper take care of
				 * daemons that left the process group. */
				if (sv->isolated)
					isolate_kill(&sv->iso, sv->pid);
			} else {
				drain(sv, map[k]);
			}
		}
	}
	if (!sv->reaped && sv->killed == KILL_NONE && !exited)
		kill_child(sv, KILL_WALL);
	reap(sv);
}

/* Moves what the report may give into the outcome (see report.h). */
static void take_report(struct supervisor *sv, struct report *rep)
{
	struct outcome *out = sv->out;
	out->result = rep->result;
	out->results = rep->results;
	out->error = rep->error;
	rep->result = rep->results = rep->error = NULL;
	if (rep->memory_peak_kb)
		out->memory_peak_kb = rep->memory_peak_kb;
	if (rep->lowered) {
		/* For js_lower's cache (it takes the key out of the record). */
		if (!out->extra)
			out->extra = json_object();
		json_object_set(out->extra, "lowered", rep->lowered);
	}
}

/* What the setup-failure pipe holds ("" if nothing: the engine started). */
static void read_setup_failure(struct supervisor *sv, char *msg, size_t n)
{
	msg[0] = '\0';
	if (sv->setup_fd < 0)
		return;
	ssize_t got = read(sv->setup_fd, msg, n - 1);
	if (got > 0)
		msg[got] = '\0';
}

static void fmt_seconds(char *buf, size_t n, uint64_t ms)
{
	char d[32];
	opt_format_duration(ms, d); /* 1000s, 1h, 2.5s: never 1e+03s */
	snprintf(buf, n, "%s", d);
}

/* Decides the status from what sbx observed: how the child ended, which of
 * sbx's limits stopped it, the cgroup's OOM kill, the setup pipe — and, from
 * the report, only what report.h lets each writer say. */
static void decide_status(struct supervisor *sv)
{
	struct outcome *out = sv->out;
	const struct request *req = sv->req;
	int ws = sv->wait_status;
	char limit[32], setup[SETUP_MSG_MAX];
	struct report rep;

	out->cpu_ms = (double)sv->ru.ru_utime.tv_sec * 1e3 + (double)sv->ru.ru_utime.tv_usec / 1e3 +
		      (double)sv->ru.ru_stime.tv_sec * 1e3 + (double)sv->ru.ru_stime.tv_usec / 1e3;
	/* wait4 counts the main process and the children it reaped; the
	 * run's measure also has orphans and the children of killed ones. */
	if (sv->cpu_seen_ms > out->cpu_ms)
		out->cpu_ms = sv->cpu_seen_ms;
	if (sv->cpu_at_kill > out->cpu_ms)
		out->cpu_ms = sv->cpu_at_kill;
	if (WIFEXITED(ws)) {
		out->exited = true;
		out->exit_code = WEXITSTATUS(ws);
	} else if (WIFSIGNALED(ws)) {
		out->signal = WTERMSIG(ws);
	}
	report_parse(sv->report.data, sv->report.len, sv->report.dropped,
		     sv->plan->profile == PROFILE_EMBEDDED, &rep);
	take_report(sv, &rep);
	read_setup_failure(sv, setup, sizeof setup);
	if (!out->memory_peak_kb)
		out->memory_peak_kb = (uint64_t)sv->ru.ru_maxrss;
	if (sv->isolated && sv->iso.memory_peak_kb)
		out->memory_peak_kb = sv->iso.memory_peak_kb;

	/* SIGXCPU or SIGKILL count as the CPU limit only with the CPU time
	 * spent: a program can send itself either. */
	bool cpu_over = out->cpu_ms >= (double)request_cpu_ms(req);
	if (setup[0]) {
		outcome_fail(out, STATUS_SANDBOX_ERROR, "SandboxError", "%s", setup);
	} else if (sv->killed == KILL_WALL || rep.status == STATUS_TIMEOUT) {
		/* rep.status: the embedded engine's own deadline check. */
		fmt_seconds(limit, sizeof(limit), req->limits.timeout_ms);
		outcome_fail(out, STATUS_TIMEOUT, "WallTimeLimit",
			     "the wall-clock limit of %s was reached", limit);
	} else if (sv->killed == KILL_CPU ||
		   (cpu_over && (out->signal == SIGXCPU ||
				 (out->signal == SIGKILL && sv->killed == KILL_NONE)))) {
		fmt_seconds(limit, sizeof(limit), request_cpu_ms(req));
		outcome_fail(out, STATUS_TIMEOUT, "CpuTimeLimit",
			     "the CPU time limit of %s was reached", limit);
	} else if (sv->killed == KILL_OUTPUT) {
		outcome_fail(
		    out, STATUS_OUTPUT_LIMIT, "OutputLimit",
		    "the output passed %llu bytes (%d x the %llu bytes kept per stream)",
		    (unsigned long long)(req->limits.output_bytes * SBX_OUTPUT_HARD_FACTOR),
		    SBX_OUTPUT_HARD_FACTOR, (unsigned long long)req->limits.output_bytes);
	} else if (rep.status == STATUS_MEMORY_LIMIT || (sv->isolated && sv->iso.oom_killed) ||
		   (out->exited && out->exit_code != 0 && out->error &&
		    report_is_oom_error(req->lang, out->error))) {
		outcome_fail(out, STATUS_MEMORY_LIMIT, "MemoryLimit",
			     "the memory limit of %llu MiB was reached",
			     (unsigned long long)(req->limits.memory_bytes >> 20));
	} else if (rep.status == STATUS_SYSCALL_BLOCKED) {
		char *name =
		    rep.syscall_nr >= 0 ? seccomp_syscall_name(rep.syscall_nr) : xstrdup("unknown");
		outcome_fail(out, STATUS_SYSCALL_BLOCKED, "SyscallBlocked",
			     "the sandbox blocked the system call '%s'", name);
		json_object_set_new(out->error, "syscall", json_string(name));
		free(name);
	} else if (out->signal == SIGSYS) {
		outcome_fail(out, STATUS_SYSCALL_BLOCKED, "SyscallBlocked",
			     "the sandbox blocked a system call");
	} else if (out->signal) {
		outcome_fail(out, STATUS_SIGNALED, "Signal", "the code was killed by signal %d",
			     out->signal);
	} else if (out->exit_code != 0) {
		/* The code's error details stay as it gave them. */
		out->status = STATUS_ERROR;
		if (!out->error && rep.state == REPORT_TOO_LARGE)
			outcome_fail(out, STATUS_ERROR, "ReportTooLarge",
				     "the error report passed %zu bytes and was not read",
				     report_cap(req));
		else if (!out->error && rep.state == REPORT_INVALID)
			outcome_fail(out, STATUS_ERROR, "ReportError",
				     "the error report on fd %d was not valid JSON",
				     SANDBOX_REPORT_FD);
	} else if (rep.state == REPORT_TOO_LARGE) {
		/* An exit status of 0 is ok whatever the code wrote to fd 3, unless
		 * its result was lost: then the record says why. */
		outcome_fail(out, STATUS_ERROR, "ResultTooLarge",
			     "the result passed %zu bytes and was not kept: return less, or "
			     "raise --max-output",
			     report_cap(req));
	} else if (rep.state == REPORT_INVALID) {
		outcome_fail(out, STATUS_ERROR, "ReportError",
			     "the result report on fd %d was not valid JSON (the code wrote to "
			     "fd %d itself?)",
			     SANDBOX_REPORT_FD, SANDBOX_REPORT_FD);
	} else {
		/* A clean exit is ok: an error the code reported anyway is not
		 * the status's to decide. */
		json_decref(out->error);
		out->error = NULL;
		out->status = STATUS_OK;
	}
	report_release(&rep);
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

/* Whether the code's stderr shares its stdout pipe. Two pipes lose the
 * order between the streams (sbx cannot tell which of two ready pipes was
 * written first), so when sbx's own stdout and stderr are one file (2>&1,
 * one terminal, one pipe) and the output is streamed there (text), the
 * code gets one pipe for both: the kernel keeps the order of its writes,
 * and the file receives the interleaving the interpreter gives natively.
 * The record then holds the combined stream in stdout (merged_output:
 * true). --merge-output asks for that in every format. */
static bool output_merged(const struct request *req)
{
	if (req->merge_output)
		return true;
	if (req->format != FORMAT_TEXT)
		return false;
	struct stat a, b;
	return fstat(STDOUT_FILENO, &a) == 0 && fstat(STDERR_FILENO, &b) == 0 &&
	       a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

static unsigned applied_layers(const struct supervisor *sv)
{
	unsigned l = LAYER_SECCOMP | LAYER_RLIMITS;
	if (sv->isolated) {
		if (sv->iso.namespaces)
			l |= LAYER_NAMESPACES;
		if (sv->iso.landlock_abi)
			l |= LAYER_LANDLOCK;
		if (sv->iso.cgroup)
			l |= LAYER_CGROUP;
	}
	return l;
}

int sandbox_run(const struct request *req, const struct sandbox_plan *plan, struct outcome *out,
		const struct output_sink *sink)
{
	struct supervisor sv = {.req = req,
				.plan = plan,
				.out = out,
				.sink = sink,
				.pidfd = -1,
				.setup_fd = -1,
				.init_fd = -1};
	/* stdout, stderr, report, setup failures */
	int pipes[4][2] = {{-1, -1}, {-1, -1}, {-1, -1}, {-1, -1}};
	int gate[2] = {-1, -1};
	int initc[2] = {-1, -1}; /* the init's channel (pid1.h) */
	bool finished = false;	 /* isolate_finish has run */
	struct seccomp_prog prog = {NULL, 0};
	int rc = -1;
	char names[96];

	sv.fds[0] = sv.fds[1] = sv.fds[2] = -1;
	buf_init(&sv.report, report_cap(req));
	sv.merged = output_merged(req);

	if (plan->profile == PROFILE_EMBEDDED &&
	    (req->require & ~(LAYER_SECCOMP | LAYER_RLIMITS))) {
		/* The embedded engine runs under seccomp and rlimits only:
		 * refuse before anything starts. */
		outcome_fail(out, STATUS_BLOCKED, "RequirementUnmet",
			     "--require %s: the %s engine runs under seccomp (an allow-list, "
			     "narrower than namespaces) and rlimits only; --require strongest "
			     "asks each language for the strongest its engine has",
			     request_layer_names(req->require & ~(LAYER_SECCOMP | LAYER_RLIMITS),
						 names, sizeof(names)),
			     req->lang->name);
		rc = 0;
		goto out;
	}
	if (plan->profile == PROFILE_INTERPRETER) {
		int prc = isolate_prepare(req, plan, &sv.iso);
		if (prc == -2) {
			outcome_fail(out, STATUS_BLOCKED, "RequirementUnmet", "%s", sv.iso.note);
			goto out;
		}
		if (prc != 0) {
			outcome_fail(out, STATUS_SANDBOX_ERROR, "SandboxError", "%s",
				     sv.iso.note[0] ? sv.iso.note : "isolation setup failed");
			goto out;
		}
		sv.isolated = true;
	}
	if (seccomp_build(plan->profile, &prog) != 0) {
		/* Fail closed: without the filter nothing runs. */
		outcome_fail(out, STATUS_SANDBOX_ERROR, "SandboxError",
			     "the seccomp filter could not be built");
		goto out;
	}
	if (open_pipes(pipes) != 0 || (plan->gated && pipe2(gate, O_CLOEXEC) != 0) ||
	    (sv.isolated && pid1_channel(initc) != 0)) {
		outcome_fail(out, STATUS_SANDBOX_ERROR, "SandboxError", "pipe: %s",
			     strerror(errno));
		goto out;
	}

	pid_t parent = getpid();
	sv.start_ms = now_monotonic_ms();
	sv.deadline_ms = sv.start_ms + (double)req->limits.timeout_ms;
	fflush(NULL); /* no buffered output duplicated into the child */
	sv.pid = sv.isolated ? isolate_spawn(plan, &sv.iso) : fork();
	if (sv.pid == 0)
		child_start(&sv, pipes, gate[0], initc[1], parent, &prog);
	if (sv.pid < 0) {
		int prc = sv.isolated && sv.iso.note[0] ? -2 : -1;
		outcome_fail(out,
			     prc == -2 && (req->require & ~applied_layers(&sv))
				 ? STATUS_BLOCKED
				 : STATUS_SANDBOX_ERROR,
			     "SandboxError", "could not start the sandbox: %s",
			     sv.iso.note[0] ? sv.iso.note : strerror(errno));
		goto out;
	}
	close_pipes(pipes, 1);
	if (gate[0] >= 0) {
		close(gate[0]);
		gate[0] = -1;
	}
	for (int i = 0; i < 3; i++) {
		sv.fds[i] = pipes[i][0];
		pipes[i][0] = -1;
	}
	/* Read once, after the child is reaped: never wait on it. */
	sv.setup_fd = pipes[3][0];
	pipes[3][0] = -1;
	fcntl(sv.setup_fd, F_SETFL, O_NONBLOCK);
	if (sv.merged) { /* nothing writes to the stderr pipe */
		close(sv.fds[1]);
		sv.fds[1] = -1;
	}
	if (initc[1] >= 0) {
		close(initc[1]);
		initc[1] = -1;
	}
	if (sv.isolated && (sv.iso.namespaces & NS_PID)) {
		sv.init_fd = initc[0];
		initc[0] = -1;
	}
	sv.pidfd = pidfd_open(sv.pid, 0);
	pid_t code = sv.init_fd >= 0 ? await_code(&sv) : sv.pid;
	sv.have_cpu_clock = clock_getcpuclockid(code ? code : sv.pid, &sv.cpu_clock) == 0;

	out->sandbox.seccomp = true;
	out->sandbox.rlimits = true;
	/* A gated run's interpreter is starting already; the layers that
	 * wait for it (the cgroup) are applied now, then the gate opens. A
	 * failure leaves sv.iso without the cgroup, and the report says so. */
	if (sv.isolated && plan->gated) {
		/* Both the init and the code it forked (before the gate, so
		 * nothing of the code has run or forked yet). */
		if (isolate_attach(&sv.iso, sv.pid) == 0 && sv.init.code_pid)
			isolate_attach(&sv.iso, sv.init.code_pid);
	}
	/* The run is the child's session (it calls setsid; the filter denies
	 * leaving it), and its cgroup where there is one. */
	if (sv.isolated)
		runcpu_init(&sv.cpu, sv.iso.cgroup ? &sv.iso.cg : NULL, sv.pid);
	unsigned missing = req->require & ~applied_layers(&sv);
	if (missing) {
		/* Fail closed: the child has not been let go yet when isolated
		 * (it waits for the go-ahead), and is killed before the code
		 * can run. */
		kill_child(&sv, KILL_NONE);
		reap(&sv);
		outcome_fail(out, STATUS_BLOCKED, "RequirementUnmet",
			     "--require %s: not available here (%s)",
			     request_layer_names(missing, names, sizeof(names)),
			     sv.iso.note[0] ? sv.iso.note : "see 'sbx doctor'");
		rc = 0;
		goto out;
	}

	if (gate[1] >= 0) {
		/* Every layer is in place: let the user code run. */
		if (write(gate[1], "g", 1) != 1) {
			kill_child(&sv, KILL_NONE);
			reap(&sv);
			outcome_fail(out, STATUS_SANDBOX_ERROR, "SandboxError",
				     "could not open the gate: %s", strerror(errno));
			goto out;
		}
		close(gate[1]);
		gate[1] = -1;
	}
	supervise(&sv);
	out->wall_ms = now_monotonic_ms() - sv.start_ms;
	if (sv.isolated && !runcpu_sampling(&sv.cpu))
		(void)cpu_used_ms(&sv); /* the cgroup's final count, before it goes */
	if (sv.isolated) {
		/* Before decide_status: it reads the cgroup's peak and OOM. */
		isolate_finish(&sv.iso, sv.pid, &out->sandbox);
		finished = true;
	}
	decide_status(&sv);
	/* After the report: the code cannot change what sbx says. */
	if (!out->extra)
		out->extra = json_object();
	json_object_set_new(out->extra, "merged_output", json_boolean(sv.merged));
	rc = 0;
out:
	/* Every way out after isolate_prepare: kill what is left, remove the
	 * cgroup, and report the layers as they were. */
	if (sv.isolated && !finished)
		isolate_finish(&sv.iso, sv.pid, &out->sandbox);
	for (int i = 0; i < 3; i++)
		if (sv.fds[i] >= 0)
			close(sv.fds[i]);
	if (sv.pidfd >= 0)
		close(sv.pidfd);
	if (sv.setup_fd >= 0)
		close(sv.setup_fd);
	if (sv.init_fd >= 0)
		close(sv.init_fd);
	for (int i = 0; i < 2; i++)
		if (initc[i] >= 0)
			close(initc[i]);
	close_pipes(pipes, 0);
	close_pipes(pipes, 1);
	for (int i = 0; i < 2; i++)
		if (gate[i] >= 0)
			close(gate[i]);
	seccomp_prog_free(&prog);
	runcpu_free(&sv.cpu);
	buf_release(&sv.report);
	return rc;
}
