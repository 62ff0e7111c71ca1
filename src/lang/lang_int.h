/* lang_int — what the backends in src/lang/ share among themselves; no
 * other file includes it (the rest of sbx reaches a backend through
 * lang_ops(), core/lang.h).
 */
#ifndef SBX_LANG_INT_H
#define SBX_LANG_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/lang.h"
#include "engine/engine_kernel.h"
#include "engine/spawn_kit.h"

/* Each backend, installed by lang_backends_install (backends.c). */
extern const struct lang_ops lang_javascript;
extern const struct lang_ops lang_typescript;
extern const struct lang_ops lang_python;
extern const struct lang_ops lang_java;
extern const struct lang_ops lang_r;
extern const struct lang_ops lang_bash;
extern const struct lang_ops lang_c;
extern const struct lang_ops lang_cpp;
extern const struct lang_ops lang_go;

/* The tuned JVM's flags (NULL-terminated), for the session kernel too.
 * java_spawn.c */
extern const char *const java_jvm_flags[];
/* Java's one-shot words: compiles (or takes the classes from the cache)
 * and appends the JVM's words to a. java_spawn.c */
int java_spawn_args(struct spawn_run *s, struct argv_builder *a, const char *inputs_arg,
		    char *const *compile_cmd, uint64_t *as);
/* In the run's private directory: the launcher's classes, and the file it
 * reads after the gate (_SbxLaunch_.java: the classes directory, the public
 * class, its file). */
#define JAVA_LAUNCHER_DIR "launcher"
#define JAVA_LAUNCH_FILE  "launch"
/* A warm sandbox's request (lang_ops.warm_code_in): its classes from the
 * build cache into the classes directory, the launch file. java_spawn.c */
bool java_warm_code_in(const struct request *req, const char *rundir, struct outcome *out);
/* A deployment's compiled classes: where the cache keeps req's, and
 * putting a deployment's copy back. java_spawn.c */
int java_artefacts_path(const struct request *req, char *out, size_t n);
int java_artefacts_restore(const struct request *req, int dir_fd);
/* JShell in the JVM, driven by prelude/SbxKernel.java. java_kernel.c */
int java_kernel_run(struct request *req, struct outcome *out, const struct output_sink *sink,
		    const struct kernel_start *ks);

/* node (--engine node) for JavaScript and TypeScript: the heap cap, the
 * prelude, the program; TypeScript is lowered first. javascript_node.c */
int javascript_node_spawn_args(struct spawn_run *s, struct argv_builder *a, const char *inputs_arg,
			       char *const *compile_cmd, uint64_t *as);
/* After a node run: V8's heap out of memory is the memory limit,
 * TypeScript's error lines map to the source, the record names the
 * engine. javascript_node.c */
void javascript_node_spawn_finish(struct spawn_run *s);
/* What sbx does to JavaScript or TypeScript before it runs. javascript.c */
void javascript_transforms(const struct request *req, struct json_t *transforms);
const char *javascript_checker_name(const struct request *req);

/* R's RLIMIT_AS for a memory limit (0: none), one-shot runs and kernels:
 * the limit plus what its graphics reserve without using. r.c */
uint64_t r_rlimit_as(uint64_t memory_bytes);
/* Rscript's own top-level loop fed by prelude/sbx_kernel.R. r_kernel.c */
int r_kernel_run(struct request *req, struct outcome *out, const struct output_sink *sink,
		 const struct kernel_start *ks);

/* build_notes.c: a build's output as the run's stderr (through the sink,
 * kept and counted); a successful build's warnings kept in its directory
 * dir_fd as the file name, and shown from there before the program runs. */
void build_output_show(struct spawn_run *s, const char *text, size_t len);
void build_notes_keep(int dir_fd, const char *name, const char *text, size_t len);
void build_notes_show(struct spawn_run *s, int dir_fd, const char *name);

/* A compiled language's toolchain (native.c). */
struct native_toolchain {
	const char *kind;	    /* its build cache's: "c", "cpp", "go" */
	const char *default_source; /* the source's name when the code is no FILE */
	const char *const *flags;   /* the compiler's words before the configured ones */
	const char *const *libs;    /* after the source */
	bool go;		    /* `go build`: its subcommand and environment */
};
/* Compiles the code (or takes the binary from the build cache) and makes
 * the binary the command: argv is ./PROG, as natively. Returns 0 to run,
 * 1 when s->out is final (a compile error, a build only), -1 on a setup
 * failure. native.c */
int native_spawn_args(struct spawn_run *s, struct argv_builder *a,
		      const struct native_toolchain *tc, uint64_t *as);
/* A deployment's binary: where the build cache keeps req's build, and
 * putting a deployment's copy back. native.c */
int native_artefacts_path(const struct request *req, const struct native_toolchain *tc, char *out,
			  size_t n);
int native_artefacts_restore(const struct request *req, const struct native_toolchain *tc,
			     int dir_fd);
/* sbx prepare's transforms for a compiled language. native.c */
void native_transforms(const struct request *req, struct json_t *transforms);

/* A session's shell commands, each a fresh bash -c in the workspace.
 * bash_kernel.c */
int bash_kernel_run(struct request *req, struct outcome *out, const struct output_sink *sink,
		    const struct kernel_start *ks);
/* What a session's shell keeps between commands: its working directory
 * (relative to the workspace) and the variables it exported. Loaded from
 * and saved to the kernel's state file; updated from the dump the EXIT
 * trap of the BASH_ENV file (bash_shell_state_init_file) wrote (0: none, 1:
 * the same as before, 2: changed), which sets a
 * note for stderr when the command ended outside the workspace; entered
 * by the next command's child before bash starts (pwd: its PWD).
 * bash_shell_state.c */
struct bash_shell_state {
	char *dir;
	char **vars; /* "NAME=value" */
	size_t nvars;
};
bool bash_shell_state_load(struct bash_shell_state *st, const char *path);
long bash_shell_state_save(const struct bash_shell_state *st, const char *path);
void bash_shell_state_clear(struct bash_shell_state *st);
bool bash_shell_state_init_file(const char *init, const char *dump);
int bash_shell_state_update(struct bash_shell_state *st, const char *dump, const char *workdir,
			    char *const *sbx_env, struct json_t *exec_env, char *note, size_t n);
const char *bash_shell_state_var(const struct bash_shell_state *st, const char *name, size_t len);
void bash_shell_state_enter(const struct bash_shell_state *st, const char *workdir, char *pwd,
			    size_t n);
/* python3 running the prelude and prelude/sbx_kernel.py. python_kernel.c */
int python_kernel_run(struct request *req, struct outcome *out, const struct output_sink *sink,
		      const struct kernel_start *ks);

#endif
