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

#include "engine/js/tokenize.h"
#include "policy/policy.h"
#include "render/render.h"
#include "run/execute.h"
#include "util/buf.h"
#include "util/util.h"

/* The checker programs. Each is ordinary code of its language, run by
 * execute() like any user code (sandbox, limits); the user's code reaches it
 * as inputs.code and is only parsed. They stay clear of the policy rules so
 * a strict config cannot block them. */
/* find_spec on a top-level name locates the module without importing it
 * (no module code runs). */
static const char checker_python[] =
    "import importlib.util as _sbx_util\n"
    "def _sbx_check(src, mods):\n"
    "    out = {'syntax': None, 'available': {}}\n"
    "    try:\n"
    "        compile(src, 'main.py', 'exec', dont_inherit=True)\n"
    "    except SyntaxError as e:\n"
    "        out['syntax'] = {'name': type(e).__name__, 'message': str(e.msg),\n"
    "                         'line': e.lineno, 'column': e.offset}\n"
    "    except ValueError as e:\n"
    "        out['syntax'] = {'name': 'ValueError', 'message': str(e),\n"
    "                         'line': None, 'column': None}\n"
    "    for m in mods:\n"
    "        try:\n"
    "            out['available'][m] = _sbx_util.find_spec(m) is not None\n"
    "        except Exception:\n"
    "            out['available'][m] = False\n"
    "    return out\n"
    "_sbx_check(inputs['code'], inputs['modules'])\n";

static const char checker_r[] =
    "local({\n"
    "  pkgs <- as.character(unlist(inputs$modules))\n"
    "  err <- tryCatch({ parse(text = inputs$code, keep.source = FALSE); NULL },\n"
    "                  error = function(e) conditionMessage(e))\n"
    "  avail <- lapply(pkgs, function(p) nzchar(system.file(package = p)))\n"
    "  names(avail) <- pkgs\n"
    "  list(syntax = err, available = avail)\n"
    "})\n";

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

/* "<text>:2:3: unexpected symbol" → line 2, column 3. */
static json_t *r_parse_error(const char *msg)
{
	int line = 0, col = 0;
	const char *p = strstr(msg, "<text>:");
	if (p && sscanf(p, "<text>:%d:%d:", &line, &col) == 2)
		return json_pack("{s:s, s:s, s:i, s:i}", "name", "SyntaxError", "message", msg,
				 "line", line, "column", col);
	return json_pack("{s:s, s:s, s:n, s:n}", "name", "SyntaxError", "message", msg, "line",
			 "column");
}

static json_t *check_interpreted(const struct request *req, struct policy_deps *deps)
{
	bool py = req->lang->id == LANG_PYTHON;
	const char *checker = py ? "python3 compile()" : "R parse()";
	struct outcome o;
	run_checker(req, py ? checker_python : checker_r,
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
		else if (json_is_string(e))
			syn = syntax_json(true, json_false(), checker,
					  r_parse_error(json_string_value(e)), NULL);
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

static json_t *transforms_json(const struct request *req)
{
	json_t *a = json_array();
	switch (req->lang->id) {
	case LANG_TYPESCRIPT:
		json_array_append_new(a, json_pack("{s:s, s:s, s:s, s:s}", "kind", "lower", "from",
						   "typescript", "to", "es5", "reason",
						   request_uses_node(req)
						       ? "types are removed by sbx's lowering; "
							 "node runs the output"
						       : "types are removed and newer syntax "
							 "lowered for Duktape"));
		break;
	case LANG_JAVASCRIPT: {
		if (request_uses_node(req)) /* node runs it as it is */
			break;
		/* js_scan decides what is lowered. */
		struct js_scan s;
		js_scan(req->code, req->code_len, &s);
		if (s.feature) {
			json_array_append_new(a,
					      json_pack("{s:s, s:s, s:s, s:s, s:i}", "kind",
							"lower", "from", "es2015+", "to", "es5",
							"reason", s.feature, "line", (int)s.line));
		}
		break;
	}
	case LANG_JAVA:
		json_array_append_new(a, json_pack("{s:s, s:s, s:s, s:s}", "kind", "compile",
						   "from", "java", "to", "class files", "reason",
						   "javac compiles the program before it runs"));
		break;
	default: break;
	}
	return a;
}

json_t *prepare_check(const struct request *req, const struct config *cfg, int *verdict)
{
	struct policy_report rep;
	struct policy_deps deps;
	policy_scan(req->lang, req->code, req->code_len, cfg, &rep);
	policy_dependencies(req->lang, req->code, req->code_len, &deps);
	json_t *transforms = transforms_json(req);
	json_t *syntax;
	switch (req->lang->id) {
	case LANG_PYTHON:
	case LANG_R: syntax = check_interpreted(req, &deps); break;
	case LANG_JAVA: syntax = check_built(req, "javac"); break;
	default: syntax = check_built(req, request_uses_node(req) ? "node" : "duktape"); break;
	}
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
