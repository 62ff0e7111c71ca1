/* spawn_kit — a run by an interpreter, as engine_spawn.c's sequence gives
 * it to a language's backend (src/lang/NAME.c, lang_ops.spawn_args): the
 * run's state, and the steps a backend may use to write its files and
 * build the interpreter's command line.
 */
#ifndef SBX_ENGINE_SPAWN_KIT_H
#define SBX_ENGINE_SPAWN_KIT_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/engine.h"
#include "engine/js/lower.h"
#include "sandbox/isolate.h"
#include "sandbox/workdir.h"

#define SPAWN_MAX_ARGS 4096 /* the interpreter's words plus the program's arguments */
#define SPAWN_NPROC    256  /* backstop only: cgroup pids.max is the real cap */

struct argv_builder {
	char **v; /* NULL-terminated once anything was added; free() it */
	size_t n;
	bool overflow;
};

struct spawn_run {
	struct request *req;
	struct outcome *out;
	const struct output_sink *sink;
	struct workdir wd;
	const char *java_src; /* the Java source as compiled (wrapped or as given) */
	size_t java_len;
	char *java_wrapped;	 /* java_wrap's class around bare statements, or NULL */
	char java_primary[1024]; /* the public class: javac's file name */
	char java_xmx[32];	 /* the JVM's -Xmx, an argv word */
	char exe[PATH_MAX];
	char **env; /* sbx's variables, then --env's; free() the array only */
	char home[PATH_MAX + 8];
	char tmpdir[PATH_MAX + 16];
	char mplconfig[PATH_MAX + 24];
	char xdgcache[PATH_MAX + 24];
	char rprofile[PATH_MAX + 32];
	char results_max[48];	  /* SBX_RESULTS_MAX=bytes, for the prelude */
	char code[PATH_MAX + 16]; /* WORKDIR_PRIVATE/code.py or .R, absolute */
	/* A backend's own argv words that must outlive the run's start, in
	 * the run's buffers or allocated (freed with the run). */
	char word[2][2 * PATH_MAX];
	char *word_owned;
	char inputs[PATH_MAX + 24];  /* WORKDIR_PRIVATE/inputs.json, absolute */
	char classes[PATH_MAX + 16]; /* WORKDIR_PRIVATE/classes, absolute */
	int stdin_fd;
	/* A held exec (engine_held.c): spawn_args runs once the sandbox is
	 * set up, so it may take no sandboxed step of its own (a compile). */
	bool held;
	/* node (src/lang/javascript_node.c): its flags and files, argv words. */
	char node_heap[48];		  /* --max-old-space-size=MB */
	char node_prelude[PATH_MAX + 16]; /* WORKDIR_PRIVATE/prelude.js, absolute */
	char node_main[PATH_MAX + 300];	  /* the FILE, or WORKDIR_PRIVATE/code.js */
	char node_env[4][PATH_MAX + 32];  /* SBX_NODE_INPUTS, _RESULT, _CHECK, _LOWERED */
	struct js_lower node_lower;	  /* TypeScript's lowered code and line map */
	/* The interpreter's directories outside the default root (interp.h),
	 * as plan.ro_dirs. */
	char ro[ISOLATE_MAX_EXTRA][256];
	char *ro_dirs[ISOLATE_MAX_EXTRA + 1];
};

/* What the sandboxed child execs (engine_spawn_child_main's argument). */
struct spawn_child {
	const char *exe;
	char *const *argv;
	char *const *envp;
};
/* The sandbox's child_main for an interpreter: execve, else exit 127. */
void engine_spawn_child_main(void *p);
/* A held exec (engine_held.c): does req's run get one (a warm sandbox of
 * a language without a prelude)? Then engine_held_step runs it: spawn_args
 * is called with a (the command's first words in it) once the request
 * came, and the words it gives are exec'd. */
bool engine_held_wanted(const struct request *req);
int engine_held_step(struct spawn_run *s, struct argv_builder *a, const char *inputs_arg,
		     char *const *compile_cmd, const char *cwd);
void engine_held_child_main(void *p);
/* Is the program (a FILE) in the working directory under its own name,
 * as the run's copy of it? *base: that name. engine_spawn.c */
bool engine_spawn_program_in_cwd(const struct request *req, const char **base);
/* The program's environment into s->env (s->wd.path and cwd set). */
void engine_spawn_env(struct spawn_run *s);

/* Appends s (not copied: it must outlive the run) to a, unless a is full
 * (then a->overflow). engine_spawn.c */
void engine_spawn_arg(struct argv_builder *a, const char *s);
/* Runs argv in the sandbox with this run's workdir, stdin and env; the
 * code's output goes to sink (NULL: nowhere). engine_spawn.c */
int engine_spawn_step(struct spawn_run *s, const struct request *req, struct outcome *out,
		      const struct output_sink *sink, const char *cwd, char *const *argv,
		      uint64_t as, bool gated);
/* out: InterpreterUnavailable for command; returns 0. engine_spawn.c */
int engine_spawn_unavailable(struct outcome *out, const struct lang *lang, const char *command);
/* out: SandboxError what; returns -1. engine_spawn.c */
int engine_spawn_setup_failed(struct outcome *out, const char *what);

#endif
