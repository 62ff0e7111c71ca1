/* session_client — `sbx session exec`: the request goes to the session's
 * daemon (started first when the session is stopped), the code's output
 * comes back as it is written and is streamed, kept and capped exactly as
 * the sandbox does for `sbx run`, and the record is rendered by the same
 * renderer with the same policy check before and the same history after.
 * Only the result, results and error details come from the kernel's
 * report (parsed as an untrusted report); the status, exit code, time and
 * layers are the daemon's.
 * May call: session_launch, session_proto, run (render), policy, state
 * (history), sandbox (report), core, util.
 */
#include "session/session_int.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/config.h"
#include "core/outcome.h"
#include "core/results.h"
#include "policy/policy.h"
#include "render/render.h"
#include "run/events_pub.h"
#include "run/results_save.h"
#include "sandbox/report.h"
#include "state/history.h"
#include "util/util.h"

static void take_output(struct outcome *out, const struct request *req,
			const struct output_sink *sink, int stream, const char *data, size_t len)
{
	struct stream_capture *cap = stream == 1 ? &out->out : &out->err;
	size_t before = cap->kept.len;
	buf_append(&cap->kept, data, len);
	cap->total += len;
	(void)req;
	if (cap->kept.len > before)
		output_sink_write(sink, stream, cap->kept.data + before, cap->kept.len - before);
}

static json_t *exec_request(const struct request *req)
{
	json_t *code = json_stringn(req->code, req->code_len);
	if (!code) {
		error("the code is not valid UTF-8: a session takes UTF-8 source");
		return NULL;
	}
	json_t *files = json_array();
	for (size_t i = 0; i < req->nfiles; i++) {
		char *abs = realpath(req->files[i].src, NULL);
		json_array_append_new(files,
				      json_pack("{s:s, s:s}", "src", abs ? abs : req->files[i].src,
						"name", req->files[i].name));
		free(abs);
	}
	char *out_dir = req->out_dir ? realpath(req->out_dir, NULL) : NULL;
	json_t *j = json_pack(
	    "{s:s, s:o, s:O, s:I, s:I, s:I, s:o, s:o, s:b}", "op", "exec", "code", code, "inputs",
	    req->inputs, "timeout_ms", (json_int_t)req->limits.timeout_ms, "output_bytes",
	    (json_int_t)req->limits.output_bytes, "files_bytes",
	    (json_int_t)req->limits.files_bytes, "files", files, "out_dir",
	    out_dir ? json_string(out_dir) : json_null(), "dotfiles", req->out_dir_dotfiles);
	free(out_dir);
	return j;
}

static void layers_from(json_t *l, struct sandbox_report *rep)
{
	static const char *const kinds[] = {"v1", "v2"};
	rep->seccomp = rep->rlimits = true;
	rep->namespaces = (unsigned)json_integer_value(json_object_get(l, "ns"));
	rep->landlock_abi = (int)json_integer_value(json_object_get(l, "landlock"));
	const char *cg = json_string_value(json_object_get(l, "cgroup"));
	rep->cgroup = NULL;
	for (size_t i = 0; cg && i < 2; i++)
		if (!strcmp(cg, kinds[i]))
			rep->cgroup = kinds[i];
	snprintf(rep->note, sizeof rep->note, "%s",
		 json_string_value(json_object_get(l, "note")) ?: "");
}

/* The daemon's record into out: sbx's facts from the daemon, the code's
 * result and error details from the kernel's report. */
static void fill(struct outcome *out, const struct request *req, json_t *rec)
{
	const char *st = json_string_value(json_object_get(rec, "status"));
	int s = st ? status_from_name(st) : -1;
	out->status = s >= 0 ? (enum status)s : STATUS_SANDBOX_ERROR;
	json_t *code = json_object_get(rec, "exit_code");
	out->exited = json_is_integer(code);
	out->exit_code = (int)json_integer_value(code);
	out->signal = (int)json_integer_value(json_object_get(rec, "signal"));
	out->wall_ms = json_number_value(json_object_get(rec, "wall_ms"));
	out->cpu_ms = json_number_value(json_object_get(rec, "cpu_ms"));
	out->memory_peak_kb = (uint64_t)json_integer_value(json_object_get(rec, "memory_peak_kb"));
	layers_from(json_object_get(rec, "layers"), &out->sandbox);
	json_t *rep_text = json_array_get(json_object_get(rec, "report"), 0);
	if (json_is_string(rep_text)) {
		struct report rep;
		report_parse(json_string_value(rep_text), json_string_length(rep_text), 0, false,
			     &rep);
		if (rep.result)
			out->result = json_incref(rep.result);
		/* The kernel's rich results are bounded as a run's are. */
		if (rep.results)
			out->results = results_bound(rep.results, req->limits.output_bytes);
		if (rep.error)
			out->error = json_incref(rep.error);
		report_release(&rep);
	}
	json_t *err = json_object_get(rec, "error");
	if (json_is_object(err)) {
		json_decref(out->error);
		out->error = json_pack(
		    "{s:O, s:O, s:n, s:n, s:n}", "name", json_object_get(err, "name"), "message",
		    json_object_get(err, "message"), "line", "column", "traceback");
	}
	/* As run decides it: an interpreter that failed on an allocation hit
	 * the memory limit (the session's cgroup is the real cap). */
	if (out->status == STATUS_ERROR && out->error && report_is_oom_error(req->lang, out->error))
		outcome_fail(out, STATUS_MEMORY_LIMIT, "MemoryLimit",
			     "the memory limit of %llu MiB was reached",
			     (unsigned long long)(req->limits.memory_bytes >> 20));
	json_decref(out->files);
	out->files = json_incref(json_object_get(rec, "files"));
	if (!out->extra)
		out->extra = json_object();
	json_object_set(out->extra, "session", json_object_get(rec, "session"));
	json_t *ta = json_object_get(rec, "timeout_action");
	if (ta)
		json_object_set(json_object_get(out->extra, "session"), "timeout_action", ta);
}

/* One exchange with the daemon; 1 when the record came, 0 when the daemon
 * went away before anything came (the caller may try once more). */
static int exchange(const char *state_dir, const char *id, const struct request *req, json_t *msg,
		    struct outcome *out, const struct output_sink *sink)
{
	bool started;
	int fd = session_connect(state_dir, id, true, &started);
	if (fd < 0) {
		outcome_fail(out, STATUS_SANDBOX_ERROR, "SessionError", "%s",
			     error_first_message());
		return 1;
	}
	int got = 0;
	if (proto_send_json(fd, msg) == 0) {
		struct buf b = BUF_INIT;
		char type;
		while (proto_recv(fd, &type, &b) == 1) {
			got = 1;
			if (type == 'O' || type == 'E') {
				take_output(out, req, sink, type == 'O' ? 1 : 2,
					    b.data ? b.data : "", b.len);
				continue;
			}
			json_t *rec = proto_json(&b);
			const char *e = json_string_value(json_object_get(rec, "error"));
			if (e)
				outcome_fail(out, STATUS_SANDBOX_ERROR, "SessionError", "%s", e);
			else if (rec)
				fill(out, req, rec);
			json_decref(rec);
			got = 2;
			break;
		}
		buf_release(&b);
	}
	close(fd);
	if (got == 1)
		outcome_fail(out, STATUS_SANDBOX_ERROR, "SessionError",
			     "the session's daemon ended during the execution: run it again (the "
			     "session comes back from the state saved after its last execution)");
	return got ? 1 : 0;
}

int session_exec(const char *state_dir, const char *id, struct request *req)
{
	json_t *m = session_manifest_read(state_dir, id);
	if (!m)
		return EXIT_SBX_FAILURE;
	if (session_expired(m, session_now_ms())) {
		char t[32];
		session_iso8601((uint64_t)json_integer_value(json_object_get(m, "expires_at_ms")),
				t);
		json_decref(m);
		error("session %s expired at %s (its TTL since the last execution): create a new "
		      "one with 'sbx session create'; 'sbx gc' removes expired sessions",
		      id, t);
		return EXIT_SBX_FAILURE;
	}
	/* The session's memory limit covers all its executions. */
	req->limits.memory_bytes = (uint64_t)json_integer_value(json_object_get(m, "memory_bytes"));
	json_decref(m);
	json_t *msg = exec_request(req);
	if (!msg)
		return EXIT_SBX_FAILURE;
	struct outcome out;
	outcome_init(&out, req);
	struct render *r = render_new(req);
	struct events_pub *pub = events_pub_attach(req, id, r);
	render_event(r, "validation_started", json_pack("{s:s}", "language", req->lang->name));
	int blocked = policy_check_request(req, req->config, &out);
	json_t *findings = out.extra ? json_object_get(out.extra, "findings") : NULL;
	size_t i;
	json_t *f;
	json_array_foreach(findings, i, f)
	    render_event(r, "security_issue", json_pack("{s:O}", "finding", f));
	render_event(r, "validation_completed",
		     json_pack("{s:b, s:I}", "runnable", blocked != 1, "findings",
			       (json_int_t)json_array_size(findings)));
	if (blocked != 1) {
		render_event(r, "execution_started",
			     json_pack("{s:s, s:s}", "language", req->lang->name, "code_sha256",
				       req->code_sha256));
		struct output_sink sink = render_sink(r);
		if (!exchange(state_dir, id, req, msg, &out, &sink) &&
		    !exchange(state_dir, id, req, msg, &out, &sink))
			outcome_fail(&out, STATUS_SANDBOX_ERROR, "SessionError",
				     "the session's daemon did not answer: run it again");
	}
	json_decref(msg);
	results_save(&out, req);
	int write_rc = render_finish(r, &out, req);
	events_pub_finish(pub, &out);
	events_pub_free(pub);
	history_record(req, &out, config_retention_days(req->config));
	int code = outcome_exit_code(&out);
	render_free(r);
	outcome_release(&out);
	return write_rc != 0 && code == 0 ? EXIT_SBX_FAILURE : code;
}
