#include "run/execute.h"

#include "engine/engine.h"
#include "state/history.h"

#include <stdio.h>
#include <string.h>

#include "core/config.h"
#include "policy/policy.h"
#include "run/events_pub.h"
#include "run/results_save.h"
#include "sandbox/sandbox.h"
#include "util/profile.h"
#include "util/util.h"

int execute(struct request *req, struct outcome *out, struct render *r)
{
	render_event(
	    r, "execution_started",
	    json_pack("{s:s, s:s}", "language", req->lang->name, "code_sha256", req->code_sha256));
	double start = now_monotonic_ms();
	/* The engines stream the code's output through this, not to r. */
	struct output_sink sink = render_sink(r);
	int rc;
	switch (request_uses_node(req) ? ENGINE_SPAWN : req->lang->engine) {
	case ENGINE_DUKTAPE:
		rc = engine_duktape_run(req, out, &sink);
		if (!out->extra)
			out->extra = json_object();
		json_object_set_new(out->extra, "engine", json_string("duktape"));
		/* Code that needs node, kept on Duktape: how to let node run it */
		if (req->engine_hint && out->status != STATUS_OK && json_is_object(out->error) &&
		    !json_object_get(out->error, "hint"))
			json_object_set_new(out->error, "hint", json_string(req->engine_hint));
		break;
	case ENGINE_SPAWN:
		rc = engine_spawn_run(req, out, &sink);
		if (req->engine_reason) { /* sbx chose node (run/engine_choice.c) */
			if (!out->extra)
				out->extra = json_object();
			json_object_set_new(out->extra, "engine_reason",
					    json_string(req->engine_reason));
		}
		break;
	default:
		outcome_fail(out, STATUS_SANDBOX_ERROR, "SandboxError", "no engine for %s",
			     req->lang->name);
		rc = -1;
	}
	if (out->wall_ms == 0)
		out->wall_ms = now_monotonic_ms() - start;
	return rc;
}

int engine_build(struct request *req, struct outcome *out)
{
	enum output_format saved = req->format;
	req->build_only = true;
	req->format = FORMAT_JSON; /* the renderer then prints nothing */
	struct render *r = render_new(req);
	int rc = execute(req, out, r);
	render_free(r);
	req->build_only = false;
	req->format = saved;
	return rc;
}

int execute_and_render(struct request *req)
{
	/* A cancel (SIGTERM) from here on is recorded, wherever it finds the
	 * run (before its sandbox: the sandbox ends as it starts). */
	sandbox_cancel_arm();
	struct outcome out;
	outcome_init(&out, req);
	struct render *r = render_new(req);
	struct events_pub *pub = events_pub_attach(req, NULL, r);
	/* The policy runs before anything starts; prepare runs its checkers
	 * through execute() itself, so the check lives here, not there. */
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
	profile_mark("policy");
	if (blocked != 1)
		execute(req, &out, r);
	if (sandbox_turn_lost()) {
		/* A batch's worker whose batch is gone before its turn:
		 * nothing ran and nobody reads, so no record and no history. */
		events_pub_free(pub);
		render_free(r);
		outcome_release(&out);
		return -1;
	}
	/* A sandbox made for this run, not one of sbx serve's warm ones
	 * (warm_run.c says true). */
	return execute_finish(req, &out, r, pub, false);
}

int execute_finish(const struct request *req, struct outcome *out, struct render *r,
		   struct events_pub *pub, bool warm)
{
	if (!out->extra)
		out->extra = json_object();
	json_object_set_new(out->extra, "warm", json_boolean(warm));
	/* --out-dir keeps the rich results as files too (named in the record). */
	results_save(out, req);
	int write_rc = render_finish(r, out, req);
	profile_mark("record");
	events_pub_finish(pub, out);
	events_pub_free(pub);
	profile_mark("events");
	/* After the result is out: a locked or broken history costs a warning,
	 * never the output or the exit code. */
	history_record(req, out, config_retention_days(req->config));
	profile_mark("history");
	profile_print();
	int code = outcome_exit_code(out);
	render_free(r);
	outcome_release(out);
	/* A failed write of the result is sbx's failure only when the code
	 * itself succeeded: never hide the code's own status. */
	return write_rc != 0 && code == 0 ? EXIT_SBX_FAILURE : code;
}
