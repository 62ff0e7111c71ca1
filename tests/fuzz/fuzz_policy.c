/* fuzz_policy — the policy scanner (policy_scan) and the dependency lister
 * (policy_dependencies) for every language, and the JSON they feed into
 * the result record.
 *
 * Byte 0 picks the language, byte 1 the rule levels (built-in, or a mix of
 * off/warn/block as a config file could set them); the rest is the code,
 * passed without a NUL terminator. Checks: findings are well formed, a
 * stored block finding blocks, every finding and dependency reaches the
 * JSON (a record that silently drops one would hide it from the user),
 * and `sbx run`'s check (policy_check_request) writes a record whose
 * error, when blocked, is there and serialises. */
#include <jansson.h>
#include <math.h>

#include "core/config.h"
#include "fuzz.h"
#include "core/outcome.h"
#include "policy/policy.h"
#include "core/request.h"

static void check_json(json_t *a, size_t n)
{
	FUZZ_CHECK(json_is_array(a));
	FUZZ_CHECK(json_array_size(a) == n);
	char *text = json_dumps(a, JSON_COMPACT);
	FUZZ_CHECK(text);
	free(text);
	json_decref(a);
}

static void check_request(const struct lang *lang, const char *code, size_t len,
			  const struct config *cfg)
{
	struct request req;
	request_init(&req);
	req.lang = lang;
	char *copy = malloc(len + 1);
	if (!copy)
		abort();
	memcpy(copy, code, len);
	copy[len] = '\0';
	request_set_code(&req, copy, len, "fuzz");
	struct outcome out;
	outcome_init(&out, &req);
	if (policy_check_request(&req, cfg, &out) == 1) {
		FUZZ_CHECK(out.status == STATUS_BLOCKED);
		FUZZ_CHECK(json_is_object(out.error));
		FUZZ_CHECK(json_is_string(json_object_get(out.error, "message")));
	}
	if (out.extra) {
		char *text = json_dumps(out.extra, JSON_COMPACT);
		FUZZ_CHECK(text);
		free(text);
	}
	outcome_release(&out);
	request_release(&req);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 2)
		return 0;
	const struct lang *lang = lang_get((enum lang_id)(data[0] % LANG_COUNT));
	struct config cfg;
	config_init(&cfg);
	if (data[1] & 0x80) {
		size_t nrules = policy_rule_count();
		for (size_t i = 0; i < nrules && i < CONFIG_MAX_RULES; i++)
			cfg.rule_levels[i] = (unsigned char)((data[1] + i) % 4);
	}
	size_t len = size - 2;
	char *code = malloc(len ? len : 1);
	if (!code)
		abort();
	memcpy(code, data + 2, len);

	struct policy_report rep;
	policy_scan(lang, code, len, &cfg, &rep);
	FUZZ_CHECK(rep.n <= rep.alloc || rep.n == 0);
	FUZZ_CHECK(rep.risk >= 0.0 && rep.risk <= 1.0 && !isnan(rep.risk));
	for (size_t i = 0; i < rep.n; i++) {
		const struct policy_finding *f = &rep.findings[i];
		FUZZ_CHECK(f->rule && f->message);
		FUZZ_CHECK(f->severity == POLICY_WARN || f->severity == POLICY_BLOCK);
		FUZZ_CHECK(f->line >= 1 && f->column >= 1);
		FUZZ_CHECK((size_t)f->line <= len + 1);
		if (f->severity == POLICY_BLOCK)
			FUZZ_CHECK(rep.blocked);
		FUZZ_CHECK(f->rule->langs &
			   (1u << (lang->id == LANG_TYPESCRIPT ? LANG_JAVASCRIPT : lang->id)));
	}
	if (rep.n)
		FUZZ_CHECK(rep.risk > 0.0);
	check_json(policy_findings_json(&rep), rep.n);
	policy_report_release(&rep);

	struct policy_deps deps;
	policy_dependencies(lang, code, len, &deps);
	for (size_t i = 0; i < deps.n; i++) {
		FUZZ_CHECK(deps.deps[i].name && deps.deps[i].name[0]);
		FUZZ_CHECK(deps.deps[i].line >= 1);
		for (size_t j = 0; j < i; j++)
			FUZZ_CHECK(strcmp(deps.deps[i].name, deps.deps[j].name));
	}
	check_json(policy_deps_json(&deps), deps.n);
	policy_deps_release(&deps);

	check_request(lang, code, len, &cfg);
	free(code);
	config_release(&cfg);
	return 0;
}
