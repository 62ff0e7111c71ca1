/* prepare_run — `sbx prepare`'s check and report (prepare_run.h). */
#include "run/prepare_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/config.h"
#include "core/outcome.h"
#include "run/prepare_check.h"
#include "util/textout.h"
#include "util/util.h"

static void print_syntax(json_t *syn)
{
	const char *checker = json_string_value(json_object_get(syn, "checker"));
	const char *note = json_string_value(json_object_get(syn, "note"));
	json_t *ok = json_object_get(syn, "ok");
	json_t *err = json_object_get(syn, "error");
	if (json_is_true(ok)) {
		text_printf(stdout, "  %-13s ok (%s)\n", "syntax", checker);
	} else if (json_is_false(ok)) {
		json_t *line = json_object_get(err, "line"), *col = json_object_get(err, "column");
		text_printf(stdout, "  %-13s ERROR", "syntax");
		if (json_is_integer(line)) {
			text_printf(stdout, " at line %lld", (long long)json_integer_value(line));
			if (json_is_integer(col))
				text_printf(stdout, ", column %lld",
					    (long long)json_integer_value(col));
		}
		const char *name = json_string_value(json_object_get(err, "name"));
		const char *msg = json_string_value(json_object_get(err, "message"));
		text_printf(stdout, ": %s%s%s\n", name ? name : "", name && msg ? ": " : "",
			    msg ? msg : "");
	} else {
		text_printf(stdout, "  %-13s %s\n", "syntax", note ? note : "not checked");
	}
}

static void print_findings(json_t *findings, json_t *risk)
{
	size_t n = json_array_size(findings), i;
	json_t *f;
	text_printf(stdout, "  %-13s %zu finding%s, risk %.2f\n", "policy", n, n == 1 ? "" : "s",
		    json_real_value(risk));
	int wrule = 0, wpos = 0;
	json_array_foreach(findings, i, f)
	{
		char pos[32];
		int len = snprintf(pos, sizeof(pos), "%lld:%lld",
				   (long long)json_integer_value(json_object_get(f, "line")),
				   (long long)json_integer_value(json_object_get(f, "column")));
		int rl = (int)strlen(json_string_value(json_object_get(f, "rule")));
		if (len > wpos)
			wpos = len;
		if (rl > wrule)
			wrule = rl;
	}
	json_array_foreach(findings, i, f)
	{
		char pos[32];
		snprintf(pos, sizeof(pos), "%lld:%lld",
			 (long long)json_integer_value(json_object_get(f, "line")),
			 (long long)json_integer_value(json_object_get(f, "column")));
		const char *sev = json_string_value(json_object_get(f, "severity"));
		/* BLOCK in capitals: it is the line that explains exit status 1. */
		text_printf(stdout, "    %-5s  %-*s  %-*s  %s\n",
			    strcmp(sev, "block") ? sev : "BLOCK", wpos, pos, wrule,
			    json_string_value(json_object_get(f, "rule")),
			    json_string_value(json_object_get(f, "message")));
	}
}

static void print_deps(json_t *deps)
{
	size_t n = json_array_size(deps), i;
	json_t *d;
	if (!n) {
		text_printf(stdout, "  %-13s none\n", "dependencies");
		return;
	}
	text_printf(stdout, "  %-13s %zu\n", "dependencies", n);
	int w = 0;
	json_array_foreach(deps, i, d)
	{
		int l = (int)strlen(json_string_value(json_object_get(d, "name")));
		if (l > w)
			w = l;
	}
	json_array_foreach(deps, i, d)
	{
		json_t *a = json_object_get(d, "available");
		text_printf(stdout, "    %-*s  line %-5lld %s\n", w,
			    json_string_value(json_object_get(d, "name")),
			    (long long)json_integer_value(json_object_get(d, "line")),
			    json_is_true(a)    ? "available"
			    : json_is_false(a) ? "NOT AVAILABLE"
					       : "not checked");
	}
}

static void print_transforms(json_t *tr)
{
	size_t i;
	json_t *t;
	if (!json_array_size(tr)) {
		text_printf(stdout, "  %-13s none\n", "transforms");
		return;
	}
	json_array_foreach(tr, i, t)
	{
		text_printf(stdout, "  %-13s %s %s -> %s", i ? "" : "transforms",
			    json_string_value(json_object_get(t, "kind")),
			    json_string_value(json_object_get(t, "from")),
			    json_string_value(json_object_get(t, "to")));
		json_t *line = json_object_get(t, "line");
		const char *reason = json_string_value(json_object_get(t, "reason"));
		if (reason)
			text_printf(stdout, " (%s%s", reason, json_is_integer(line) ? "" : ")");
		if (reason && json_is_integer(line))
			text_printf(stdout, ", line %lld)", (long long)json_integer_value(line));
		putchar('\n');
	}
}

static void print_text(json_t *rep, const struct request *req)
{
	text_printf(stdout, "%s (%s)\n", req->code_origin ? req->code_origin : "-",
		    json_string_value(json_object_get(rep, "language")));
	print_syntax(json_object_get(rep, "syntax"));
	print_findings(json_object_get(rep, "findings"), json_object_get(rep, "risk"));
	print_deps(json_object_get(rep, "dependencies"));
	print_transforms(json_object_get(rep, "transforms"));
	const char *status = json_string_value(json_object_get(rep, "status"));
	/* A missing module does not stop the run (the code may guard its
	 * import), but the verdict must not read as all clear. */
	size_t missing = 0, i;
	json_t *d;
	json_array_foreach(json_object_get(rep, "dependencies"), i, d) missing +=
	    json_is_false(json_object_get(d, "available"));
	if (!strcmp(status, "ok") && missing)
		text_printf(stdout, "  %-13s runnable, %zu %s missing\n", "verdict", missing,
			    missing == 1 ? "dependency" : "dependencies");
	else
		text_printf(stdout, "  %-13s %s\n", "verdict",
			    !strcmp(status, "ok") ? "runnable"
			    : !strcmp(status, "blocked")
				? "BLOCKED by policy (sbx run would exit 126)"
				: "NOT RUNNABLE: fix the syntax error");
}

int prepare_run(struct run_options *ro)
{
	struct request *req = ro->req;
	struct config cfg;
	int rc = EXIT_SBX_FAILURE;
	config_init(&cfg);
	if (config_load(ro->config_flag, &cfg) != 0)
		goto out;
	runopt_apply_policy(ro, &cfg);
	config_apply(&cfg, req);
	if (runopt_finish(ro) != 0)
		goto out;

	int verdict = 0;
	json_t *rep = prepare_check(req, &cfg, &verdict);
	if (req->format == FORMAT_TEXT) {
		print_text(rep, req);
	} else {
		/* json and ndjson alike: one object on one line. */
		char *s = json_dumps(rep, JSON_COMPACT | JSON_REAL_PRECISION(6));
		puts(s);
		free(s);
	}
	json_decref(rep);
	rc = verdict;
	if (fflush(stdout) != 0) {
		error("cannot write the report to standard output");
		rc = EXIT_SBX_FAILURE;
	}
out:
	config_release(&cfg);
	return rc;
}
