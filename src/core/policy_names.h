/* policy_names — the policy rule table as plain data: each rule's id, the
 * languages it applies to, its built-in level and weight, and the names of
 * levels and profiles. The config file (config_keys.c) checks its `policy:` keys
 * against it; the scanners (policy*.c) report by it. It sits at the config's
 * level: calls libc and config.h only, none of the scanners.
 */
#ifndef SBX_POLICY_NAMES_H
#define SBX_POLICY_NAMES_H

#include <stddef.h>

#include "core/config.h"

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

#endif
