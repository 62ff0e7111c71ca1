#include "core/outcome.h"

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "util/jsonout.h"
#include "util/util.h"

static const char *const status_names[STATUS_COUNT] = {
    [STATUS_OK] = "ok",
    [STATUS_ERROR] = "error",
    [STATUS_TIMEOUT] = "timeout",
    [STATUS_MEMORY_LIMIT] = "memory_limit",
    [STATUS_OUTPUT_LIMIT] = "output_limit",
    [STATUS_SIGNALED] = "signaled",
    [STATUS_SYSCALL_BLOCKED] = "syscall_blocked",
    [STATUS_BLOCKED] = "blocked",
    [STATUS_UNAVAILABLE] = "unavailable",
    [STATUS_SANDBOX_ERROR] = "sandbox_error",
};

void outcome_init(struct outcome *out, const struct request *req)
{
	memset(out, 0, sizeof(*out));
	out->status = STATUS_SANDBOX_ERROR;
	size_t cap =
	    req && req->limits.output_bytes ? (size_t)req->limits.output_bytes : SBX_DEFAULT_OUTPUT;
	buf_init(&out->out.kept, cap);
	buf_init(&out->err.kept, cap);
	out->files = json_array();
}

void outcome_release(struct outcome *out)
{
	json_decref(out->result);
	json_decref(out->error);
	json_decref(out->results);
	json_decref(out->files);
	json_decref(out->extra);
	buf_release(&out->out.kept);
	buf_release(&out->err.kept);
	memset(out, 0, sizeof(*out));
}

const char *status_name(enum status s)
{
	return (unsigned)s < STATUS_COUNT ? status_names[s] : "sandbox_error";
}

int status_from_name(const char *name)
{
	for (int i = 0; i < STATUS_COUNT; i++)
		if (!strcmp(name, status_names[i]))
			return i;
	return -1;
}

int outcome_exit_code(const struct outcome *out)
{
	switch (out->status) {
	case STATUS_OK: return 0;
	case STATUS_ERROR:
		/* The code's own exit status; 1 for an uncaught exception. */
		if (out->exited && out->exit_code > 0 && out->exit_code < 256)
			return out->exit_code;
		return 1;
	case STATUS_TIMEOUT: return EXIT_TIMEOUT;
	case STATUS_MEMORY_LIMIT: return EXIT_MEMORY_LIMIT;
	case STATUS_OUTPUT_LIMIT: return EXIT_OUTPUT_LIMIT;
	case STATUS_SIGNALED:
		return out->signal > 0 && out->signal < 128 ? 128 + out->signal : EXIT_SBX_FAILURE;
	case STATUS_SYSCALL_BLOCKED: return EXIT_SYSCALL_BLOCKED;
	case STATUS_BLOCKED: return EXIT_BLOCKED;
	case STATUS_UNAVAILABLE: return EXIT_UNAVAILABLE;
	case STATUS_SANDBOX_ERROR:
	case STATUS_COUNT: break;
	}
	return EXIT_SBX_FAILURE;
}

void outcome_fail(struct outcome *out, enum status s, const char *name, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	out->status = s;
	json_decref(out->error);
	/* The message may quote the user's code (a policy finding) and is cut
	 * at 1 KiB: with "s", json_pack would refuse text that is not UTF-8 and
	 * leave the record without its error. */
	out->error =
	    json_pack("{s:s, s:o, s:n, s:n, s:s}", "name", name, "message",
		      json_string_utf8_lossy(msg, strlen(msg)), "line", "column", "traceback", "");
}

static const char *signal_name(int sig)
{
	static _Thread_local char name[16]; /* serve's threads */
	const char *abbrev = sigabbrev_np(sig);
	if (!abbrev)
		return NULL;
	snprintf(name, sizeof(name), "SIG%s", abbrev);
	return name;
}

json_t *sandbox_report_to_json(const struct sandbox_report *r)
{
	static const struct {
		unsigned bit;
		const char *name;
	} ns_names[] = {
	    {NS_USER, "user"}, {NS_MOUNT, "mount"}, {NS_PID, "pid"},	   {NS_NET, "net"},
	    {NS_IPC, "ipc"},   {NS_UTS, "uts"},	    {NS_CGROUP, "cgroup"},
	};
	json_t *ns = json_array();
	for (size_t i = 0; i < sizeof(ns_names) / sizeof(ns_names[0]); i++)
		if (r->namespaces & ns_names[i].bit)
			json_array_append_new(ns, json_string(ns_names[i].name));
	json_t *o = json_pack(
	    "{s:b, s:o, s:o, s:o, s:b}", "seccomp", r->seccomp, "namespaces", ns, "landlock",
	    r->landlock_abi ? json_integer(r->landlock_abi) : json_null(), "cgroup",
	    r->cgroup ? json_string(r->cgroup) : json_null(), "rlimits", r->rlimits);
	if (r->note[0])
		json_object_set_new(o, "note", json_string(r->note));
	return o;
}

static json_t *ms_value(double ms)
{
	/* jansson prints doubles with %.17g, so 12.098 would come out as
	 * 12.098000000000001; lowering its precision globally would corrupt
	 * results such as 0.1 + 0.2. Multiples of 1/16 ms print exactly in at
	 * most four decimals, and 62.5 us is finer than timing noise. */
	long long sixteenths = (long long)(ms * 16.0 + 0.5);
	return json_real((double)sixteenths / 16.0);
}

/* The end of the text once trailing whitespace of every line and trailing
 * empty lines are set aside: what a judge compares, so a missing final
 * newline or a stray space does not fail a correct answer. */
static void normalize_lines(const char *s, size_t len, struct buf *out)
{
	size_t i = 0;
	while (i < len) {
		size_t end = i;
		while (end < len && s[end] != '\n')
			end++;
		size_t keep = end;
		while (keep > i && strchr(" \t\r\f\v", s[keep - 1]))
			keep--;
		buf_append(out, s + i, keep - i);
		buf_append(out, "\n", 1);
		i = end + 1;
	}
	while (out->len && out->data[out->len - 1] == '\n')
		out->len--;
}

bool outcome_verdict_passed(const struct outcome *out, const char *expected)
{
	/* A run that did not end well fails whatever it printed (as a judge
	 * fails a runtime error), and so does a truncated stdout. */
	if (out->status != STATUS_OK || out->out.total > out->out.kept.len)
		return false;
	struct buf a = BUF_INIT, b = BUF_INIT;
	normalize_lines(out->out.kept.data ? out->out.kept.data : "", out->out.kept.len, &a);
	normalize_lines(expected, strlen(expected), &b);
	bool same = a.len == b.len && (!a.len || !memcmp(a.data, b.data, a.len));
	buf_release(&a);
	buf_release(&b);
	return same;
}

json_t *outcome_to_json(const struct outcome *out, const struct request *req)
{
	json_t *rec = json_object();
	json_object_set_new(rec, "id", json_string(req->id));
	if (req->request_id)
		json_object_set_new(rec, "request_id", json_string(req->request_id));
	json_object_set_new(rec, "status", json_string(status_name(out->status)));
	json_object_set_new(rec, "ok", json_boolean(out->status == STATUS_OK));
	json_object_set_new(rec, "language",
			    json_string(req->lang ? req->lang->name : "javascript"));
	json_object_set_new(rec, "exit_code",
			    out->exited ? json_integer(out->exit_code) : json_null());
	const char *sig = out->signal ? signal_name(out->signal) : NULL;
	json_object_set_new(rec, "signal", sig ? json_string(sig) : json_null());
	json_object_set_new(rec, "result", out->result ? json_incref(out->result) : json_null());
	json_object_set_new(rec, "stdout",
			    json_string_utf8_lossy(out->out.kept.data ? out->out.kept.data : "",
						   out->out.kept.len));
	json_object_set_new(rec, "stderr",
			    json_string_utf8_lossy(out->err.kept.data ? out->err.kept.data : "",
						   out->err.kept.len));
	json_object_set_new(
	    rec, "truncated",
	    json_pack("{s:b, s:b, s:I, s:I}", "stdout", out->out.total > out->out.kept.len,
		      "stderr", out->err.total > out->err.kept.len, "stdout_bytes",
		      (json_int_t)out->out.total, "stderr_bytes", (json_int_t)out->err.total));
	json_object_set_new(rec, "error", out->error ? json_incref(out->error) : json_null());
	json_object_set_new(rec, "files", json_incref(out->files));
	json_t *t = json_object();
	json_object_set_new(t, "wall", ms_value(out->wall_ms));
	json_object_set_new(t, "cpu", ms_value(out->cpu_ms));
	json_object_set_new(rec, "time_ms", t);
	json_object_set_new(rec, "memory_kb",
			    json_pack("{s:I, s:I}", "peak", (json_int_t)out->memory_peak_kb,
				      "limit", (json_int_t)(req->limits.memory_bytes / 1024)));
	json_object_set_new(rec, "limits",
			    json_pack("{s:I, s:I, s:I, s:I}", "timeout_ms",
				      (json_int_t)req->limits.timeout_ms, "cpu_ms",
				      (json_int_t)request_cpu_ms(req), "memory_kb",
				      (json_int_t)(req->limits.memory_bytes / 1024), "output_bytes",
				      (json_int_t)req->limits.output_bytes));
	json_object_set_new(rec, "code_sha256", json_string(req->code_sha256));
	json_object_set_new(rec, "deployment",
			    req->deployment_name
				? json_pack("{s:s, s:i}", "name", req->deployment_name, "version",
					    req->deployment_version)
				: json_null());
	json_object_set_new(rec, "sandbox", sandbox_report_to_json(&out->sandbox));
	json_object_set_new(rec, "results",
			    out->results ? json_incref(out->results) : json_array());
	if (req->expected_stdout) {
		bool passed = outcome_verdict_passed(out, req->expected_stdout);
		json_object_set_new(rec, "verdict", json_string(passed ? "passed" : "failed"));
		/* what it was compared with, beside stdout, for a failed one */
		if (!passed)
			json_object_set_new(rec, "expected_stdout",
					    json_string_utf8_lossy(req->expected_stdout,
								   strlen(req->expected_stdout)));
	}
	if (req->markdown)
		json_object_set(rec, "markdown", req->markdown);
	/* A session's execution: {"id", "name", "execution_count", "restored"}. */
	json_t *session = out->extra ? json_object_get(out->extra, "session") : NULL;
	json_object_set_new(rec, "session", session ? json_incref(session) : json_null());
	if (out->extra)
		json_object_update_missing(rec, out->extra);
	return rec;
}
