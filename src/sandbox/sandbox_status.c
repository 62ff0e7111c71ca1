/* sandbox_status — the outcome of a supervised run: its measures (CPU time,
 * memory peak), exit code or signal, and the status with its error, decided
 * from what sbx observed itself (how the child ended, which limit sbx
 * enforced, the cgroup's OOM kill, the setup-failure pipe) and from the
 * child's report only what report.h lets each writer say.
 *
 * Reads the supervisor's record after the reap; starts and kills nothing.
 * May call: report, seccomp_syscall_name, outcome, opt, libc.
 */
#include "sandbox/sandbox_int.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/results.h"
#include "util/opt.h"
#include "sandbox/report.h"
#include "util/util.h"

/* Moves what the report may give into the outcome (see report.h). */
static void take_report(struct supervisor *sv, struct report *rep)
{
	struct outcome *out = sv->out;
	out->result = rep->result;
	/* The rich results' shape and size are sbx's (core/results.h). */
	out->results =
	    rep->results ? results_bound(rep->results, sv->req->limits.output_bytes) : NULL;
	/* And the result, by the same limit: one over it is left out, named. */
	results_bound_value(&out->result, &out->results, sv->req->limits.output_bytes);
	out->error = rep->error;
	rep->result = rep->error = NULL;
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
void sandbox_status_decide(struct supervisor *sv)
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
		     sv->plan->profile != PROFILE_INTERPRETER, &rep);
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
	} else if (sv->killed == KILL_CANCEL) {
		/* Exits 143, as a program stopped by SIGTERM does. */
		out->signal = SIGTERM;
		outcome_fail(out, STATUS_SIGNALED, "Cancelled",
			     "the run was cancelled: sbx received SIGTERM (its API client went "
			     "away, or it was asked to stop)");
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
