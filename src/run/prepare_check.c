/* prepare_check — what `sbx prepare` (and `sbx deploy`) report about code
 * without running it: the policy's findings and dependencies, and the
 * syntax, checked by the language's own parser in the sandbox. It runs
 * checker programs through the whole pipeline (execute, render) and builds
 * with engine_build, so it sits above the pipeline, beside the commands
 * that call it, never inside the policy. Calls policy, execute, render,
 * engine, request, outcome, jansson, buf and util.
 */
#include "run/prepare_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/lang.h"
#include "policy/policy.h"
#include "render/render.h"
#include "run/execute.h"
#include "util/buf.h"
#include "util/util.h"

/* Runs a checker program for req's language; returns its outcome. */
static void run_checker(const struct request *req, const char *prog, json_t *inputs,
			struct outcome *out)
{
	struct request c;
	request_init(&c);
	c.lang = req->lang;
	request_set_code(&c, xstrdup(prog), strlen(prog), "[sbx prepare]");
	json_decref(c.inputs);
	c.inputs = inputs;
	c.limits = req->limits;
	c.format = FORMAT_JSON; /* the renderer then prints nothing */
	c.no_history = true;
	c.state_dir = req->state_dir ? xstrdup(req->state_dir) : NULL;
	outcome_init(out, &c);
	if (request_finish(&c) != 0) {
		outcome_fail(out, STATUS_SANDBOX_ERROR, "SandboxError", "bad checker request");
	} else {
		struct render *r = render_new(&c);
		execute(&c, out, r);
		render_free(r);
	}
	request_release(&c);
}

static json_t *syntax_json(bool checked, json_t *ok, const char *checker, json_t *err,
			   const char *note)
{
	return json_pack("{s:b, s:o, s:s, s:o, s:s?}", "checked", checked, "ok", ok, "checker",
			 checker, "error", err ? err : json_null(), "note", note);
}

/* A failed checker run (interpreter missing, limit hit): not checked. */
static json_t *syntax_unchecked(const char *checker, const struct outcome *o)
{
	const char *msg = o->error ? json_string_value(json_object_get(o->error, "message")) : NULL;
	struct buf b = BUF_INIT;
	buf_printf(&b, "not checked: the checker ended with status %s%s%s", status_name(o->status),
		   msg ? ": " : "", msg ? msg : "");
	json_t *j = syntax_json(false, json_null(), checker, NULL, buf_cstr(&b));
	buf_release(&b);
	return j;
}

static json_t *modules_json(const struct policy_deps *d)
{
	json_t *a = json_array();
	for (size_t i = 0; i < d->n; i++)
		json_array_append_new(a, json_string(d->deps[i].name));
	return a;
}

static void mark_available(struct policy_deps *d, json_t *avail)
{
	if (!json_is_object(avail))
		return;
	for (size_t i = 0; i < d->n; i++) {
		json_t *v = json_object_get(avail, d->deps[i].name);
		/* R may give a one-element list for a scalar */
		if (json_is_array(v) && json_array_size(v) == 1)
			v = json_array_get(v, 0);
		if (json_is_boolean(v))
			d->deps[i].available = json_is_true(v);
	}
}

/* The language's checker program (its backend's checker_source) on the
 * code and the modules it names. */
static json_t *check_interpreted(const struct request *req, struct policy_deps *deps)
{
	const struct lang_ops *ops = lang_ops(req->lang);
	const char *checker = ops->checker_name(req);
	struct outcome o;
	run_checker(req, ops->checker_source,
		    json_pack("{s:s%, s:o}", "code", req->code, req->code_len, "modules",
			      modules_json(deps)),
		    &o);
	json_t *res = o.status == STATUS_OK ? o.result : NULL;
	json_t *syn;
	if (!json_is_object(res)) {
		syn = syntax_unchecked(checker, &o);
	} else {
		mark_available(deps, json_object_get(res, "available"));
		json_t *e = json_object_get(res, "syntax");
		if (json_is_array(e) && json_array_size(e) == 1) /* R: a length-1 vector */
			e = json_array_get(e, 0);
		if (json_is_object(e))
			syn = syntax_json(true, json_false(), checker, json_incref(e), NULL);
		else if (json_is_string(e) && ops->checker_error)
			syn = syntax_json(true, json_false(), checker,
					  ops->checker_error(json_string_value(e)), NULL);
		else
			syn = syntax_json(true, json_true(), checker, NULL, NULL);
	}
	outcome_release(&o);
	return syn;
}

/* JavaScript and TypeScript are lowered and compiled by Duktape, Java by
 * javac, in the sandbox and without running (engine_build): the same path
 * as the run itself, so what prepare accepts is what runs. */
static json_t *check_built(const struct request *req, const char *checker)
{
	struct outcome o;
	struct request *mreq = (struct request *)req; /* the build does not change it */
	outcome_init(&o, req);
	engine_build(mreq, &o);
	json_t *syn;
	if (o.status == STATUS_OK)
		syn = syntax_json(true, json_true(), checker, NULL, NULL);
	else if (o.status == STATUS_ERROR && o.error)
		syn = syntax_json(true, json_false(), checker, json_incref(o.error), NULL);
	else
		syn = syntax_unchecked(checker, &o);
	outcome_release(&o);
	return syn;
}

json_t *prepare_check(const struct request *req, const struct config *cfg, int *verdict)
{
	struct policy_report rep;
	struct policy_deps deps;
	policy_scan(req->lang, req->code, req->code_len, cfg, &rep);
	policy_dependencies(req->lang, req->code, req->code_len, &deps);
	const struct lang_ops *ops = lang_ops(req->lang);
	json_t *transforms = json_array();
	if (ops->transforms)
		ops->transforms(req, transforms);
	json_t *syntax = ops->checker_source ? check_interpreted(req, &deps)
					     : check_built(req, ops->checker_name(req));
	bool syntax_bad = json_is_false(json_object_get(syntax, "ok"));
	const char *status = syntax_bad ? "syntax_error" : rep.blocked ? "blocked" : "ok";
	*verdict = syntax_bad || rep.blocked ? 1 : 0;
	json_t *j =
	    json_pack("{s:s, s:b, s:s, s:s, s:o, s:o, s:f, s:o, s:o}", "status", status, "runnable",
		      !*verdict, "language", req->lang->name, "code_sha256", req->code_sha256,
		      "syntax", syntax, "findings", policy_findings_json(&rep), "risk", rep.risk,
		      "dependencies", policy_deps_json(&deps), "transforms", transforms);
	policy_report_release(&rep);
	policy_deps_release(&deps);
	return j;
}
