/* config_keys — each section of the config file and its keys: limits,
 * languages, policy, history, state_dir, and the checks made after the
 * whole file. Part of the core layer: calls libc, libyaml, opt, util and the
 * policy rule names (policy_names.h: plain data, none of the scanners).
 */
#include "core/config_int.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/opt.h"
#include "core/policy_names.h"
#include "util/util.h"

/* limits.*: one row each, in the order the messages list them. A key that
 * is also a request key (timeout, memory, ...) takes the same text as the
 * request's (opt_duration_ms, opt_size). */
#define NO_MARK ((size_t)-1)

static const struct limit_key {
	const char *key;
	bool duration; /* else a size */
	size_t field;  /* offsetof(struct limits, ...) */
	/* Where it was written, for config_check_limits's messages: an
	 * offsetof(struct loader, ...), or NO_MARK. */
	size_t mark;
	uint64_t most; /* a size's ceiling; 0: none */
} limit_keys[] = {
    {"timeout", true, offsetof(struct limits, timeout_ms), offsetof(struct loader, timeout_mark),
     0},
    {"cpu_time", true, offsetof(struct limits, cpu_ms), offsetof(struct loader, cpu_mark), 0},
    {"memory", false, offsetof(struct limits, memory_bytes), offsetof(struct loader, memory_mark),
     0},
    {"max_output", false, offsetof(struct limits, output_bytes), NO_MARK, 0},
    {"max_files", false, offsetof(struct limits, files_bytes), NO_MARK, 0},
    {"max_code", false, offsetof(struct limits, code_bytes), NO_MARK, SBX_MAX_CODE},
    {"max_timeout", true, offsetof(struct limits, max_timeout_ms), NO_MARK, 0},
    {"max_memory", false, offsetof(struct limits, max_memory_bytes), NO_MARK, 0},
    {"disk", false, offsetof(struct limits, disk_bytes), NO_MARK, 0},
};
#define NLIMIT_KEYS (sizeof limit_keys / sizeof limit_keys[0])

static const struct limit_key *limit_key_find(const char *key)
{
	for (size_t i = 0; i < NLIMIT_KEYS; i++)
		if (!strcmp(limit_keys[i].key, key))
			return &limit_keys[i];
	return NULL;
}

/* The keys a language's section takes (lang_key): a language with a
 * compiler names both commands by their names (java, javac); Duktape's
 * languages name node, their second engine; the others their command.
 * Into keys (at least 3), NULL-terminated when fewer. */
static void lang_section_keys(const struct lang *lang, const char *keys[3])
{
	static const char *const duktape[3] = {"engine", "node", "auto_node"};
	if (lang->compiler) {
		keys[0] = lang->interpreter, keys[1] = lang->compiler, keys[2] = NULL;
	} else if (lang->engine == ENGINE_DUKTAPE) {
		memcpy(keys, duktape, sizeof duktape);
	} else {
		keys[0] = "command", keys[1] = keys[2] = NULL;
	}
}

/* The same keys as "a, b, c" for messages. */
static void lang_section_keys_text(const struct lang *lang, char *out, size_t n)
{
	const char *keys[3];
	lang_section_keys(lang, keys);
	out[0] = '\0';
	for (size_t i = 0; i < 3 && keys[i]; i++)
		snprintf(out + strlen(out), n - strlen(out), "%s%s", i ? ", " : "", keys[i]);
}

bool config_null_key_known(const char *section, const char *key)
{
	if (!strcmp(section, "limits"))
		return limit_key_find(key) != NULL;
	if (!strncmp(section, "languages.", 10)) {
		const struct lang *lang = lang_by_name(section + 10);
		const char *keys[3] = {NULL, NULL, NULL};
		if (lang)
			lang_section_keys(lang, keys);
		for (size_t i = 0; i < 3 && keys[i]; i++)
			if (!strcmp(keys[i], key))
				return true;
		return false;
	}
	static const char *const known[][10] = {
	    {"the config", "limits", "languages", "policy", "history", "sessions", "serve",
	     "state_dir", NULL},
	    {"history", "enabled", "retention_days", NULL},
	    {"sessions", "max_ttl", NULL},
	    {"serve", "warm_pool", NULL},
	};
	if (!strcmp(section, "languages"))
		return lang_by_name(key) != NULL;
	if (!strcmp(section, "policy"))
		return policy_rule_index(key) >= 0 || !strcmp(key, "profile");
	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++) {
		if (strcmp(section, known[i][0]))
			continue;
		for (size_t j = 1; known[i][j]; j++)
			if (!strcmp(key, known[i][j]))
				return true;
	}
	return false;
}

static int parse_duration_node(const struct loader *L, const yaml_node_t *v, const char *key,
			       uint64_t *out)
{
	if (config_want_scalar(L, v, key, "a duration") != 0)
		return -1;
	if (parse_duration_ms(config_scalar(v), out) != 0)
		return config_fail_at(
		    L, v->start_mark,
		    "invalid duration '%s' for %s: use seconds (5, 2.5) or a unit "
		    "(500ms, 2s, 1m)",
		    config_scalar(v), key);
	if (*out == 0)
		return config_fail_at(L, v->start_mark, "%s must be more than zero, not '%s'", key,
				      config_scalar(v));
	return 0;
}

static int parse_size_node(const struct loader *L, const yaml_node_t *v, const char *key,
			   uint64_t *out)
{
	if (config_want_scalar(L, v, key, "a size") != 0)
		return -1;
	if (parse_size(config_scalar(v), out) != 0)
		return config_fail_at(
		    L, v->start_mark,
		    "invalid size '%s' for %s: use bytes or a K, M, G suffix (e.g. 256M)",
		    config_scalar(v), key);
	if (*out == 0)
		return config_fail_at(L, v->start_mark, "%s must be more than zero, not '%s'", key,
				      config_scalar(v));
	return 0;
}

static int limits_key(struct loader *L, const char *section, const char *key, yaml_node_t *v)
{
	const struct limit_key *k = limit_key_find(key);
	if (!k) {
		char known[160] = "";
		for (size_t i = 0; i < NLIMIT_KEYS; i++)
			snprintf(known + strlen(known), sizeof known - strlen(known), "%s%s",
				 i ? ", " : "", limit_keys[i].key);
		return config_unknown_key(L, v, section, key, known);
	}
	if (k->mark != NO_MARK)
		*(yaml_mark_t *)((char *)L + k->mark) = v->start_mark;
	char name[64];
	snprintf(name, sizeof name, "limits.%s", key);
	uint64_t *field = (uint64_t *)((char *)&L->cfg->limits + k->field);
	if ((k->duration ? parse_duration_node : parse_size_node)(L, v, name, field) != 0)
		return -1;
	if (k->most && *field > k->most)
		return config_fail_at(L, v->start_mark, "%s must be at most %lluM, not '%s'", name,
				      (unsigned long long)(k->most >> 20), config_scalar(v));
	return 0;
}

/* A command is a list of words ([python3, -X, utf8]) or one word. A string
 * with spaces is refused rather than split: quoting rules would be a guess. */
static int parse_command(struct loader *L, const yaml_node_t *v, const char *key, char ***out)
{
	const char *first = NULL;
	size_t n = 0;
	if (v->type == YAML_SCALAR_NODE) {
		if (config_want_scalar(L, v, key, "a command") != 0)
			return -1;
		first = config_scalar(v);
		if (!*first) /* a quoted "" or an empty block (found by fuzz_config) */
			return config_fail_at(L, v->start_mark, "%s is empty: name the program",
					      key);
		if (strpbrk(first, " \t\n"))
			return config_fail_at(
			    L, v->start_mark,
			    "%s is '%s': give the command as a list of words, e.g. "
			    "[python3, -X, utf8]",
			    key, first);
		n = 1;
	} else if (v->type == YAML_SEQUENCE_NODE) {
		n = (size_t)(v->data.sequence.items.top - v->data.sequence.items.start);
		if (n == 0)
			return config_fail_at(L, v->start_mark,
					      "%s is an empty list: name the program", key);
		if (n > CONFIG_MAX_ARGS)
			return config_fail_at(L, v->start_mark,
					      "%s has %zu words; at most %d are allowed", key, n,
					      CONFIG_MAX_ARGS);
	} else {
		return config_fail_at(L, v->start_mark, "%s must be a list of words, not %s", key,
				      config_node_kind(v));
	}
	char **argv = xcalloc(n + 1, sizeof(char *));
	if (first) {
		argv[0] = xstrdup(first);
	} else {
		for (size_t i = 0; i < n; i++) {
			yaml_node_t *w =
			    yaml_document_get_node(&L->doc, v->data.sequence.items.start[i]);
			if (!w || config_want_scalar(L, w, key, "a list of words (strings)") != 0) {
				config_free_argv(argv);
				return -1;
			}
			if (i == 0 && !*config_scalar(w)) {
				config_free_argv(argv);
				return config_fail_at(L, w->start_mark,
						      "%s: the program name is empty", key);
			}
			argv[i] = xstrdup(config_scalar(w));
		}
	}
	config_free_argv(*out);
	*out = argv;
	return 0;
}

static int parse_bool_node(const struct loader *L, const yaml_node_t *v, const char *key,
			   bool *out);

static int unknown_lang_key(const struct loader *L, const yaml_node_t *v, const char *section,
			    const char *key, const struct lang *lang)
{
	char keys[64];
	lang_section_keys_text(lang, keys, sizeof keys);
	return config_unknown_key(L, v, section, key, keys);
}

static int lang_key(struct loader *L, const char *section, const char *key, yaml_node_t *v)
{
	char name[64];
	snprintf(name, sizeof(name), "%s.%s", section, key);
	char ***cmds = L->cfg->commands[L->lang];
	const struct lang *lang = lang_get(L->lang);
	/* The same keys as lang_section_keys's. */
	if (lang->compiler) {
		if (!strcmp(key, lang->interpreter))
			return parse_command(L, v, name, &cmds[CONFIG_TOOL_RUN]);
		if (!strcmp(key, lang->compiler))
			return parse_command(L, v, name, &cmds[CONFIG_TOOL_COMPILE]);
		return unknown_lang_key(L, v, section, key, lang);
	}
	if (lang->engine == ENGINE_DUKTAPE) {
		if (!strcmp(key, "node"))
			return parse_command(L, v, name, &cmds[CONFIG_TOOL_RUN]);
		if (!strcmp(key, "auto_node")) {
			L->cfg->auto_node_set[L->lang] = true;
			return parse_bool_node(L, v, name, &L->cfg->auto_node[L->lang]);
		}
		if (strcmp(key, "engine"))
			return unknown_lang_key(L, v, section, key, lang);
		if (config_want_scalar(L, v, name, "duktape or node") != 0)
			return -1;
		if (request_engine_from_name(config_scalar(v), &L->cfg->engines[L->lang]) != 0)
			return config_fail_at(L, v->start_mark,
					      "invalid %s '%s': use duktape (embedded, the "
					      "default) or node (Node.js, V8)",
					      name, config_scalar(v));
		return 0;
	}
	if (!strcmp(key, "command"))
		return parse_command(L, v, name, &cmds[CONFIG_TOOL_RUN]);
	return unknown_lang_key(L, v, section, key, lang);
}

static int languages_key(struct loader *L, const char *section, const char *key, yaml_node_t *v)
{
	const struct lang *lang = lang_by_name(key);
	if (!lang) {
		/* Every language of the table has a section (lang_key). */
		char names[160] = "";
		for (int id = 0; id < LANG_COUNT; id++)
			snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s",
				 id ? ", " : "", lang_get((enum lang_id)id)->name);
		return config_unknown_key(L, v, section, key, names);
	}
	char name[64];
	snprintf(name, sizeof(name), "languages.%s", lang->name);
	if (config_want_mapping(L, v, name) != 0)
		return -1;
	L->lang = lang->id;
	return config_walk_mapping(L, v, name, lang_key);
}

static int policy_key(struct loader *L, const char *section, const char *key, yaml_node_t *v)
{
	int idx = policy_rule_index(key);
	if (!strcmp(key, "profile")) {
		if (config_want_scalar(L, v, "policy.profile", "default or strict") != 0)
			return -1;
		if (policy_profile_from_name(config_scalar(v), &L->cfg->policy_profile) != 0)
			return config_fail_at(L, v->start_mark,
					      "invalid policy.profile '%s': use default or strict",
					      config_scalar(v));
		return 0;
	}
	if (idx < 0) {
		/* The list of rules is long: name the page that has it. */
		return config_fail_at(
		    L, L->key_mark,
		    "unknown policy rule '%s' in %s: see sbx-config(5) or examples/config.yaml "
		    "for the rule ids (e.g. js.dynamic_code)",
		    key, section);
	}
	char name[96];
	snprintf(name, sizeof(name), "policy.%s", key);
	if (config_want_scalar(L, v, name, "block, warn or off") != 0)
		return -1;
	enum policy_level lvl = policy_level_from_name(config_scalar(v));
	if (lvl == POLICY_DEFAULT)
		return config_fail_at(L, v->start_mark,
				      "invalid level '%s' for %s: use block, warn or off",
				      config_scalar(v), name);
	L->cfg->rule_levels[idx] = (unsigned char)lvl;
	return 0;
}

static int parse_bool_node(const struct loader *L, const yaml_node_t *v, const char *key, bool *out)
{
	if (config_want_scalar(L, v, key, "true or false") != 0)
		return -1;
	const char *s = config_scalar(v);
	if (!strcmp(s, "true") || !strcmp(s, "True") || !strcmp(s, "TRUE"))
		*out = true;
	else if (!strcmp(s, "false") || !strcmp(s, "False") || !strcmp(s, "FALSE"))
		*out = false;
	else
		return config_fail_at(L, v->start_mark,
				      "invalid value '%s' for %s: use true or false", s, key);
	return 0;
}

static int history_key(struct loader *L, const char *section, const char *key, yaml_node_t *v)
{
	if (!strcmp(key, "enabled")) {
		L->cfg->history_set = true;
		return parse_bool_node(L, v, "history.enabled", &L->cfg->history_enabled);
	}
	if (!strcmp(key, "retention_days")) {
		if (config_want_scalar(L, v, "history.retention_days", "a whole number of days") !=
		    0)
			return -1;
		const char *s = config_scalar(v);
		char *end;
		errno = 0;
		unsigned long long d = strtoull(s, &end, 10);
		/* strtoull accepts "-1" and leading blanks; we do not. */
		if (*s < '0' || *s > '9' || *end || errno || d > 36500)
			return config_fail_at(
			    L, v->start_mark,
			    "invalid history.retention_days '%s': use a whole number of "
			    "days from 0 (keep forever) to 36500",
			    s);
		L->cfg->retention_days = (int)d;
		return 0;
	}
	return config_unknown_key(L, v, section, key, "enabled, retention_days");
}

static int sessions_key(struct loader *L, const char *section, const char *key, yaml_node_t *v)
{
	if (!strcmp(key, "max_ttl")) {
		uint64_t ms;
		if (parse_duration_node(L, v, "sessions.max_ttl", &ms) != 0)
			return -1;
		if (ms > CONFIG_SESSION_TTL_CEILING_MS)
			return config_fail_at(L, v->start_mark,
					      "sessions.max_ttl '%s' is over 3660 days: use a "
					      "duration such as 30d or 90d",
					      config_scalar(v));
		L->cfg->session_max_ttl_ms = ms;
		return 0;
	}
	return config_unknown_key(L, v, section, key, "max_ttl");
}

int config_root_key(struct loader *L, const char *section, const char *key, yaml_node_t *v)
{
	if (!strcmp(key, "limits"))
		return config_want_mapping(L, v, "limits")
			   ? -1
			   : config_walk_mapping(L, v, "limits", limits_key);
	if (!strcmp(key, "languages"))
		return config_want_mapping(L, v, "languages")
			   ? -1
			   : config_walk_mapping(L, v, "languages", languages_key);
	if (!strcmp(key, "policy"))
		return config_want_mapping(L, v, "policy")
			   ? -1
			   : config_walk_mapping(L, v, "policy", policy_key);
	if (!strcmp(key, "history"))
		return config_want_mapping(L, v, "history")
			   ? -1
			   : config_walk_mapping(L, v, "history", history_key);
	if (!strcmp(key, "sessions"))
		return config_want_mapping(L, v, "sessions")
			   ? -1
			   : config_walk_mapping(L, v, "sessions", sessions_key);
	if (!strcmp(key, "serve"))
		return config_want_mapping(L, v, "serve")
			   ? -1
			   : config_walk_mapping(L, v, "serve", config_serve_key);
	if (!strcmp(key, "state_dir")) {
		if (config_want_scalar(L, v, "state_dir", "a directory path") != 0)
			return -1;
		const char *s = config_scalar(v);
		const char *home = getenv("HOME");
		char *dir;
		if (s[0] == '~' && (s[1] == '/' || !s[1])) {
			if (!home || home[0] != '/')
				return config_fail_at(
				    L, v->start_mark,
				    "state_dir starts with ~ but HOME is not set: use an "
				    "absolute path");
			struct buf b = BUF_INIT;
			buf_printf(&b, "%s%s", home, s + 1);
			dir = buf_detach(&b, NULL);
		} else if (s[0] == '/') {
			dir = xstrdup(s);
		} else {
			/* Relative to what? The cwd changes between runs; refuse. */
			return config_fail_at(
			    L, v->start_mark,
			    "state_dir '%s' is relative: use an absolute path or ~/...", s);
		}
		free(L->cfg->state_dir);
		L->cfg->state_dir = dir;
		return 0;
	}
	return config_unknown_key(L, v, section, key,
				  "limits, languages, policy, history, sessions, serve, state_dir");
}

int config_check_limits(const struct loader *L)
{
	const struct limits *l = &L->cfg->limits;
	uint64_t max = l->max_timeout_ms ? l->max_timeout_ms : SBX_MAX_TIMEOUT_MS;
	char got[32], most[32];
	opt_format_duration(max, most);
	if (l->timeout_ms > max) {
		opt_format_duration(l->timeout_ms, got);
		return config_fail_at(L, L->timeout_mark,
				      "limits.timeout of %s is over the maximum of %s: lower it or "
				      "raise limits.max_timeout",
				      got, most);
	}
	if (l->cpu_ms > max) {
		opt_format_duration(l->cpu_ms, got);
		return config_fail_at(
		    L, L->cpu_mark,
		    "limits.cpu_time of %s is over the maximum of %s: lower it or "
		    "raise limits.max_timeout",
		    got, most);
	}
	uint64_t max_memory = request_max_memory(l);
	if (l->memory_bytes > max_memory) {
		opt_format_size(l->memory_bytes, got);
		opt_format_size(max_memory, most);
		return config_fail_at(L, L->memory_mark,
				      "limits.memory of %s is over the maximum of %s: lower it or "
				      "raise limits.max_memory",
				      got, most);
	}
	return 0;
}
