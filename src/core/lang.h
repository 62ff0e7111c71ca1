/* lang — the language table: names, aliases, file extensions, engine. */
#ifndef SBX_LANG_H
#define SBX_LANG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum lang_id {
	LANG_JAVASCRIPT,
	LANG_TYPESCRIPT,
	LANG_PYTHON,
	LANG_JAVA,
	LANG_R,
	LANG_BASH,
	LANG_C,
	LANG_CPP,
	LANG_GO,
	LANG_COUNT
};

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
	/* The interpreter's flag that prints its version (the record's
	 * interpreter.version, sbx doctor); NULL for a Duktape-only language. */
	const char *version_flag;
	/* The compiler the config's languages.LANG.compile names (Java's
	 * javac), NULL when the language has no build step of its own. */
	const char *compiler;
	/* The interpreter reads a "#!" first line as a comment (else sbx
	 * blanks it, keeping line numbers). */
	bool keeps_shebang;
	/* The prompts of a pasted session transcript in Markdown (">>>" and
	 * "..." for Python, "$" for a shell), each followed by a space or the
	 * line's end: only what follows them is code, other lines are the
	 * echoed output. NULL-terminated; the first one starts a transcript. */
	const char *prompts[3];
	/* A sandbox can start before the code is known: sbx run
	 * --warm-sandbox and sbx serve's warm pool (run/warm_run.c,
	 * serve.warm_pool). Python's and R's preludes take the code's file
	 * (lang_ops.code_file) after the sandbox's gate, Java's launcher its
	 * cached classes (lang_ops.warm_code_in); a language without
	 * a prelude (bash, the compiled ones: lang_ops.spawn_gated false) is
	 * a held exec, whose process
	 * waits at the gate for the very argv a cold run execs
	 * (engine/engine_held.c). */
	bool warm_start;
	/* Another language whose programs it runs as they are (TypeScript
	 * takes JavaScript), by name: a session of this language accepts a
	 * FILE of that one (session_request.c). NULL: none. */
	const char *runs_files_of;
};

/* A language's behaviour: its backend in src/lang/NAME.c (the row above is
 * its data). The layers below src/lang (engine, run's pipeline) call
 * through lang_ops(); src/lang installs the backends at start-up
 * (lang_backends_install), so the lower layers never include a backend.
 * The types in the signatures belong to the layers that call them. */
struct argv_builder;
struct kernel_start;
struct outcome;
struct output_sink;
struct request;
struct spawn_run;
struct json_t;

struct lang_ops {
	/* A one-shot run by the interpreter (engine_spawn.c's sequence):
	 * writes the language's files into s's work directory and appends the
	 * interpreter's words to a (after the configured command's words);
	 * *as is the RLIMIT_AS, preset to the memory limit. Returns 0 to run,
	 * 1 when s->out is final (a compile error, a build only), -1 on a
	 * setup failure (s->out says). NULL: only Duktape runs the language. */
	int (*spawn_args)(struct spawn_run *s, struct argv_builder *a, const char *inputs_arg,
			  char *const *compile_cmd, uint64_t *as);
	/* After a run that reported (NULL: nothing to do). */
	void (*spawn_finish)(struct spawn_run *s);
	/* The interpreter's prelude waits on the sandbox's gate before user
	 * code (sandbox.h), so it starts while the cgroup is joined. */
	bool spawn_gated;
	/* The code's file in the run's private directory (WORKDIR_PRIVATE/
	 * code_file), written by spawn_args and read by the prelude only
	 * after the gate: a warm sandbox (run/warm_run.c) writes the
	 * request's code there once it comes. NULL: the code is not read from
	 * a file after the gate (not a prelude language with warm_start). */
	const char *code_file;
	/* A warm sandbox's request put in place, where code_file is not the
	 * code (Java: its classes from the build cache and the launch file
	 * that names them), under the run's directory rundir; it may say the
	 * record's build in out->extra. false: the request runs cold. NULL:
	 * the request's code is written to code_file. */
	bool (*warm_code_in)(const struct request *req, const char *rundir, struct outcome *out);
	/* The program runs without RLIMIT_AS (spawn_args sets *as to 0 for
	 * every request: Go's runtime reserves address space it never uses).
	 * A held exec sets its limits before the code is known, from this. */
	bool no_rlimit_as;
	/* --build-only compiles something (else there is nothing to build). */
	bool builds;
	/* inputs.json in the program's working directory (Java reads it
	 * there), not in sbx's private directory. */
	bool inputs_in_cwd;
	/* The session kernel: runs until its control channel closes. NULL:
	 * sessions refuse the language. */
	int (*kernel_run)(struct request *req, struct outcome *out, const struct output_sink *sink,
			  const struct kernel_start *ks);
	/* What a session execution of the language cannot take: error()
	 * naming the fix and -1, else 0. NULL: every key applies. */
	int (*session_refuse)(const struct request *req);
	/* sbx prepare's syntax check: a program of the language run on
	 * inputs {code, modules}, giving {syntax, available} (NULL: the run's
	 * own build step checks it, engine_build), and the name the record
	 * gives the checker. */
	const char *checker_source;
	const char *(*checker_name)(const struct request *req);
	/* A checker's error given as a string, as an error object with line
	 * and column (NULL: the checker gives objects). */
	struct json_t *(*checker_error)(const char *msg);
	/* What sbx does to the code before it runs (lowering, compiling):
	 * appended to the array transforms (NULL: nothing). */
	void (*transforms)(const struct request *req, struct json_t *transforms);
	/* What a snippet's final value does when the request does not say
	 * (enum print_result; a FILE's is never printed): R prints its
	 * visible top-level forms, as Rscript does. */
	int print_result_snippet;
	/* The prelude gives rich results (figures, tables) and takes their
	 * share of the output limit from SBX_RESULTS_MAX. */
	bool rich_results;
	/* A deployment's build output: the directory the build cache keeps
	 * req's in (its files are stored as artefacts/ARTEFACT_DIR/NAME of
	 * kind artefact_kind), and putting a deployment's copy back so the
	 * run needs no build (artefacts_path: 0, -1 on an error, 1 when the
	 * cache does not keep this build). NULL: nothing beyond the lowered
	 * code. */
	int (*artefacts_path)(const struct request *req, char *out, size_t n);
	int (*artefacts_restore)(const struct request *req, int dir_fd);
	const char *artefact_dir;
	const char *artefact_kind;
	/* Its builds' kind in the build cache (cache/KIND, engine/build_cache.h;
	 * sbx gc prunes it). NULL: nothing cached. */
	const char *build_kind;
};

/* The backend of l (never NULL: a language without one stops sbx with an
 * internal error naming it, as a missed row would otherwise fall silently
 * into another language's path). */
const struct lang_ops *lang_ops(const struct lang *l);
/* src/lang's start-up call, once per language. */
void lang_ops_install(enum lang_id id, const struct lang_ops *ops);

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
/* The languages with warm_start, as "python" or "python and r". */
const char *lang_warm_start_names(void);
/* Whether a program of language `of` runs as it is as `l` (the same
 * language, or l->runs_files_of). */
bool lang_runs_files_of(const struct lang *l, const struct lang *of);

#endif
