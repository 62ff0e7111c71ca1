/* policy — static checks of code before it runs, and its dependencies.
 *
 * Each language has a small tokenizer, so a rule never fires inside a
 * string, a comment, the text of a template literal or a regex literal. Each
 * rule has an id ("js.dynamic_code"), a built-in level (block, warn or off)
 * that the config file can change, and a weight for the risk score.
 *
 * This is a guard for people and agents, not the security boundary: code
 * can hide from any pattern scan. The sandbox is the boundary.
 */
#ifndef SBX_POLICY_H
#define SBX_POLICY_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "config.h"
#include "lang.h"
#include "outcome.h"
#include "request.h"

enum policy_level {
	POLICY_DEFAULT = 0, /* in struct config: the rule's built-in level */
	POLICY_OFF,
	POLICY_WARN,
	POLICY_BLOCK,
};

struct policy_rule {
	const char *id;		 /* "js.dynamic_code"; the config file's key */
	unsigned langs;		 /* 1u << LANG_* it applies to */
	enum policy_level level; /* built-in level */
	double weight;		 /* 0..1, its share of the risk score */
	const char *summary;	 /* one line for docs and `sbx prepare` */
};

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

/* The rule table. */
size_t policy_rule_count(void);
const struct policy_rule *policy_rule_at(size_t i);
/* Index of a rule id, -1 if none. */
int policy_rule_index(const char *id);
/* "block", "warn", "off"; and back (POLICY_DEFAULT when unknown). */
const char *policy_level_name(enum policy_level l);
enum policy_level policy_level_from_name(const char *s);
/* "default" or "strict" → *out; -1 if neither. */
int policy_profile_from_name(const char *s, enum policy_profile *out);
/* The level in force: the config's for the rule, else the profile's
 * (strict: block what warns), else the rule's built-in one. */
enum policy_level policy_rule_level(const struct config *cfg, size_t rule_index);

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

/* Everything `sbx prepare` reports, without running the code:
 *   {"status": "ok" | "syntax_error" | "blocked", "runnable": bool,
 *    "language", "code_sha256",
 *    "syntax": {"checked": bool, "ok": bool|null, "checker": "...",
 *               "error": {name, message, line, column}|null, "note": "..."},
 *    "findings": [...], "risk": 0..1,
 *    "dependencies": [{"name", "line", "available": bool|null}],
 *    "transforms": [{"kind", "from", "to", "reason", "line"}]}
 * Syntax is checked by the language's own parser running in the sandbox
 * (execute() of a small checker program; the user's code is parsed, never
 * run); Python and R dependencies are looked up by the same sandboxed
 * interpreter. req must be finished (request_finish). *verdict is 0 when
 * the code may run, 1 on a syntax error or a block finding. Returns a new
 * reference. */
json_t *policy_prepare(const struct request *req, const struct config *cfg, int *verdict);

#endif
