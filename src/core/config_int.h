/* config_int — what config.c (the YAML walk) and config_keys.c (each
 * section's keys) share; no other module uses it (they use config.h). Calls
 * libyaml and config.h only.
 */
#ifndef SBX_CONFIG_INT_H
#define SBX_CONFIG_INT_H

#include <stdbool.h>
#include <yaml.h>

#include "core/config.h"

/* One load: the parsed document and where messages point. */
struct loader {
	const char *name;
	yaml_document_t doc;
	struct config *cfg;
	/* Where limits.timeout / cpu_time / memory were given, for the final
	 * range check (max_timeout and max_memory may come after them). */
	yaml_mark_t timeout_mark, cpu_mark, memory_mark;
	yaml_mark_t key_mark; /* the key being handled, for "unknown key" */
	enum lang_id lang;    /* the language section being parsed */
};

/* "sbx: FILE:LINE:COL: message" — libyaml marks are 0-based, editors count
 * from 1. Returns -1. */
__attribute__((format(printf, 3, 4))) int config_fail_at(const struct loader *L, yaml_mark_t mark,
							 const char *fmt, ...);
/* "a scalar", "a list", "a mapping", "nothing": for messages. */
const char *config_node_kind(const yaml_node_t *n);
/* A scalar node's text. */
const char *config_scalar(const yaml_node_t *n);
/* 0, or -1 after a message when n is not a scalar (what: what it must be)
 * or holds a NUL byte. */
int config_want_scalar(const struct loader *L, const yaml_node_t *n, const char *key,
		       const char *what);
/* 0, or -1 after a message when n is not a mapping. */
int config_want_mapping(const struct loader *L, const yaml_node_t *n, const char *key);

typedef int (*config_key_fn)(struct loader *L, const char *section, const char *key,
			     yaml_node_t *val);
/* Walks a mapping: keys must be unique strings, known to fn. Returns 0, or
 * -1 after a message. */
int config_walk_mapping(struct loader *L, yaml_node_t *map, const char *section, config_key_fn fn);
/* The message for a key fn does not know, listing the known ones. -1. */
int config_unknown_key(const struct loader *L, const yaml_node_t *v, const char *section,
		       const char *key, const char *known);
/* Frees a NULL-terminated argv (NULL is fine). */
void config_free_argv(char **argv);

/* The keys (config_keys.c). */
/* Whether key is one of section's keys; for values left empty. */
bool config_null_key_known(const char *section, const char *key);
/* The serve section's keys (config_serve.c). */
int config_serve_key(struct loader *L, const char *section, const char *key, yaml_node_t *v);
/* The top-level keys: a config_key_fn for the document's root mapping. */
int config_root_key(struct loader *L, const char *section, const char *key, yaml_node_t *v);
/* After the whole file: checks that need more than one key. */
int config_check_limits(const struct loader *L);

#endif
