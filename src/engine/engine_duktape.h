/* engine_duktape — internals of the Duktape engine exposed for unit tests.
 * The engine's entry point, engine_duktape_run(), is declared in engine.h. */
#ifndef SBX_ENGINE_DUKTAPE_H
#define SBX_ENGINE_DUKTAPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "util/buf.h"

/* Bytes charged per allocation on top of the request: the size header the
 * allocator keeps in front of each block (16 keeps malloc's alignment). */
#define ENGINE_DUKTAPE_HEADER 16

/* A byte-capped allocator for a Duktape heap. */
struct engine_duktape_mem {
	uint64_t limit; /* most bytes (requests + headers) live at once */
	uint64_t cur;	/* bytes live now */
	uint64_t peak;	/* most bytes live at any time */
	/* In the sandbox child: when Duktape's GC retries for one request are
	 * all spent, report memory_limit and exit instead of returning NULL. */
	bool exit_on_limit;
	struct {
		size_t size;
		unsigned count;
	} fails[8]; /* recent failing request sizes and their failure counts */
	unsigned next_fail;
	/* Memory held only to be faster (a session kernel's kept transpiler
	 * heap, js/lower.h): before a request would fail on the cap (or on
	 * malloc), reclaim(reclaim_arg) is asked to drop it, and the request
	 * is tried again when it did (returns true). NULL: nothing to drop. */
	bool (*reclaim)(void *reclaim_arg);
	void *reclaim_arg;
};

/* From now on, blocks of the allocator below come first from one region
 * backed by transparent huge pages where the kernel has them (see
 * engine_duktape_mem.c); the cap counts them as before. For a process's
 * one heap: the one-shot child calls it before creating its heap. */
void engine_duktape_mem_use_region(void);
void *engine_duktape_alloc(void *udata, size_t size);
void *engine_duktape_realloc(void *udata, void *ptr, size_t size);
void engine_duktape_free(void *udata, void *ptr);
/* Memory the caller maps itself (the transpiler's arena, js/lower_arena.c),
 * counted against the same cap as the allocator's: charge returns false
 * when bytes more would pass it (with the allocator's memory_limit
 * handling), uncharge gives bytes back. udata is the allocator's. */
bool engine_duktape_charge(void *udata, size_t bytes);
void engine_duktape_uncharge(void *udata, size_t bytes);

/* Appends JSON text (as produced by Duktape's JSON.stringify, in Duktape's
 * internal extended UTF-8) as pure-ASCII JSON: non-ASCII characters become
 * \uXXXX escapes, lone surrogates and invalid bytes become \ufffd. */
void engine_duktape_json_ascii(struct buf *b, const char *s, size_t len);

/* Hands Duktape's string s (CESU-8: characters beyond the BMP as two
 * surrogate halves) to sink as UTF-8, as node writes strings: each pair
 * becomes one 4-byte character, a lone half or an invalid byte U+FFFD. A
 * string that needs no change is passed whole, in one call; otherwise in
 * pieces of at most 4 KiB. */
void engine_duktape_utf8(const char *s, size_t len,
			 void (*sink)(void *arg, const char *p, size_t n), void *arg);

/* In the sandboxed child: writes text (a whole JSON report) to the report
 * fd the sandbox gave the child. For the engine's parts that report without
 * its state, as js/lower_child.c's fatal handler does; only the engine knows
 * the fd. */
void engine_duktape_report(const char *text, size_t len);

struct request;
typedef struct duk_hthread duk_context;
/* Installs `args` and `process` (engine_duktape_process.c). */
void engine_duktape_set_process(duk_context *ctx, const struct request *req, const char *file);
/* A session's execution: its env set in process.env (the old values
 * returned, null for none: given back to this later to restore them), and
 * its args as `args` and process.argv[2:] (NULL: none). */
json_t *engine_duktape_session_env(duk_context *ctx, json_t *env);
void engine_duktape_session_args(duk_context *ctx, json_t *args);
/* Its inputs as the global `inputs` (NULL: {}). All three as safe calls:
 * whatever the code made of those globals, the kernel goes on. */
void engine_duktape_session_inputs(duk_context *ctx, const char *json);

#endif
