/* config_serve — the config file's serve section: what `sbx serve` keeps
 * ready (serve.warm_pool). Part of the core layer, as config_keys.c. */
#include "core/config_int.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core/lang.h"

/* serve.warm_pool.LANG: a whole number of warm sandboxes, 0 to
 * CONFIG_WARM_POOL_MAX; only the languages that have them (the table's
 * warm_start: Python, R and Java, whose preludes or launcher take the code
 * after the gate, and the held execs: bash and the compiled languages). */
static int warm_pool_key(struct loader *L, const char *section, const char *key, yaml_node_t *v)
{
	(void)section;
	const struct lang *lang = lang_by_name(key);
	if (!lang || !lang->warm_start)
		return config_fail_at(L, v->start_mark,
				      "serve.warm_pool.%s: warm sandboxes are for %s only "
				      "(JavaScript runs in-process and starts in a millisecond); "
				      "remove the key",
				      key, lang_warm_start_names());
	if (config_want_scalar(L, v, "serve.warm_pool", "a whole number of sandboxes") != 0)
		return -1;
	const char *s = config_scalar(v);
	char *end;
	errno = 0;
	unsigned long n = strtoul(s, &end, 10);
	if (*s < '0' || *s > '9' || *end || errno || n > CONFIG_WARM_POOL_MAX)
		return config_fail_at(L, v->start_mark,
				      "invalid serve.warm_pool.%s '%s': use a whole number from "
				      "0 (none) to %u",
				      key, s, CONFIG_WARM_POOL_MAX);
	L->cfg->warm_pool[lang->id] = (unsigned)n;
	return 0;
}

int config_serve_key(struct loader *L, const char *section, const char *key, yaml_node_t *v)
{
	if (!strcmp(key, "warm_pool"))
		return config_want_mapping(L, v, "serve.warm_pool")
			   ? -1
			   : config_walk_mapping(L, v, "serve.warm_pool", warm_pool_key);
	return config_unknown_key(L, v, section, key, "warm_pool");
}
