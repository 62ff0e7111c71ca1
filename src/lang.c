#include "lang.h"

#include <stddef.h>
#include <string.h>
#include <strings.h>

/* The one language table. Adding a language is one line here plus its
 * engine; everything else (aliases, extensions, help text) reads this. */
/* One line per language reads as the table it is. */
/* clang-format off */
static const struct lang languages[LANG_COUNT] = {
	{LANG_JAVASCRIPT, "javascript", {"js", "node", "mjs", NULL}, {".js", ".mjs", NULL}, ENGINE_DUKTAPE, NULL, NULL},
	{LANG_TYPESCRIPT, "typescript", {"ts", NULL}, {".ts", ".mts", NULL}, ENGINE_DUKTAPE, NULL, NULL},
	{LANG_PYTHON, "python", {"py", "python3", NULL}, {".py", NULL}, ENGINE_SPAWN, "python3", "python3"},
	{LANG_JAVA, "java", {NULL}, {".java", NULL}, ENGINE_SPAWN, "java", "default-jdk-headless"},
	{LANG_R, "r", {"rscript", NULL}, {".r", NULL}, ENGINE_SPAWN, "Rscript", "r-base-core"},
};
/* clang-format on */

const struct lang *lang_get(enum lang_id id)
{
	return (unsigned)id < LANG_COUNT ? &languages[id] : NULL;
}

const struct lang *lang_by_name(const char *name)
{
	if (!name)
		return NULL;
	for (size_t i = 0; i < LANG_COUNT; i++) {
		const struct lang *l = &languages[i];
		if (!strcasecmp(name, l->name))
			return l;
		for (size_t a = 0; l->aliases[a]; a++)
			if (!strcasecmp(name, l->aliases[a]))
				return l;
	}
	return NULL;
}

const struct lang *lang_by_path(const char *path)
{
	const char *slash = strrchr(path, '/');
	const char *dot = strrchr(slash ? slash : path, '.');
	if (!dot)
		return NULL;
	for (size_t i = 0; i < LANG_COUNT; i++)
		for (size_t e = 0; languages[i].extensions[e]; e++)
			if (!strcasecmp(dot, languages[i].extensions[e]))
				return &languages[i];
	return NULL;
}

const char *lang_all_names(void)
{
	return "javascript (js, node), typescript (ts), python (py, python3), java, r";
}
