/* config — the YAML config file (libyaml) as plain data: finding and
 * reading the file, walking its mappings, and the values the rest of sbx
 * asks for. Each section's keys are config_keys.c's. Part of the core
 * layer: calls libc, libyaml and util only.
 */
#include "core/config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <yaml.h>

#include "core/config_int.h"
#include "util/util.h"

void config_init(struct config *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->retention_days = -1;
	cfg->history_enabled = true;
}

void config_free_argv(char **argv)
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
			config_free_argv(cfg->commands[l][t]);
	config_init(cfg);
}

int config_fail_at(const struct loader *L, yaml_mark_t mark, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return error("%s:%zu:%zu: %s", L->name, mark.line + 1, mark.column + 1, msg);
}

const char *config_node_kind(const yaml_node_t *n)
{
	switch (n->type) {
	case YAML_SCALAR_NODE: return "a scalar";
	case YAML_SEQUENCE_NODE: return "a list";
	case YAML_MAPPING_NODE: return "a mapping";
	default: return "nothing";
	}
}

const char *config_scalar(const yaml_node_t *n)
{
	return (const char *)n->data.scalar.value;
}

/* A plain empty, "~" or "null" scalar: the key is there but not set. */
static bool is_null(const yaml_node_t *n)
{
	if (n->type != YAML_SCALAR_NODE || n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
		return false;
	const char *s = config_scalar(n);
	return !*s || !strcmp(s, "~") || !strcmp(s, "null") || !strcmp(s, "Null") ||
	       !strcmp(s, "NULL");
}

int config_want_scalar(const struct loader *L, const yaml_node_t *n, const char *key,
		       const char *what)
{
	if (n->type != YAML_SCALAR_NODE)
		return config_fail_at(L, n->start_mark, "%s must be %s, not %s", key, what,
				      config_node_kind(n));
	if (strlen(config_scalar(n)) != n->data.scalar.length)
		return config_fail_at(L, n->start_mark, "%s contains a NUL byte: remove it", key);
	return 0;
}

int config_want_mapping(const struct loader *L, const yaml_node_t *n, const char *key)
{
	if (n->type != YAML_MAPPING_NODE)
		return config_fail_at(L, n->start_mark,
				      "%s must be a mapping (KEY: VALUE lines), not %s", key,
				      config_node_kind(n));
	return 0;
}

/* Walks a mapping: keys must be unique strings, known to fn. */
int config_walk_mapping(struct loader *L, yaml_node_t *map, const char *section, config_key_fn fn)
{
	for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top;
	     p++) {
		yaml_node_t *k = yaml_document_get_node(&L->doc, p->key);
		yaml_node_t *v = yaml_document_get_node(&L->doc, p->value);
		if (!k || !v)
			return config_fail_at(L, map->start_mark, "malformed mapping in %s",
					      section);
		if (k->type != YAML_SCALAR_NODE)
			return config_fail_at(L, k->start_mark,
					      "a key in %s must be a plain name, not %s", section,
					      config_node_kind(k));
		for (yaml_node_pair_t *q = map->data.mapping.pairs.start; q < p; q++) {
			yaml_node_t *k2 = yaml_document_get_node(&L->doc, q->key);
			if (k2 && k2->type == YAML_SCALAR_NODE &&
			    !strcmp(config_scalar(k2), config_scalar(k)))
				return config_fail_at(
				    L, k->start_mark,
				    "duplicate key '%s' in %s (first at line %zu): keep one",
				    config_scalar(k), section, k2->start_mark.line + 1);
		}
		L->key_mark = k->start_mark;
		if (is_null(v)) {
			/* "key:" with no value leaves the default, but a misspelt
			 * key must not slip through just because it is empty. */
			if (!config_null_key_known(section, config_scalar(k)))
				return config_fail_at(L, k->start_mark, "unknown key '%s' in %s",
						      config_scalar(k), section);
			continue;
		}
		if (fn(L, section, config_scalar(k), v) != 0)
			return -1;
	}
	return 0;
}

int config_unknown_key(const struct loader *L, const yaml_node_t *v, const char *section,
		       const char *key, const char *known)
{
	(void)v;
	return config_fail_at(L, L->key_mark, "unknown key '%s' in %s (known keys: %s)", key,
			      section, known);
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
		config_fail_at(&L, m, "YAML error: %s%s%s: fix the file's syntax",
			       parser.problem ? parser.problem : "malformed file",
			       parser.context ? " " : "", parser.context ? parser.context : "");
		yaml_parser_delete(&parser);
		return -1;
	}
	yaml_node_t *root = yaml_document_get_root_node(&L.doc);
	if (!root || is_null(root)) {
		rc = 0; /* an empty file is a valid, empty config */
	} else if (root->type != YAML_MAPPING_NODE) {
		config_fail_at(
		    &L, root->start_mark,
		    "the config must be a mapping of keys (limits:, policy:, ...), not %s",
		    config_node_kind(root));
	} else if (config_walk_mapping(&L, root, "the config", config_root_key) == 0 &&
		   config_check_limits(&L) == 0) {
		rc = 0;
	}
	/* A second document would be silently ignored: say so instead. */
	if (rc == 0) {
		yaml_document_t next;
		if (yaml_parser_load(&parser, &next)) {
			yaml_node_t *r2 = yaml_document_get_root_node(&next);
			if (r2) {
				config_fail_at(
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
	if (!l->max_memory_bytes)
		l->max_memory_bytes = c->max_memory_bytes;
	if (!l->disk_bytes)
		l->disk_bytes = c->disk_bytes;
}

char *const *config_command(const struct config *cfg, enum lang_id lang, enum config_tool tool)
{
	if (!cfg || (unsigned)lang >= LANG_COUNT || (unsigned)tool >= CONFIG_TOOL_COUNT)
		return NULL;
	return cfg->commands[lang][tool];
}

enum js_engine config_engine(const struct config *cfg, enum lang_id lang)
{
	/* The languages Duktape runs; TypeScript follows JavaScript's keys. */
	const struct lang *l = lang_get(lang);
	if (!cfg || !l || l->engine != ENGINE_DUKTAPE)
		return JS_ENGINE_UNSET;
	if (cfg->engines[lang] != JS_ENGINE_UNSET)
		return cfg->engines[lang];
	return cfg->engines[LANG_JAVASCRIPT];
}

bool config_auto_node(const struct config *cfg, enum lang_id lang)
{
	const struct lang *l = lang_get(lang);
	if (!cfg || !l || l->engine != ENGINE_DUKTAPE)
		return true;
	if (cfg->auto_node_set[lang])
		return cfg->auto_node[lang];
	return !cfg->auto_node_set[LANG_JAVASCRIPT] || cfg->auto_node[LANG_JAVASCRIPT];
}

char *const *config_node_command(const struct config *cfg, enum lang_id lang)
{
	char *const *c = config_command(cfg, lang, CONFIG_TOOL_RUN);
	return c ? c : config_command(cfg, LANG_JAVASCRIPT, CONFIG_TOOL_RUN);
}

int config_retention_days(const struct config *cfg)
{
	return cfg && cfg->retention_days >= 0 ? cfg->retention_days
					       : CONFIG_DEFAULT_RETENTION_DAYS;
}

uint64_t config_session_max_ttl_ms(const struct config *cfg)
{
	return cfg && cfg->session_max_ttl_ms ? cfg->session_max_ttl_ms : CONFIG_SESSION_MAX_TTL_MS;
}

unsigned config_warm_pool(const struct config *cfg, enum lang_id lang)
{
	return cfg && (unsigned)lang < LANG_COUNT ? cfg->warm_pool[lang] : 0;
}

bool config_history_enabled(const struct config *cfg)
{
	return cfg ? cfg->history_enabled : true;
}

const char *config_state_dir(const struct config *cfg)
{
	return cfg ? cfg->state_dir : NULL;
}
