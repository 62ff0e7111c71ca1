/* warm_run — a sandbox made before its request (warm_run.h). */
#include "run/warm_run.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/config.h"
#include "policy/policy.h"
#include "run/events_pub.h"
#include "run/execute.h"
#include "run/request_json.h"
#include "sandbox/sandbox.h"
#include "sandbox/workdir.h"
#include "util/profile.h"
#include "util/util.h"

enum warm_state {
	WARM_WAITING, /* the sandbox never reached its gate (a setup failure) */
	WARM_UNUSED,  /* end of input: nothing to run */
	WARM_FAILED,  /* the request could not be read (its message is out) */
	WARM_COLD,    /* a request the sandbox was not made for */
	WARM_TAKEN,   /* the request runs in the sandbox */
};

struct warm {
	struct request *req; /* the template, then (swapped) the real request */
	struct request *real;
	struct outcome *out;
	struct render *r;
	struct events_pub *pub;
	warm_load_fn load;
	void *ctx;
	enum warm_state state;
};

static bool same_text(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/* Does the request ask only for what the sandbox was made with? Whatever
 * shapes the sandbox or what the interpreter was started with must be the
 * same; what only the record says (id, labels, history) may differ. */
static bool fits(const struct request *t, const struct request *r)
{
	return r->lang == t->lang && !memcmp(&r->limits, &t->limits, sizeof(r->limits)) &&
	       r->nfiles == 0 && !r->stdin_path && r->nargs == 0 && r->nenv == 0 &&
	       json_object_size(r->inputs) == 0 && !r->out_dir && !r->deployment_name &&
	       !r->markdown && !r->code_from_markdown && r->merge_output == t->merge_output &&
	       r->format == t->format && r->print_result == t->print_result &&
	       r->engine == t->engine && r->require == t->require && !r->lower_for_node &&
	       r->build_only == t->build_only && same_text(r->code_origin, t->code_origin) &&
	       same_text(r->state_dir, t->state_dir);
}

/* The request's JSON as standard input again (request_json_load reads it
 * there): false at end of input, nothing sent. */
static bool request_waiting(void)
{
	struct buf text = BUF_INIT;
	int rc = read_fd(STDIN_FILENO, REQUEST_JSON_MAX, &text);
	bool any = rc == 0 && text.len > 0;
	int fd = any ? memfd_create("sbx-request", MFD_CLOEXEC) : -1;
	bool ok = fd >= 0 && write_all(fd, text.data, text.len) == 0 &&
		  lseek(fd, 0, SEEK_SET) == 0 && dup2(fd, STDIN_FILENO) == STDIN_FILENO;
	if (fd >= 0)
		close(fd);
	buf_release(&text);
	return rc != 0 || ok; /* a read error: request_json_load says it */
}

/* The code into the file the prelude reads after the gate (the backend's
 * code_file, as its spawn_args wrote the template's: the same inode, which
 * Rscript has open since its start). */
static bool code_in(const struct sandbox_plan *plan, const struct request *req)
{
	char path[4096];
	int n = snprintf(path, sizeof path, "%s/" WORKDIR_PRIVATE "/%s", plan->rundir,
			 lang_ops(req->lang)->code_file);
	if (n < 0 || (size_t)n >= sizeof path)
		return false;
	int fd = open(path, O_WRONLY | O_TRUNC | O_NOFOLLOW | O_CLOEXEC);
	bool ok = fd >= 0 && write_all(fd, req->code, req->code_len) == 0;
	if (fd >= 0 && close(fd) != 0)
		ok = false;
	return ok;
}

/* A held exec's compiled program must be in the build cache: its compile
 * is a sandboxed step of its own, which a sandbox already set up cannot
 * take (such a request goes cold, as without a pool). */
static bool built(const struct request *req)
{
	const struct lang_ops *ops = lang_ops(req->lang);
	char path[PATH_MAX];
	struct stat st;
	return !ops->artefacts_path || (ops->artefacts_path(req, path, sizeof path) == 0 &&
					lstat(path, &st) == 0 && S_ISDIR(st.st_mode));
}

/* The request's code where its sandbox takes it: Python's and R's
 * preludes read its file after the gate, Java's launcher its cached classes
 * (warm_code_in); a held exec gets its words then (engine/engine_held.c),
 * here only its program must be built. */
static bool code_ready(const struct sandbox_plan *plan, const struct request *req,
		       struct outcome *out)
{
	const struct lang_ops *ops = lang_ops(req->lang);
	if (ops->warm_code_in)
		return ops->warm_code_in(req, plan->rundir, out);
	return ops->spawn_gated ? ops->code_file && code_in(plan, req) : built(req);
}

/* What execute_and_render says before the engine runs, for the request
 * that took the sandbox. */
static void validated(struct warm *w)
{
	struct request *req = w->req;
	w->pub = events_pub_attach(req, NULL, w->r);
	render_event(w->r, "validation_started", json_pack("{s:s}", "language", req->lang->name));
	json_t *findings = w->out->extra ? json_object_get(w->out->extra, "findings") : NULL;
	size_t i;
	json_t *f;
	json_array_foreach(findings, i, f)
	    render_event(w->r, "security_issue", json_pack("{s:O}", "finding", f));
	render_event(w->r, "validation_completed",
		     json_pack("{s:b, s:I}", "runnable", true, "findings",
			       (json_int_t)json_array_size(findings)));
	render_event(
	    w->r, "execution_started",
	    json_pack("{s:s, s:s}", "language", req->lang->name, "code_sha256", req->code_sha256));
}

static bool hold(void *ctx, const struct sandbox_plan *plan)
{
	struct warm *w = ctx;
	char set_up = WARM_SET_UP;
	if (write(STDERR_FILENO, &set_up, 1) != 1) {
		/* Not said: the pool takes it as one still setting up. */
	}
	if (!request_waiting()) {
		w->state = WARM_UNUSED;
		return false;
	}
	profile_mark("warm: waited for the request");
	if (w->load(w->ctx, &w->real) != 0) {
		w->state = WARM_FAILED;
		return false;
	}
	/* A finding at level block is the cold run's to record. */
	if (!fits(w->req, w->real) || policy_check_request(w->real, w->real->config, w->out) == 1 ||
	    !code_ready(plan, w->real, w->out)) {
		w->state = WARM_COLD;
		return false;
	}
	struct request t = *w->req;
	*w->req = *w->real;
	*w->real = t;
	w->state = WARM_TAKEN;
	validated(w);
	profile_mark("warm: request in");
	return true;
}

int warm_run(struct request *tmpl, warm_load_fn load, void *ctx)
{
	/* Nothing may be printed before the request comes: JSON's record is
	 * all it prints, at the end. */
	if (!tmpl->lang->warm_start || tmpl->format != FORMAT_JSON)
		return error("sbx run --warm-sandbox: warm sandboxes are for %s only, with "
			     "--format json",
			     lang_warm_start_names()),
		       EXIT_SBX_FAILURE;
	sandbox_cancel_arm();
	struct outcome out;
	outcome_init(&out, tmpl);
	struct render *r = render_new(tmpl);
	struct warm w = {.req = tmpl, .out = &out, .r = r, .load = load, .ctx = ctx};
	sandbox_hold_set(&(struct sandbox_hold){hold, &w});
	/* Its directory's removal is not the request's to wait for: the pool's
	 * next sandbox sweeps it (workdir.h); nor is its init's exit, nor its
	 * cgroup's removal (sandbox.h): this process ends with the run. */
	workdir_leave_to_sweep(true);
	sandbox_leave_ending_init(true);
	execute(tmpl, &out, r);
	sandbox_leave_ending_init(false);
	workdir_leave_to_sweep(false);
	sandbox_hold_set(NULL);
	if (w.state == WARM_WAITING) {
		/* The sandbox failed before its gate: a request still gets its
		 * answer, cold, as without a pool. */
		if (!request_waiting())
			w.state = WARM_UNUSED;
		else
			w.state = w.load(w.ctx, &w.real) == 0 ? WARM_COLD : WARM_FAILED;
	}
	if (w.state != WARM_TAKEN) {
		render_free(r);
		outcome_release(&out);
		if (w.state == WARM_COLD)
			return execute_and_render(w.real);
		return w.state == WARM_UNUSED ? 0 : EXIT_SBX_FAILURE;
	}
	return execute_finish(tmpl, &out, r, w.pub, true);
}
