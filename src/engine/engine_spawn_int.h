/* engine_spawn_int — what the engine_spawn*.c files share among
 * themselves; no other file includes it.
 */
#ifndef SBX_ENGINE_SPAWN_INT_H
#define SBX_ENGINE_SPAWN_INT_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/engine.h"
#include "engine/js/lower.h"
#include "sandbox/isolate.h"
#include "sandbox/workdir.h"

#define SPAWN_MAX_ARGS 4096 /* the interpreter's words plus the program's arguments */

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
	char java_srcname[1100]; /* primary.java, an argv word */
	char exe[PATH_MAX];
	char **env; /* sbx's variables, then --env's; free() the array only */
	char home[PATH_MAX + 8];
	char tmpdir[PATH_MAX + 16];
	char mplconfig[PATH_MAX + 24];
	char xdgcache[PATH_MAX + 24];
	char rprofile[PATH_MAX + 32];
	char results_max[48];	     /* SBX_RESULTS_MAX=bytes, for the prelude */
	char code[PATH_MAX + 16];    /* WORKDIR_PRIVATE/code.py or .R, absolute */
	char inputs[PATH_MAX + 24];  /* WORKDIR_PRIVATE/inputs.json, absolute */
	char classes[PATH_MAX + 16]; /* WORKDIR_PRIVATE/classes, absolute */
	int stdin_fd;
	/* node (engine_spawn_node.c): its flags and files, argv words. */
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

/* The tuned JVM's flags (NULL-terminated), for the session kernel too.
 * engine_spawn_java.c */
extern const char *const engine_java_jvm_flags[];
/* node: appends node's words to a (the heap cap, the prelude, the
 * program) and the prelude's variables to s->env; TypeScript is lowered
 * first. inputs_arg: the inputs file or "-". Returns 0 to go on and run, 1
 * when out is final (a TypeScript syntax error), -1 on a setup failure.
 * engine_spawn_node.c */
int engine_spawn_node_args(struct spawn_run *s, struct argv_builder *a, const char *inputs_arg);
/* node's RLIMIT_AS backstop for a memory limit (the cgroup is the wall).
 * engine_spawn_node.c */
uint64_t engine_spawn_node_as(uint64_t memory_bytes);
/* R's RLIMIT_AS for a memory limit (0: none), one-shot runs and kernels:
 * the limit plus what its graphics reserve without using. engine_spawn.c */
uint64_t engine_spawn_r_as(uint64_t memory_bytes);
/* node, after the run: V8's heap out of memory is the memory limit,
 * TypeScript's error lines map to the source, the record names the engine. */
void engine_spawn_node_finish(struct spawn_run *s);

/* Java: compiles (or takes the classes from the cache) and appends the JVM's
 * words to a. Returns 0 to go on and run, 1 when out is final (a compile
 * error, a build only), -1 on a setup failure (out says so).
 * engine_spawn_java.c */
int engine_spawn_java_args(struct spawn_run *s, struct argv_builder *a, char *const *compile_cmd);

#endif
