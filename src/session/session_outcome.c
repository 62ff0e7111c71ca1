/* session_outcome — how one execution of a session ended, as sbx decides
 * it: a limit the daemon enforced (its SIGINT, its SIGKILL), an exit of
 * the kernel's process (its host's waitpid), else the kernel's checked
 * "done" (session_frames.c): an exit code and the code's report, the one
 * part only the kernel can tell (README "Sessions": executions share one
 * process, so an earlier one may have patched what it says).
 * May call: util, libc, jansson.
 */
#include "session/session_int.h"

#include <stdio.h>
#include <string.h>

static json_t *limit_error(const struct exec_end *e, const char *what)
{
	char msg[320];
	snprintf(msg, sizeof msg, "the %s limit of %g s was reached%s",
		 e->cpu_fired ? "CPU time" : "wall-clock", e->limit_ms / 1000, what);
	return json_pack("{s:s, s:s}", "name", e->cpu_fired ? "CpuTimeLimit" : "WallTimeLimit",
			 "message", msg);
}

const char *session_exec_status(const struct exec_end *e, json_t *rec)
{
	json_t *end = e->end;
	if (e->done && e->interrupted) {
		json_object_set_new(rec, "error",
				    limit_error(e, ": the execution was interrupted and the "
						   "session's state kept"));
		json_object_set_new(rec, "timeout_action", json_string("interrupted"));
		return "timeout";
	}
	if (e->done) {
		json_int_t code = json_integer_value(json_object_get(e->done, "exit_code"));
		json_object_set_new(rec, "exit_code", json_integer(code));
		json_object_set(rec, "report", json_object_get(e->done, "report"));
		return code == 0 ? "ok" : "error";
	}
	/* The kernel ended during the execution. */
	const char *st = json_string_value(json_object_get(end, "status"));
	json_t *code = json_object_get(end, "exit_code");
	bool exited = json_is_true(json_object_get(end, "exited"));
	if (e->killed_for && !strcmp(e->killed_for, "timeout")) {
		json_object_set_new(rec, "error",
				    limit_error(e, " and the execution did not stop on the "
						   "interrupt: the kernel was restarted from the "
						   "state saved after the previous execution"));
		json_object_set_new(rec, "timeout_action", json_string("restarted"));
		return "timeout";
	}
	if (e->killed_for && !strcmp(e->killed_for, "disk")) {
		json_object_set_new(
		    rec, "error",
		    json_pack("{s:s, s:s}", "name", "DiskQuota", "message",
			      "the workspace's files passed its disk quota (session create --disk) "
			      "during the execution; the kernel was stopped (the next execution "
			      "restores the state saved after the previous one, once files are "
			      "removed: sbx session files ID rm PATH)"));
		return "output_limit";
	}
	if (e->killed_for) {
		json_object_set_new(rec, "error",
				    json_pack("{s:s, s:s}", "name", "OutputLimit", "message",
					      "the output passed the hard cap; the kernel was "
					      "stopped (the next execution restores the saved "
					      "state)"));
		return "output_limit";
	}
	if (e->exiting && exited && json_integer_value(code) != 0) {
		/* sys.exit(N), N != 0: the kernel saved the state and exited
		 * with N, which its host took from waitpid. */
		json_object_set(rec, "exit_code", code);
		return "error";
	}
	/* Not the host's error: its report pipe is the code's fd 3, which any
	 * earlier execution may have written. */
	const char *status = st && strcmp(st, "ok") ? st : "error";
	char msg[256];
	snprintf(msg, sizeof msg,
		 "the session's kernel ended during the execution (%s): the next execution "
		 "restores the state saved after the previous one",
		 st ? st : "unknown");
	json_object_set_new(
	    rec, "error",
	    json_pack("{s:s, s:s}", "name",
		      !strcmp(status, "memory_limit") ? "MemoryLimit" : "KernelEnded", "message",
		      msg));
	if (exited)
		json_object_set(rec, "exit_code", code);
	else
		json_object_set(rec, "signal", json_object_get(end, "signal"));
	return status;
}
