/* lang — the language table: names, aliases, file extensions, engine. */
#ifndef SBX_LANG_H
#define SBX_LANG_H

#include <stdbool.h>
#include <stddef.h>

enum lang_id { LANG_JAVASCRIPT, LANG_TYPESCRIPT, LANG_PYTHON, LANG_JAVA, LANG_R, LANG_COUNT };

enum lang_engine {
	ENGINE_DUKTAPE, /* embedded, runs in a forked child */
	ENGINE_SPAWN,	/* an interpreter started with execve */
};

struct lang {
	enum lang_id id;
	const char *name;	   /* canonical, as in the result record */
	const char *aliases[4];	   /* NULL-terminated; matched case-insensitively */
	const char *extensions[4]; /* with the dot, NULL-terminated */
	enum lang_engine engine;
	/* The default command; for JavaScript and TypeScript, node's (used
	 * only under --engine node). */
	const char *interpreter;
	const char *debian_package; /* provides the interpreter */
	/* /etc pieces the interpreter reads (a trailing '*' is a glob),
	 * NULL-terminated: an isolated run binds the table's union read-only,
	 * and nothing else of the host's /etc beyond what every program
	 * needs (sandbox/isolate_plan.c). */
	const char *etc_paths[3];
	/* How the interpreter reports running out of memory as an error (then
	 * the run's status is memory_limit): the error's name, or the start of
	 * its message for one that has no name of its own. NULL: none. */
	const char *oom_error_name;
	const char *oom_message_prefix;
};

/* By canonical name or alias, case-insensitive; NULL if unknown. */
const struct lang *lang_by_name(const char *name);
/* Can a run's file (-f) of this name be a module a JavaScript program
 * imports or requires on Duktape (.js, .mjs, .cjs, .json, .ts)? */
bool lang_js_module_file(const char *name);
/* By the extension of path; NULL if none matches. */
const struct lang *lang_by_path(const char *path);
const struct lang *lang_get(enum lang_id id);
/* The language a "#!" first line names (python3, node, Rscript, java...,
 * directly or through env); NULL when there is no shebang or it names no
 * language sbx knows. */
const struct lang *lang_by_shebang(const char *code, size_t len);
/* The language code is most likely written in, from tell-tale constructs
 * (def/import, const/=>, <-/library(), class/System.out); NULL when the
 * text does not clearly say. For unlabeled Markdown fences and files
 * without an extension. */
const struct lang *lang_guess(const char *code, size_t len);
/* "javascript, js, node, typescript, ..." for error messages. */
const char *lang_all_names(void);

#endif
