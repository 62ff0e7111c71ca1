/* sandbox — a run's steps in one readable sequence (see sandbox.h):
 *
 *   1. the plan, pure data (sandbox_plan.c): rlimits, merged output, the
 *      layers the profile can never give refused before anything starts;
 *   2. the layers prepared in the parent: isolation decided, the cgroup
 *      created and the root planned (isolate_prepare), the seccomp filter
 *      found (built once per process: seccomp_filter);
 *   3. one supervisor from fork to reap (sandbox_supervise.c), in the
 *      run's turn when a batch gives turns (sandbox_turn.c);
 *   4. the isolation layers' end: what is left killed, the cgroup's
 *      account read and the cgroup removed (isolate_finish); a warm
 *      sandbox's init that is ending alone is left to end on its own
 *      (sandbox_leave_ending_init);
 *   5. the status, from what was observed (sandbox_status.c).
 *
 * Each step is one call to the file that owns it; this file owns only the
 * order. May call: the sandbox_*.c and isolate_*.c steps, seccomp, outcome.
 */
#include "sandbox/sandbox.h"

#include "sandbox/sandbox_int.h"
#include "util/profile.h"

int sandbox_run(const struct request *req, const struct sandbox_plan *plan, struct outcome *out,
		const struct output_sink *sink)
{
	struct supervisor sv;
	const struct seccomp_prog *prog = NULL;
	bool finished = false; /* isolate_finish has run */
	int rc = -1;
	char names[96];

	/* 1. The plan. */
	sandbox_supervisor_init(&sv, req, plan, out, sink);
	sv.merged = sandbox_plan_merged(req);
	sandbox_plan_limits(req, plan, &sv.limits);
	unsigned refused = sandbox_plan_unmet(req, plan);
	if (refused) {
		/* The embedded engine runs under seccomp and rlimits only:
		 * refuse before anything starts. */
		outcome_fail(out, STATUS_BLOCKED, "RequirementUnmet",
			     "--require %s: the %s engine runs under seccomp (an allow-list, "
			     "narrower than namespaces) and rlimits only; --require strongest "
			     "asks each language for the strongest its engine has",
			     request_layer_names(refused, names, sizeof(names)), req->lang->name);
		rc = 0;
		goto out;
	}

	/* 2. The layers prepared in the parent. */
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
		profile_mark("isolation prepared");
	}
	if (!(prog = seccomp_filter(plan->profile))) {
		/* Fail closed: without the filter nothing runs. */
		outcome_fail(out, STATUS_SANDBOX_ERROR, "SandboxError",
			     "the seccomp filter could not be built");
		goto out;
	}
	profile_mark("seccomp filter");

	/* 3. Fork to reap, in the run's turn (a batch's: sandbox.h). */
	if (!sandbox_turn_take()) {
		outcome_fail(out, STATUS_SANDBOX_ERROR, "SandboxError",
			     "the run's turn never came: the batch that started it is gone");
		goto out;
	}
	enum supervise_result how = sandbox_supervise(&sv, prog);
	sandbox_turn_give();
	if (how != SUPERVISE_DONE) {
		rc = how == SUPERVISE_REFUSED ? 0 : -1;
		goto out;
	}

	/* 4. Before the status: it reads the cgroup's peak and OOM. An init
	 * still ending keeps its cgroup (sandbox_leave_ending_init). */
	if (sv.isolated && sv.init_ending) {
		isolate_finish_read(&sv.iso, &out->sandbox);
		finished = true;
	} else if (sv.isolated) {
		isolate_finish(&sv.iso, sv.pid, &out->sandbox);
		finished = true;
	}

	profile_mark("sandbox finished");
	/* 5. The status. */
	sandbox_status_decide(&sv);
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
	sandbox_supervisor_release(&sv);
	return rc;
}
