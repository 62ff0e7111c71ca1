/* engine_duktape — JavaScript in an embedded Duktape heap, in a forked child
 * confined by the strict seccomp allow-list (PROFILE_EMBEDDED).
 *
 * The parent builds a sandbox plan and lets sandbox.c fork and supervise.
 * The child (engine_duktape_child_main) creates a heap with a byte-capped
 * allocator, loads the runtime prelude (src/engine/js/prelude/: console, print,
 * timers), runs the user's code, drains the timer loop, awaits a thenable
 * result and writes one JSON report to SANDBOX_REPORT_FD:
 *   {"result": JSON, "memory_peak_kb": N}                      exit 0
 *   {"error": {name, message, line, column, traceback}, ...}   exit 1
 *   {"status": "memory_limit" | "timeout", "memory_peak_kb": N}
 * The child writes the code's output with write(2) as it goes, so whatever
 * was printed before a kill is kept.
 *
 * Top-level return: the code is first compiled as a global program, whose
 * completion value is the result (`1+1` gives 2). Only if that fails with
 * Duktape's "invalid return" SyntaxError is it compiled again as the body of
 * a function: "function(){" + code + "\n}". The prefix has no newline, so
 * line numbers in errors and tracebacks stay those of the user's source; the
 * price is that top-level `var`s of such programs are function-local.
 *
 * This file is the parent's side; the child is engine_duktape_child.c, with
 * its allocator (_mem.c), host bindings (_bindings.c), string encoders
 * (_text.c) and completion scanner (_completion.c). Calls the sandbox (to
 * run the plan), js/lower.h, progin and util.
 */
#include <string.h>
#include <unistd.h>

#include <duktape.h>

#include "engine/engine.h"
#include "engine/engine_duktape.h"
#include "engine/engine_duktape_int.h"
#include "engine/js/lower.h"
#include "sandbox/progin.h"
#include "sandbox/sandbox.h"
#include "util/util.h"

/* Address space beyond the heap cap for the binary, its libraries, the
 * stack and malloc's per-chunk overhead; the rlimit is only a backstop. */
#define AS_MARGIN (64ull << 20)

static const char *source_name(const struct request *req)
{
	const char *o = req->code_origin, *slash;
	if (!o || strcmp(o, "-e") == 0)
		return "[eval]";
	if (strcmp(o, "-") == 0)
		return "[stdin]";
	slash = strrchr(o, '/');
	return slash && slash[1] ? slash + 1 : o;
}

int engine_duktape_run(struct request *req, struct outcome *out, const struct output_sink *sink)
{
	struct duk_job job = {req, NULL, source_name(req), {0}};
	struct sandbox_plan plan = {0};
	int rc;

	job.inputs_json = json_dumps(req->inputs, JSON_COMPACT | JSON_ENCODE_ANY);
	if (!job.inputs_json) {
		outcome_fail(out, STATUS_SANDBOX_ERROR, "SandboxError", "cannot encode the inputs");
		return -1;
	}
	plan.profile = PROFILE_EMBEDDED;
	plan.child_main = engine_duktape_child_main;
	plan.child_arg = &job;
	plan.workdir = NULL;
	plan.stdin_fd = -1;
	plan.rlimit_as = req->limits.memory_bytes + req->limits.memory_bytes / 2 + AS_MARGIN;
	plan.rlimit_nproc = 0;
	if (req->stdin_path && (plan.stdin_fd = progin_open(req->stdin_path)) < 0) {
		outcome_fail(out, STATUS_SANDBOX_ERROR, "SandboxError",
			     "the --stdin input cannot be read");
		free(job.inputs_json);
		return -1;
	}
	js_lower_prepare(&job.lower, req); /* issue #4: fast path or cache */
	engine_duktape_modules_read(&job); /* a multi-file program's modules */
	rc = sandbox_run(req, &plan, out, sink);
	engine_duktape_modules_release(&job);
	js_lower_finish(&job.lower, req, out);
	js_lower_release(&job.lower);
	if (plan.stdin_fd >= 0)
		close(plan.stdin_fd);
	free(job.inputs_json);
	return rc;
}
