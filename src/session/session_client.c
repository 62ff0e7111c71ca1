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

static json_t *exec_request(const struct request *req, const char *spool)
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
	session_exec_io_request(j, req, spool);
	session_program_request(j, req);
	if (req->fresh)
		json_object_set_new(j, "fresh", json_true());
	/* This client takes 'R' frames (rich results as they are made); a
	 * client of an older sbx never gets one it would take for the record. */
	json_object_set_new(j, "results_stream", json_true());
	/* The execution's language: its kernel in the workspace (the
	 * session's own when it is that one). */
	if (req->lang)
		json_object_set_new(j, "language", json_string(req->lang->name));
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
		/* And the result, as a run's is (core/results.h). */
		results_bound_value(&out->result, &out->results, req->limits.output_bytes);
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

/* One execution in flight: what session_exec does in three steps, so the
 * HTTP API can run it from a connection's thread a frame at a time. */
struct session_run {
	const char *state_dir;
	char id[SESSION_ID_LEN + 1];
	struct request *req;
	json_t *msg;
	struct outcome out;
	struct render *r;
	struct events_pub *pub;
	struct output_sink sink;
	bool may_start; /* a daemon that is not running is started */
	bool over;	/* the exchange is done (or never began: blocked) */
	int fd;		/* the daemon's socket; -1 */
	bool sent;	/* the request went on fd */
	int tries;	/* connections made */
	int got;	/* 0 nothing yet, 1 output, 2 the record */
	struct buf b;
	char rundir[PATH_MAX]; /* the session's, where --stdin is spooled */
	char spool[64];	       /* the spooled stdin's name; "" for none */
};

/* The daemon went away: once more when nothing came (it was stopping as
 * the request arrived, or killed before it began), else the record says. */
static void lost(struct session_run *s)
{
	close(s->fd);
	s->fd = -1;
	s->sent = false;
	if (s->got == 0 && s->tries < 2)
		return;
	s->over = true;
	if (s->got == 1)
		outcome_fail(&s->out, STATUS_SANDBOX_ERROR, "SessionError",
			     "the session's daemon ended during the execution: run it again (the "
			     "session comes back from the state saved after its last execution)");
	else
		outcome_fail(&s->out, STATUS_SANDBOX_ERROR, "SessionError",
			     "the session's daemon did not answer: run it again");
}

static int connect_send(struct session_run *s)
{
	bool started;
	if (s->fd < 0) {
		s->tries++;
		s->fd = session_connect(s->state_dir, s->id, s->may_start, &started);
	}
	if (s->fd < 0) {
		s->over = true;
		outcome_fail(&s->out, STATUS_SANDBOX_ERROR, "SessionError", "%s",
			     *error_first_message()
				 ? error_first_message()
				 : "the session stopped as this execution arrived: run it again");
		/* Another node runs it (its lease): a front answers 409. */
		if (error_first_kind() == ERROR_CONFLICT)
			json_object_set_new(s->out.error, "kind", json_string("conflict"));
		return -1;
	}
	s->sent = true;
	if (proto_send_json(s->fd, s->msg) < 0)
		lost(s);
	return 0;
}

int session_run_fd(const struct session_run *s)
{
	return s->over || !s->sent ? -1 : s->fd;
}

int session_run_step(struct session_run *s)
{
	if (s->over)
		return 0;
	if (!s->sent && connect_send(s) < 0)
		return 0;
	if (s->fd < 0)
		return 1; /* lost before the request went: once more */
	char type;
	if (proto_recv(s->fd, &type, &s->b) != 1) {
		lost(s);
		return !s->over;
	}
	s->got = s->got ? s->got : 1;
	if (type == 'O' || type == 'E') {
		take_output(&s->out, s->req, &s->sink, type == 'O' ? 1 : 2,
			    s->b.data ? s->b.data : "", s->b.len);
		return 1;
	}
	if (type == 'R') { /* a rich result as it was made, bounded by the daemon */
		json_t *entry =
		    json_loadb(s->b.data ? s->b.data : "", s->b.len, JSON_ALLOW_NUL, NULL);
		if (json_is_object(entry))
			output_sink_result(&s->sink, entry);
		json_decref(entry);
		return 1;
	}
	json_t *rec = proto_json(&s->b);
	const char *e = json_string_value(json_object_get(rec, "error"));
	if (e)
		outcome_fail(&s->out, STATUS_SANDBOX_ERROR, "SessionError", "%s", e);
	else if (rec)
		fill(&s->out, s->req, rec);
	json_decref(rec);
	s->got = 2;
	s->over = true;
	close(s->fd);
	s->fd = -1;
	return 0;
}

struct session_run *session_run_begin(const char *state_dir, const char *id, struct request *req,
				      const struct render_writer *w, bool may_start, bool *stopped)
{
	*stopped = false;
	json_t *m = session_manifest_read(state_dir, id);
	if (!m)
		return NULL;
	if (session_expired(m, session_now_ms())) {
		char t[32];
		session_iso8601((uint64_t)json_integer_value(json_object_get(m, "expires_at_ms")),
				t);
		json_decref(m);
		error("session %s expired at %s (its TTL since the last execution): create a new "
		      "one with 'sbx session create'; 'sbx gc' removes expired sessions",
		      id, t);
		return NULL;
	}
	/* The session's memory limit covers all its executions. */
	req->limits.memory_bytes = (uint64_t)json_integer_value(json_object_get(m, "memory_bytes"));
	char rundir[PATH_MAX];
	snprintf(rundir, sizeof rundir, "%s",
		 json_string_value(json_object_get(m, "rundir")) ?: "");
	json_decref(m);
	struct session_run *s = xcalloc(1, sizeof *s);
	s->fd = -1;
	s->state_dir = state_dir;
	snprintf(s->id, sizeof s->id, "%s", id);
	s->req = req;
	s->may_start = may_start;
	snprintf(s->rundir, sizeof s->rundir, "%s", rundir);
	if (session_stdin_spool(rundir, req, s->spool, sizeof s->spool) < 0) {
		free(s);
		return NULL;
	}
	s->msg = exec_request(req, s->spool);
	if (!s->msg) {
		session_stdin_unspool(rundir, s->spool);
		free(s);
		return NULL;
	}
	if (!may_start) {
		/* Connected before anything is said: a session that is not
		 * running is the caller's to start. */
		bool started;
		s->fd = session_connect(state_dir, s->id, false, &started);
		if (s->fd < 0) {
			json_decref(s->msg);
			session_stdin_unspool(rundir, s->spool);
			free(s);
			*stopped = true;
			return NULL;
		}
		s->tries = 1; /* the request goes in the first step, if the policy lets it */
	}
	outcome_init(&s->out, req);
	s->r = render_new(req);
	if (w)
		render_set_writer(s->r, w);
	s->pub = events_pub_attach(req, s->id, s->r);
	struct render *r = s->r;
	render_event(r, "validation_started", json_pack("{s:s}", "language", req->lang->name));
	int blocked = policy_check_request(req, req->config, &s->out);
	json_t *findings = s->out.extra ? json_object_get(s->out.extra, "findings") : NULL;
	size_t i;
	json_t *f;
	json_array_foreach(findings, i, f)
	    render_event(r, "security_issue", json_pack("{s:O}", "finding", f));
	render_event(r, "validation_completed",
		     json_pack("{s:b, s:I}", "runnable", blocked != 1, "findings",
			       (json_int_t)json_array_size(findings)));
	if (blocked == 1) {
		s->over = true;
	} else {
		render_event(r, "execution_started",
			     json_pack("{s:s, s:s}", "language", req->lang->name, "code_sha256",
				       req->code_sha256));
		s->sink = render_sink(r);
	}
	return s;
}

static void run_free(struct session_run *s)
{
	if (s->fd >= 0)
		close(s->fd);
	/* The daemon took the spooled stdin when the execution began (a new
	 * kernel gets it again from the daemon, not from here). */
	session_stdin_unspool(s->rundir, s->spool);
	buf_release(&s->b);
	json_decref(s->msg);
	events_pub_free(s->pub);
	render_free(s->r);
	outcome_release(&s->out);
	free(s);
}

int session_run_end(struct session_run *s)
{
	struct request *req = s->req;
	results_save(&s->out, req);
	int write_rc = render_finish(s->r, &s->out, req);
	events_pub_finish(s->pub, &s->out);
	history_record(req, &s->out, config_retention_days(req->config));
	int code = outcome_exit_code(&s->out);
	run_free(s);
	return write_rc != 0 && code == 0 ? EXIT_SBX_FAILURE : code;
}

void session_run_abandon(struct session_run *s)
{
	/* The daemon runs the execution to its end all the same; its record
	 * has nobody to go to. A request that went may still be queued behind
	 * another: its spooled stdin is the daemon's to take. */
	if (s->sent)
		s->spool[0] = 0;
	run_free(s);
}

int session_exec(const char *state_dir, const char *id, struct request *req)
{
	bool stopped;
	struct session_run *s = session_run_begin(state_dir, id, req, NULL, true, &stopped);
	if (!s)
		return EXIT_SBX_FAILURE;
	while (session_run_step(s))
		;
	return session_run_end(s);
}
