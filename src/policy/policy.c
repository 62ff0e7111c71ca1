/* policy — static checks of code before it runs: the scan (tokens, then
 * the rules of the code's language), its risk score, its findings as JSON,
 * and the check `sbx run` makes before it runs. Calls libc, jansson,
 * jsonout, outcome, util and the policy_*.c files only; never the pipeline.
 */
#include "policy/policy.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/buf.h"
#include "util/jsonout.h"
#include "policy/policy_int.h"
#include "util/util.h"

/* Most findings kept per scan: a generated file with 10,000 evals should
 * not produce a 10,000-entry record. The verdict (blocked) counts them all. */
#define POLICY_MAX_FINDINGS 100

void policy_find(struct scan *sc, const char *rule_id, const struct tok *at, const char *fmt, ...)
{
	int idx = policy_rule_index(rule_id);
	if (idx < 0)
		abort(); /* a typo in a scanner's rule ids: fail loudly in tests */
	const struct policy_rule *rule = policy_rule_at((size_t)idx);
	enum policy_level lvl = policy_rule_level(sc->cfg, (size_t)idx);
	if (lvl == POLICY_OFF)
		return;
	struct policy_report *rep = sc->rep;
	/* The same rule at the same place once (require('fs') is reached twice). */
	for (size_t i = 0; i < rep->n; i++)
		if (rep->findings[i].rule == rule && rep->findings[i].line == at->line &&
		    rep->findings[i].column == at->col)
			return;
	sc->seen[idx] = true;
	if (lvl == POLICY_BLOCK)
		rep->blocked = true;
	if (rep->n >= POLICY_MAX_FINDINGS)
		return;
	if (rep->n == rep->alloc) {
		rep->alloc = rep->alloc ? rep->alloc * 2 : 8;
		rep->findings = xrealloc(rep->findings, rep->alloc * sizeof(*rep->findings));
	}
	struct buf b = BUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	char msg[256];
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	buf_puts(&b, msg);
	rep->findings[rep->n++] =
	    (struct policy_finding){rule, lvl, at->line, at->col, buf_detach(&b, NULL)};
}

/* ---- scan API ----------------------------------------------------------- */

void policy_scan(const struct lang *lang, const char *code, size_t len, const struct config *cfg,
		 struct policy_report *rep)
{
	memset(rep, 0, sizeof(*rep));
	struct toks toks;
	policy_tokenize(lang, code, len, &toks);
	struct scan sc = {cfg, rep, &toks, {0}};
	policy_lang_of(lang)->scan(&sc);
	free(toks.v);
	/* risk = 1 - prod(1 - weight) over the rules found: one risky pattern
	 * is not certainty, each more kind of pattern raises it, repeats of
	 * one kind do not. Rounded to two decimals for a stable record. */
	double keep = 1.0;
	for (size_t i = 0; i < policy_rule_count(); i++)
		if (sc.seen[i])
			keep *= 1.0 - policy_rule_at(i)->weight;
	rep->risk = round((1.0 - keep) * 100.0) / 100.0;
}

void policy_report_release(struct policy_report *rep)
{
	for (size_t i = 0; i < rep->n; i++)
		free(rep->findings[i].message);
	free(rep->findings);
	memset(rep, 0, sizeof(*rep));
}

json_t *policy_findings_json(const struct policy_report *rep)
{
	json_t *a = json_array();
	for (size_t i = 0; i < rep->n; i++) {
		const struct policy_finding *f = &rep->findings[i];
		/* The message quotes the code, and is cut at 256 bytes, maybe
		 * inside a UTF-8 sequence: json_pack would refuse it and the
		 * finding would vanish from the record. */
		json_array_append_new(
		    a,
		    json_pack("{s:s, s:s, s:i, s:i, s:o}", "rule", f->rule->id, "severity",
			      policy_level_name(f->severity), "line", f->line, "column", f->column,
			      "message", json_string_utf8_lossy(f->message, strlen(f->message))));
	}
	return a;
}

int policy_check_request(const struct request *req, const struct config *cfg, struct outcome *out)
{
	if (!req->lang || !req->code)
		return 0;
	struct policy_report rep;
	policy_scan(req->lang, req->code, req->code_len, cfg, &rep);
	if (rep.n == 0 && !rep.blocked) {
		policy_report_release(&rep);
		return 0;
	}
	if (!out->extra)
		out->extra = json_object();
	json_object_set_new(out->extra, "findings", policy_findings_json(&rep));
	json_object_set_new(out->extra, "risk", json_real(rep.risk));
	int blocked = 0;
	if (rep.blocked) {
		const struct policy_finding *f = NULL;
		for (size_t i = 0; i < rep.n && !f; i++)
			if (rep.findings[i].severity == POLICY_BLOCK)
				f = &rep.findings[i];
		if (f) {
			outcome_fail(
			    out, STATUS_BLOCKED, "PolicyError",
			    "blocked by policy rule %s: %s (to allow it, set 'policy: {%s: "
			    "warn}' in the config file)",
			    f->rule->id, f->message, f->rule->id);
			/* The location is in error.line and error.column, and the
			 * text summary prints it once from there. */
			json_object_set_new(out->error, "line", json_integer(f->line));
			json_object_set_new(out->error, "column", json_integer(f->column));
		} else {
			outcome_fail(out, STATUS_BLOCKED, "PolicyError", "blocked by policy");
		}
		blocked = 1;
	}
	policy_report_release(&rep);
	return blocked;
}
