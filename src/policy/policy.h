/* policy — static checks of code before it runs, and its dependencies.
 *
 * Each language has a small tokenizer, so a rule never fires inside a
 * string, a comment, the text of a template literal or a regex literal. Each
 * rule has an id ("js.dynamic_code"), a built-in level (block, warn or off)
 * that the config file can change, and a weight for the risk score.
 *
 * This is a guard for people and agents, not the security boundary: code
 * can hide from any pattern scan. The sandbox is the boundary.
 *
 * The policy layer calls the util and core data headers only (request,
 * lang, outcome, config, buf, jsonout, js/tokenize.h), never the pipeline:
 * the syntax check that runs code is prepare_check.c's. The rule table is
 * in policy_names.h; the scanners share policy_int.h.
 */
#ifndef SBX_POLICY_H
#define SBX_POLICY_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "core/config.h"
#include "core/lang.h"
#include "core/outcome.h"
#include "core/policy_names.h"
#include "core/request.h"

struct policy_finding {
	const struct policy_rule *rule;
	enum policy_level severity; /* POLICY_WARN or POLICY_BLOCK */
	int line, column;	    /* 1-based */
	char *message;
};

struct policy_report {
	struct policy_finding *findings;
	size_t n, alloc;
	double risk;  /* 0..1 */
	bool blocked; /* a finding at level block */
};

/* A dependency the code names (import, require, library, ...). */
struct policy_dep {
	char *name;
	int line;
	int available; /* 1 yes, 0 no, -1 not checked */
};

struct policy_deps {
	struct policy_dep *deps;
	size_t n, alloc;
};

/* Scans code for the rules of lang (TypeScript uses the JavaScript rules).
 * Findings of rules that are off are not reported. rep is initialised here. */
void policy_scan(const struct lang *lang, const char *code, size_t len, const struct config *cfg,
		 struct policy_report *rep);
void policy_report_release(struct policy_report *rep);
/* [{"rule","severity","line","column","message"}, ...] (new reference). */
json_t *policy_findings_json(const struct policy_report *rep);

/* Lists the modules/packages the code loads, in order, without duplicates.
 * available is -1 except for Java (java.*, javax.* come with the JDK) and
 * JavaScript (there is no module loader: 0). deps is initialised here. */
void policy_dependencies(const struct lang *lang, const char *code, size_t len,
			 struct policy_deps *deps);
void policy_deps_release(struct policy_deps *deps);
json_t *policy_deps_json(const struct policy_deps *deps);

/* For `sbx run` before it runs: scans req's code. When there are findings,
 * out->extra gets "findings" and "risk". When one is at level block, the
 * outcome becomes status blocked with error {name: "PolicyError", message
 * naming the rule, where, and how to allow it} and 1 is returned; else 0.
 * cfg may be NULL (built-in levels). */
int policy_check_request(const struct request *req, const struct config *cfg, struct outcome *out);

#endif
