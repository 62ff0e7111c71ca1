/* engine — run a request in its language's engine.
 *
 * execute() (execute.h) picks the engine from the language table; each
 * engine fills the outcome and hands the code's output to the sink it is
 * given (output_sink.h), never to the renderer itself.
 */
#ifndef SBX_ENGINE_H
#define SBX_ENGINE_H

#include <stddef.h>

#include "core/outcome.h"
#include "core/output_sink.h"
#include "core/request.h"

/* A deployment's lowered code (engine_lowered.c): engine_lowered_path writes
 * the cache file of req's lowered code and returns 0, or -1 when req's code
 * is not lowered (another language, plain ES5, JavaScript under node, where
 * only TypeScript is lowered). engine_lowered_restore puts a deployment's
 * copy of it back into that cache. */
int engine_lowered_path(const struct request *req, char *out, size_t n);
int engine_lowered_restore(const struct request *req, const char *text, size_t len);

/* Duktape in a forked, seccomp-confined child (engine_duktape.c). */
int engine_duktape_run(struct request *req, struct outcome *out, const struct output_sink *sink);
/* An interpreter via execve (engine_spawn.c), its command line by the
 * language's backend (lang_ops.spawn_args). */
int engine_spawn_run(struct request *req, struct outcome *out, const struct output_sink *sink);
/* The same with the configured argv of the interpreter (run_cmd) and, for
 * Java, of javac (compile_cmd); NULL: the language table's command. */
int engine_spawn_run_cmd(struct request *req, struct outcome *out, const struct output_sink *sink,
			 char *const *run_cmd, char *const *compile_cmd);
/* What runs leave for the next run to remove, removed now: the working
 * directories of runs that are over (under the state directory's work/,
 * or root's) and the cgroups of sbx processes that are gone. For a
 * server's end, whose warm runs leave both to the next run. */
void engine_sweep_leftovers(const char *state_dir);
/* The real binary of command: a path as given, else prefer_dir (may be NULL),
 * /usr/bin, /bin, /usr/local/bin, then PATH, skipping scripts (shims). Writes
 * the resolved path to out; returns 0, or -1 when none is found. */
int engine_spawn_resolve(const char *command, const char *prefer_dir, char *out, size_t cap);
/* The file name javac requires for Java source: its public top-level type,
 * else "Main". */
void engine_spawn_java_primary(const char *src, size_t len, char *out, size_t cap);

#endif
