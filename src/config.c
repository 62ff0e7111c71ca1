#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <yaml.h>

#include "history.h"
#include "opt.h"
#include "policy.h"
#include "util.h"

/* One load: the parsed document and where messages point. */
struct loader {
	const char *name;
	yaml_document_t doc;
	struct config *cfg;
	/* Where limits.timeout / cpu_time were given, for the final range check
	 * (max_timeout may come after them in the file). */
	yaml_mark_t timeout_mark, cpu_mark;
	yaml_mark_t key_mark; /* the key being handled, for "unknown key" */
	enum lang_id lang;    /* the language section being parsed */
};

void config_init(struct config *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->retention_days = -1;
	cfg->history_enabled = true;
}

static void free_argv(char **argv)
{
	if (!argv)
		return;
	for (size_t i = 0; argv[i]; i++)
		free(argv[i]);
	free(argv);
}

void config_release(struct config *cfg)
{
	free(cfg->path);
	free(cfg->state_dir);
	for (size_t l = 0; l < LANG_COUNT; l++)
		for (size_t t = 0; t < CONFIG_TOOL_COUNT; t++)
			free_argv(cfg->commands[l][t]);
	config_init(cfg);
}

/* "sbx: FILE:LINE:COL: message" — libyaml marks are 0-based, editors count
 * from 1. Returns -1. */
__attribute__((format(printf, 3, 4))) static int fail_at(const struct loader *L, yaml_mark_t mark,
							 const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return error("%s:%zu:%zu: %s", L->name, mark.line + 1, mark.column + 1, msg);
}

static const char *node_kind(const yaml_node_t *n)
{
	switch (n->type) {
	case YAML_SCALAR_NODE: return "a scalar";
	case YAML_SEQUENCE_NODE: return "a list";
	case YAML_MAPPING_NODE: return "a mapping";
	default: return "nothing";
	}
}

static const char *scalar(const yaml_node_t *n)
{
	return (const char *)n->data.scalar.value;
}

/* A plain empty, "~" or "null" scalar: the key is there but not set. */
static bool is_null(const yaml_node_t *n)
{
	if (n->type != YAML_SCALAR_NODE || n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
		return false;
	const char *s = scalar(n);
	return !*s || !strcmp(s, "~") || !strcmp(s, "null") || !strcmp(s, "Null") ||
	       !strcmp(s, "NULL");
}

static int want_scalar(const struct loader *L, const yaml_node_t *n, const char *key,
		       const char *what)
{
	if (n->type != YAML_SCALAR_NODE)
		return fail_at(L, n->start_mark, "%s must be %s, not %s", key, what, node_kind(n));
	if (strlen(scalar(n)) != n->data.scalar.length)
		return fail_at(L, n->start_mark, "%s contains a NUL byte: remove it", key);
	return 0;
}

static int want_mapping(const struct loader *L, const yaml_node_t *n, const char *key)
{
	if (n->type != YAML_MAPPING_NODE)
		return fail_at(L, n->start_mark, "%s must be a mapping (KEY: VALUE lines), not %s",
			       key, node_kind(n));
	return 0;
}

/* Whether key is one of section's keys; for values left empty. */
static bool null_key_known(const char *section, const char *key)
{
	static const char *const known[][10] = {
	    {"the config", "limits", "languages", "policy", "history", "state_dir", NULL},
	    {"limits", "timeout", "cpu_time", "memory", "max_output", "max_files", "max_code",
	     "max_timeout", NULL},
	    {"history", "enabled", "retention_days", NULL},
	    {"languages.python", "command", NULL},
	    {"languages.r", "command", NULL},
	    {"languages.java", "java", "javac", NULL},
	};
	if (!strcmp(section, "languages")) {
		const struct lang *l = lang_by_name(key);
		return l && l->engine == ENGINE_SPAWN;
	}
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

typedef int (*key_fn)(struct loader *L, const char *section, const char *key, yaml_node_t *val);

/* Walks a mapping: keys must be unique strings, known to fn. */
static int walk_mapping(struct loader *L, yaml_node_t *map, const char *section, key_fn fn)
{
	for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top;
	     p++) {
		yaml_node_t *k = yaml_document_get_node(&L->doc, p->key);
		yaml_node_t *v = yaml_document_get_node(&L->doc, p->value);
		if (!k || !v)
			return fail_at(L, map->start_mark, "malformed mapping in %s", section);
		if (k->type != YAML_SCALAR_NODE)
			return fail_at(L, k->start_mark, "a key in %s must be a plain name, not %s",
				       section, node_kind(k));
		for (yaml_node_pair_t *q = map->data.mapping.pairs.start; q < p; q++) {
			yaml_node_t *k2 = yaml_document_get_node(&L->doc, q->key);
			if (k2 && k2->type == YAML_SCALAR_NODE && !strcmp(scalar(k2), scalar(k)))
				return fail_at(
				    L, k->start_mark,
				    "duplicate key '%s' in %s (first at line %zu): keep one",
				    scalar(k), section, k2->start_mark.line + 1);
		}
		L->key_mark = k->start_mark;
		if (is_null(v)) {
			/* "key:" with no value leaves the default, but a misspelt
			 * key must not slip through just because it is empty. */
			if (!null_key_known(section, scalar(k)))
				return fail_at(L, k->start_mark, "unknown key '%s' in %s",
					       scalar(k), section);
			continue;
		}
		if (fn(L, section, scalar(k), v) != 0)
			return -1;
	}
	return 0;
}

static int unknown_key(const struct loader *L, const yaml_node_t *v, const char *section,
		       const char *key, const char *known)
{
	(void)v;
	return fail_at(L, L->key_mark, "unknown key '%s' in %s (known keys: %s)", key, section,
		       known);
}

static int parse_duration_node(const struct loader *L, const yaml_node_t *v, const char *key,
			       uint64_t *out)
{
	if (want_scalar(L, v, key, "a duration") != 0)
		return -1;
	if (parse_duration_ms(scalar(v), out) != 0)
		return fail_at(L, v->start_mark,
			       "invalid duration '%s' for %s: use seconds (5, 2.5) or a unit "
			       "(500ms, 2s, 1m)",
			       scalar(v), key);
	if (*out == 0)
		return fail_at(L, v->start_mark, "%s must be more than zero, not '%s'", key,
			       scalar(v));
	return 0;
}

static int parse_size_node(const struct loader *L, const yaml_node_t *v, const char *key,
			   uint64_t *out)
{
	if (want_scalar(L, v, key, "a size") != 0)
		return -1;
	if (parse_size(scalar(v), out) != 0)
		return fail_at(
		    L, v->start_mark,
		    "invalid size '%s' for %s: use bytes or a K, M, G suffix (e.g. 256M)",
		    scalar(v), key);
	if (*out == 0)
		return fail_at(L, v->start_mark, "%s must be more than zero, not '%s'", key,
			       scalar(v));
	return 0;
}

static int limits_key(struct loader *L, const char *section, const char *key, yaml_node_t *v)
{
	struct limits *l = &L->cfg->limits;
	if (!strcmp(key, "timeout")) {
		L->timeout_mark = v->start_mark;
		return parse_duration_node(L, v, "limits.timeout", &l->timeout_ms);
	}
	if (!strcmp(key, "cpu_time")) {
		L->cpu_mark = v->start_mark;
		return parse_duration_node(L, v, "limits.cpu_time", &l->cpu_ms);
	}
	if (!strcmp(key, "max_timeout"))
		return parse_duration_node(L, v, "limits.max_timeout", &l->max_timeout_ms);
	if (!strcmp(key, "memory"))
		return parse_size_node(L, v, "limits.memory", &l->memory_bytes);
	if (!strcmp(key, "max_output"))
		return parse_size_node(L, v, "limits.max_output", &l->output_bytes);
	if (!strcmp(key, "max_files"))
		return parse_size_node(L, v, "limits.max_files", &l->files_bytes);
	if (!strcmp(key, "max_code")) {
		if (parse_size_node(L, v, "limits.max_code", &l->code_bytes) != 0)
			return -1;
		if (l->code_bytes > SBX_MAX_CODE)
			return fail_at(L, v->start_mark,
				       "limits.max_code must be at most %lluM, not '%s'",
				       (unsigned long long)(SBX_MAX_CODE >> 20), scalar(v));
		return 0;
	}
	return unknown_key(L, v, section, key,
			   "timeout, cpu_time, memory, max_output, max_files, max_code, "
			   "max_timeout");
}

/* A command is a list of words ([python3, -X, utf8]) or one word. A string
 * with spaces is refused rather than split: quoting rules would be a guess. */
static int parse_command(struct loader *L, const yaml_node_t *v, const char *key, char ***out)
{
	const char *first = NULL;
	size_t n = 0;
	if (v->type == YAML_SCALAR_NODE) {
		if (want_scalar(L, v, key, "a command") != 0)
			return -1;
		first = scalar(v);
		if (!*first) /* a quoted "" or an empty block (found by fuzz_config) */
			return fail_at(L, v->start_mark, "%s is empty: name the program", key);
		if (strpbrk(first, " \t\n"))
			return fail_at(L, v->start_mark,
				       "%s is '%s': give the command as a list of words, e.g. "
				       "[python3, -X, utf8]",
				       key, first);
		n = 1;
	} else if (v->type == YAML_SEQUENCE_NODE) {
		n = (size_t)(v->data.sequence.items.top - v->data.sequence.items.start);
		if (n == 0)
			return fail_at(L, v->start_mark, "%s is an empty list: name the program",
				       key);
		if (n > CONFIG_MAX_ARGS)
			return fail_at(L, v->start_mark, "%s has %zu words; at most %d are allowed",
				       key, n, CONFIG_MAX_ARGS);
	} else {
		return fail_at(L, v->start_mark, "%s must be a list of words, not %s", key,
			       node_kind(v));
	}
	char **argv = xcalloc(n + 1, sizeof(char *));
	if (first) {
		argv[0] = xstrdup(first);
	} else {
		for (size_t i = 0; i < n; i++) {
			yaml_node_t *w =
			    yaml_document_get_node(&L->doc, v->data.sequence.items.start[i]);
			if (!w || want_scalar(L, w, key, "a list of words (strings)") != 0) {
				free_argv(argv);
				return -1;
			}
			if (i == 0 && !*scalar(w)) {
				free_argv(argv);
				return fail_at(L, w->start_mark, "%s: the program name is empty",
					       key);
			}
			argv[i] = xstrdup(scalar(w));
		}
	}
	free_argv(*out);
	*out = argv;
	return 0;
}

static int lang_key(struct loader *L, const char *section, const char *key, yaml_node_t *v)
{
	char name[64];
	snprintf(name, sizeof(name), "%s.%s", section, key);
	char ***cmds = L->cfg->commands[L->lang];
	if (L->lang == LANG_JAVA) {
		if (!strcmp(key, "java"))
			return parse_command(L, v, name, &cmds[CONFIG_TOOL_RUN]);
		if (!strcmp(key, "javac"))
			return parse_command(L, v, name, &cmds[CONFIG_TOOL_COMPILE]);
		return unknown_key(L, v, section, key, "java, javac");
	}
	if (!strcmp(key, "command"))
		return parse_command(L, v, name, &cmds[CONFIG_TOOL_RUN]);
	return unknown_key(L, v, section, key, "command");
}

static int languages_key(struct loader *L, const char *section, const char *key, yaml_node_t *v)
{
	const struct lang *lang = lang_by_name(key);
	if (!lang || lang->engine != ENGINE_SPAWN)
		return unknown_key(L, v, section, key,
				   "python, java, r (JavaScript and TypeScript are built in)");
	char name[64];
	snprintf(name, sizeof(name), "languages.%s", lang->name);
	if (want_mapping(L, v, name) != 0)
		return -1;
	L->lang = lang->id;
	return walk_mapping(L, v, name, lang_key);
}

static int policy_key(struct loader *L, const char *section, const char *key, yaml_node_t *v)
{
	int idx = policy_rule_index(key);
	if (!strcmp(key, "profile")) {
		if (want_scalar(L, v, "policy.profile", "default or strict") != 0)
			return -1;
		if (policy_profile_from_name(scalar(v), &L->cfg->policy_profile) != 0)
			return fail_at(L, v->start_mark,
				       "invalid policy.profile '%s': use default or strict",
				       scalar(v));
		return 0;
	}
	if (idx < 0) {
		/* The list of rules is long: name the page that has it. */
		return fail_at(
		    L, L->key_mark,
		    "unknown policy rule '%s' in %s: see sbx-config(5) or examples/config.yaml "
		    "for the rule ids (e.g. js.dynamic_code)",
		    key, section);
	}
	char name[96];
	snprintf(name, sizeof(name), "policy.%s", key);
	if (want_scalar(L, v, name, "block, warn or off") != 0)
		return -1;
	enum policy_level lvl = policy_level_from_name(scalar(v));
	if (lvl == POLICY_DEFAULT)
		return fail_at(L, v->start_mark,
			       "invalid level '%s' for %s: use block, warn or off", scalar(v),
			       name);
	L->cfg->rule_levels[idx] = (unsigned char)lvl;
	return 0;
}

static int parse_bool_node(const struct loader *L, const yaml_node_t *v, const char *key, bool *out)
{
	if (want_scalar(L, v, key, "true or false") != 0)
		return -1;
	const char *s = scalar(v);
	if (!strcmp(s, "true") || !strcmp(s, "True") || !strcmp(s, "TRUE"))
		*out = true;
	else if (!strcmp(s, "false") || !strcmp(s, "False") || !strcmp(s, "FALSE"))
		*out = false;
	else
		return fail_at(L, v->start_mark, "invalid value '%s' for %s: use true or false", s,
			       key);
	return 0;
}

static int history_key(struct loader *L, const char *section, const char *key, yaml_node_t *v)
{
	if (!strcmp(key, "enabled")) {
		L->cfg->history_set = true;
		return parse_bool_node(L, v, "history.enabled", &L->cfg->history_enabled);
	}
	if (!strcmp(key, "retention_days")) {
		if (want_scalar(L, v, "history.retention_days", "a whole number of days") != 0)
			return -1;
		const char *s = scalar(v);
		char *end;
		errno = 0;
		unsigned long long d = strtoull(s, &end, 10);
		/* strtoull accepts "-1" and leading blanks; we do not. */
		if (*s < '0' || *s > '9' || *end || errno || d > 36500)
			return fail_at(L, v->start_mark,
				       "invalid history.retention_days '%s': use a whole number of "
				       "days from 0 (keep forever) to 36500",
				       s);
		L->cfg->retention_days = (int)d;
		return 0;
	}
	return unknown_key(L, v, section, key, "enabled, retention_days");
}

static int root_key(struct loader *L, const char *section, const char *key, yaml_node_t *v)
{
	if (!strcmp(key, "limits"))
		return want_mapping(L, v, "limits") ? -1 : walk_mapping(L, v, "limits", limits_key);
	if (!strcmp(key, "languages"))
		return want_mapping(L, v, "languages")
			   ? -1
			   : walk_mapping(L, v, "languages", languages_key);
	if (!strcmp(key, "policy"))
		return want_mapping(L, v, "policy") ? -1 : walk_mapping(L, v, "policy", policy_key);
	if (!strcmp(key, "history"))
		return want_mapping(L, v, "history") ? -1
						     : walk_mapping(L, v, "history", history_key);
	if (!strcmp(key, "state_dir")) {
		if (want_scalar(L, v, "state_dir", "a directory path") != 0)
			return -1;
		const char *s = scalar(v);
		const char *home = getenv("HOME");
		char *dir;
		if (s[0] == '~' && (s[1] == '/' || !s[1])) {
			if (!home || home[0] != '/')
				return fail_at(
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
			return fail_at(L, v->start_mark,
				       "state_dir '%s' is relative: use an absolute path or ~/...",
				       s);
		}
		free(L->cfg->state_dir);
		L->cfg->state_dir = dir;
		return 0;
	}
	return unknown_key(L, v, section, key, "limits, languages, policy, history, state_dir");
}

/* After the whole file: checks that need more than one key. */
static int check_limits(const struct loader *L)
{
	const struct limits *l = &L->cfg->limits;
	uint64_t max = l->max_timeout_ms ? l->max_timeout_ms : SBX_MAX_TIMEOUT_MS;
	char got[32], most[32];
	opt_format_duration(max, most);
	if (l->timeout_ms > max) {
		opt_format_duration(l->timeout_ms, got);
		return fail_at(L, L->timeout_mark,
			       "limits.timeout of %s is over the maximum of %s: lower it or "
			       "raise limits.max_timeout",
			       got, most);
	}
	if (l->cpu_ms > max) {
		opt_format_duration(l->cpu_ms, got);
		return fail_at(L, L->cpu_mark,
			       "limits.cpu_time of %s is over the maximum of %s: lower it or "
			       "raise limits.max_timeout",
			       got, most);
	}
	return 0;
}

int config_load_string(const char *name, const char *text, size_t len, struct config *cfg)
{
	struct loader L;
	memset(&L, 0, sizeof(L));
	L.name = name;
	L.cfg = cfg;
	yaml_parser_t parser;
	if (!yaml_parser_initialize(&parser))
		return error("%s: cannot start the YAML parser (out of memory)", name);
	yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
	int rc = -1;
	if (!yaml_parser_load(&parser, &L.doc)) {
		yaml_mark_t m = parser.problem_mark;
		if (parser.error == YAML_READER_ERROR)
			m = (yaml_mark_t){0, 0, 0};
		fail_at(&L, m, "YAML error: %s%s%s: fix the file's syntax",
			parser.problem ? parser.problem : "malformed file",
			parser.context ? " " : "", parser.context ? parser.context : "");
		yaml_parser_delete(&parser);
		return -1;
	}
	yaml_node_t *root = yaml_document_get_root_node(&L.doc);
	if (!root || is_null(root)) {
		rc = 0; /* an empty file is a valid, empty config */
	} else if (root->type != YAML_MAPPING_NODE) {
		fail_at(&L, root->start_mark,
			"the config must be a mapping of keys (limits:, policy:, ...), not %s",
			node_kind(root));
	} else if (walk_mapping(&L, root, "the config", root_key) == 0 && check_limits(&L) == 0) {
		rc = 0;
	}
	/* A second document would be silently ignored: say so instead. */
	if (rc == 0) {
		yaml_document_t next;
		if (yaml_parser_load(&parser, &next)) {
			yaml_node_t *r2 = yaml_document_get_root_node(&next);
			if (r2) {
				fail_at(
				    &L, r2->start_mark,
				    "a second YAML document ('---'): keep one document per file");
				rc = -1;
			}
			yaml_document_delete(&next);
		}
	}
	yaml_document_delete(&L.doc);
	yaml_parser_delete(&parser);
	if (rc == 0) {
		free(cfg->path);
		cfg->path = xstrdup(name);
	}
	return rc;
}

int config_load_file(const char *path, struct config *cfg)
{
	struct buf b = BUF_INIT;
	if (read_file(path, CONFIG_MAX_FILE_BYTES, &b) != 0) {
		buf_release(&b);
		return error("cannot read the config file %s: check the path, or unset "
			     "SBX_CONFIG / drop --config",
			     path);
	}
	int rc = config_load_string(path, buf_cstr(&b), b.len, cfg);
	buf_release(&b);
	return rc;
}

int config_load(const char *explicit_path, struct config *cfg)
{
	config_init(cfg);
	if (explicit_path && *explicit_path)
		return config_load_file(explicit_path, cfg);
	const char *env = getenv("SBX_CONFIG");
	if (env && *env)
		return config_load_file(env, cfg);
	struct buf p = BUF_INIT;
	const char *xdg = getenv("XDG_CONFIG_HOME");
	const char *home = getenv("HOME");
	/* The XDG spec ignores a relative XDG_CONFIG_HOME. */
	if (xdg && xdg[0] == '/')
		buf_printf(&p, "%s/sbx/config.yaml", xdg);
	else if (home && home[0] == '/')
		buf_printf(&p, "%s/.config/sbx/config.yaml", home);
	int rc = 0;
	struct stat st;
	if (p.len && stat(buf_cstr(&p), &st) == 0)
		rc = config_load_file(buf_cstr(&p), cfg);
	buf_release(&p);
	return rc;
}

void config_apply(const struct config *cfg, struct request *req)
{
	if (!cfg)
		return;
	struct limits *l = &req->limits;
	const struct limits *c = &cfg->limits;
	if (!l->timeout_ms)
		l->timeout_ms = c->timeout_ms;
	if (!l->cpu_ms)
		l->cpu_ms = c->cpu_ms;
	if (!l->memory_bytes)
		l->memory_bytes = c->memory_bytes;
	if (!l->output_bytes)
		l->output_bytes = c->output_bytes;
	if (!l->files_bytes)
		l->files_bytes = c->files_bytes;
	if (!l->code_bytes)
		l->code_bytes = c->code_bytes;
	if (!l->max_timeout_ms)
		l->max_timeout_ms = c->max_timeout_ms;
}

char *const *config_command(const struct config *cfg, enum lang_id lang, enum config_tool tool)
{
	if (!cfg || (unsigned)lang >= LANG_COUNT || (unsigned)tool >= CONFIG_TOOL_COUNT)
		return NULL;
	return cfg->commands[lang][tool];
}

int config_retention_days(const struct config *cfg)
{
	return cfg && cfg->retention_days >= 0 ? cfg->retention_days
					       : HISTORY_DEFAULT_RETENTION_DAYS;
}

bool config_history_enabled(const struct config *cfg)
{
	return cfg ? cfg->history_enabled : true;
}

const char *config_state_dir(const struct config *cfg)
{
	return cfg ? cfg->state_dir : NULL;
}
