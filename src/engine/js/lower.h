/* lower — modern JavaScript and TypeScript on Duktape (issue #4).
 *
 * Code that Duktape cannot run as is (TypeScript, or JavaScript the scanner
 * in tokenize.c finds newer than ES5) is lowered to ES5 *inside the
 * sandboxed child*, in a Duktape heap of its own, under the run's seccomp,
 * memory and time limits: the input is untrusted and a transpiler is a
 * large attack surface. JavaScript goes first to the subset lowering
 * (src/engine/js/lower/subset.js on acorn: the syntax nearly every snippet
 * uses, ~12 ms instead of ~100); what it leaves (generators, async, private
 * names, ...) and TypeScript go to TypeScript's compiler. The lowered code
 * goes back to the parent in the child's report ("extra": {"lowered": ...})
 * and is cached in STATE/cache/js/<key>.js, key = SHA-256 of (language,
 * source, transpiler bytecode hash, options); the next run of the same code
 * skips the transpiler.
 *
 * The transpiler and the runtime library (src/engine/js/runtime/) are Duktape
 * bytecode built by build-aux/gen-ts.sh and embedded in the sbx binary:
 * Duktape does not validate bytecode, so sbx never loads any from a file.
 *
 * The engine (engine_duktape.c and _child.c) calls, in order:
 *   parent: js_lower_prepare()     decide, look up the cache
 *   child:  js_lower_child()       transpile if needed (own heap, freed whole)
 *   child:  js_runtime_install()   after the prelude, before the code
 *   child:  js_runtime_drain()     after the main program (microtasks)
 *   child:  js_runtime_unhandled() after the event loop
 *   child:  js_lower_map_error()   error record lines → the user's source
 *   child:  js_lower_report_extra() in the final report
 *   parent: js_lower_finish()      store the lowered code, tidy the record
 * A session's kernel (engine_duktape_kernel.c) calls js_lower_session()
 * instead of js_lower_child(), with a transpiler heap it keeps.
 */
#ifndef SBX_JS_LOWER_H
#define SBX_JS_LOWER_H

#include <stdbool.h>
#include <stddef.h>

#include <duktape.h>

#include "engine/js/lower_arena.h"
#include "util/buf.h"
#include "core/outcome.h"
#include "core/request.h"

struct js_lower {
	/* Set by js_lower_prepare (parent). */
	bool needed;	     /* TypeScript, or JavaScript newer than ES5 */
	const char *feature; /* why (for messages and `prepare`), or NULL */
	char key[65];	     /* cache key; "" when not cached */
	bool cached;	     /* code came from the cache */
	/* The code to run and its line map; code points into the request
	 * (fast path), or is malloc'd (cache hit, or lowered in the child). */
	const char *code;
	size_t code_len;
	char *owned;	 /* malloc'd code, with its trailing line-map comment */
	unsigned *lines; /* lines[i]: source line of output line i+1; 0 unknown */
	size_t nlines;
	unsigned runtime; /* JS_RT_* groups to install */
	unsigned corejs;  /* JS_CJ_* core-js modules of those groups */
	bool fresh;	  /* child: lowered in this run (report it to the parent) */
	/* A session's kernel: the names its global object has already, one
	 * per line, which the subset lowering neither makes afresh nor turns
	 * a block's binding into (NULL: none, a one-shot run). */
	const char *reserved;
};

/* What node makes of the program's file by its extension: "esm" (.mjs,
 * .mts: an ES module whatever it holds), "cjs" (.cjs: CommonJS, module
 * syntax is a SyntaxError) or "" (node's detection: import/export make a
 * module). */
const char *js_lower_module_kind(const struct request *req);

/* Parent: fills l for req (JavaScript or TypeScript). Never fails: a cache
 * that cannot be read is a miss. */
void js_lower_prepare(struct js_lower *l, const struct request *req);

/* Child: lowers l->code if needed, in a heap of its own using the engine's
 * allocator (alloc/realloc/free with udata, so the run's memory cap and
 * its memory_limit exit apply; the timeout hook fires as for user code).
 * Returns 0, or -1 with the error record (JSON text: {name, message, line,
 * column, traceback}) in err — a syntax error or an unsupported feature,
 * in the user's source coordinates. */
int js_lower_child(struct js_lower *l, const struct request *req, const char *filename,
		   duk_alloc_function alloc, duk_realloc_function realloc_fn,
		   duk_free_function free_fn, void *udata, struct buf *err);

/* A session kernel's transpiler heap, kept from one execution to the next
 * (lower_keep.c): loading TypeScript's bytecode and running its set-up
 * cost ~30 ms, the transform of a one-liner a few. Zeroed: none yet. Its
 * memory is counted against the session's limit like any other, and given
 * back whenever something else needs it (js_transpiler_reclaim). */
struct js_transpiler {
	struct lower_arena arena; /* its memory: the heap's udata */
	duk_context *ctx;	  /* NULL: not loaded */
	bool busy;		  /* transpiling: its memory cannot be given back now */
	size_t loaded;		  /* arena bytes once loaded and set up */
};

/* Kernel: as js_lower_child, in t's heap (loaded at the first execution
 * that needs it). t is dropped after a transform that throws or is
 * interrupted (the exec timeout), or that left its arena over twice its
 * loaded size, and loaded again next time. The lowered code, line map and
 * error records are js_lower_child's. */
int js_lower_session(struct js_transpiler *t, struct js_lower *l, const struct request *req,
		     const char *filename, duk_alloc_function alloc,
		     duk_realloc_function realloc_fn, duk_free_function free_fn, void *udata,
		     struct buf *err);
/* Kernel: drops t's heap unless it is in use (for the allocator, before a
 * request would fail: struct duktape_mem's reclaim). Returns whether
 * anything was freed. arg: the struct js_transpiler. */
bool js_transpiler_reclaim(void *arg);

/* Child: installs the runtime library groups l->runtime needs, and of the
 * Array and String groups the core-js modules l->corejs names (no-op when
 * none). Call after the prelude (it wraps the timer functions so that
 * microtasks run after every callback). Returns 0 or -1 (error on the
 * stack top). */
int js_runtime_install(duk_context *ctx, unsigned runtime, unsigned corejs);
/* Child: runs queued microtasks (Promise jobs); no-op without the runtime.
 * Returns 0 or -1 (the job's error on the stack top). */
int js_runtime_drain(duk_context *ctx);
/* Child: true, with the reason on the stack top, if a rejected promise was
 * never handled (node exits with it as an uncaught error). */
bool js_runtime_unhandled(duk_context *ctx);

/* Child: rewrites an error record (JSON text from the prelude's
 * describeError) so that "line" and the FILE:LINE frames of "traceback"
 * point at the user's source instead of the lowered code. Appends to out;
 * copies unchanged when nothing was lowered. */
void js_lower_map_error(const struct js_lower *l, const char *filename, const char *json,
			size_t len, struct buf *out);
/* Maps one line of the code that ran to the user's source; 0 if unknown. */
unsigned js_lower_map_line(const struct js_lower *l, unsigned line);

/* Child: appends `,"extra":{"lowered":"..."}` to a report being built when
 * this run lowered code (so the parent can cache it); nothing otherwise. */
void js_lower_report_extra(const struct js_lower *l, struct buf *report);

/* Parent, after the run: takes "lowered" out of out->extra (it is not part
 * of the record) and stores it in the cache. */
void js_lower_finish(struct js_lower *l, const struct request *req, struct outcome *out);

void js_lower_release(struct js_lower *l);

/* The transpiler's identity, for `sbx doctor` / `prepare`: "typescript 4.8.4". */
const char *js_lower_transpiler(void);

/* Deployments carry their lowered code (cmd_deploy.c, cmd_exec_deployment.c).
 * js_lower_cache_path: the cache file of req's lowered code; -1 when the code
 * needs no lowering (plain ES5). js_lower_cache_restore: puts lowered text
 * into the cache unless it has an entry; text not shaped like sbx's own
 * output is refused. Both return 0 or -1. */
int js_lower_cache_path(const struct request *req, char *out, size_t n);
int js_lower_cache_restore(const struct request *req, const char *text, size_t len);

#endif
