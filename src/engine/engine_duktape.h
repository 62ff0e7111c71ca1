/* engine_duktape — internals of the Duktape engine exposed for unit tests.
 * The engine's entry point, engine_duktape_run(), is declared in engine.h;
 * the heap's allocator, text and report are below it, in engine/duktape/. */
#ifndef SBX_ENGINE_DUKTAPE_H
#define SBX_ENGINE_DUKTAPE_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

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
/* Whether the program s ends with an expression statement (its completion
 * value is then the result), for node's snippets as for Duktape's.
 * engine_duktape_completion.c */
bool engine_duktape_ends_with_expression(const char *s, size_t n);

#endif
