/* engine_duktape_int — what the engine_duktape*.c files share and no one
 * else may use (callers use engine.h; tests engine_duktape.h): the job the
 * parent hands the child, the child's state, and the child's entry points
 * between the files. */
#ifndef SBX_ENGINE_DUKTAPE_INT_H
#define SBX_ENGINE_DUKTAPE_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <duktape.h>
#include <jansson.h>

#include "engine/duktape/duktape_mem.h"
#include "engine/duktape/duktape_report.h"
#include "engine/duktape/duktape_text.h"
#include "engine/engine_duktape.h"
#include "engine/engine_kernel.h"
#include "engine/js/lower.h"
#include "core/request.h"

/* One of the run's files a program may import or require (a multi-file
 * program's module): its name in the working directory and its text. */
struct js_module {
	const char *name;
	char *code;
	size_t len;
};

struct duk_job {
	struct request *req;
	char *inputs_json;
	const char *filename;  /* the user's source as named in tracebacks */
	struct js_lower lower; /* issue #4: lowering of modern JS/TS (js/lower.h) */
	/* The source the user wrote, of this run or of a session's execution
	 * (error messages quote its lines); NULL: req->code. */
	const char *source;
	size_t source_len;
	/* The run's JavaScript and JSON files, read by the parent
	 * (engine_duktape_modules.c); none in a session. */
	struct js_module *modules;
	size_t nmodules;
};

/* engine_duktape_child.c: the child's state, one heap per process, read by
 * the exec-timeout hook and the natives. */
extern struct duktape_mem engine_duktape_child_mem;
extern uint64_t engine_duktape_child_deadline_ns; /* CLOCK_MONOTONIC; 0: none */
extern struct duk_job *engine_duktape_child_job;

/* engine_duktape_child.c: the child's main (the sandbox plan's child_main,
 * arg a struct duk_job); CLOCK_MONOTONIC in ns; the exits: a status with
 * the memory peak, process.exit(code), and the error on the stack top as
 * the report's error record. */
_Noreturn void engine_duktape_child_main(void *arg);
uint64_t engine_duktape_mono_ns(void);
_Noreturn void engine_duktape_exit_status(const char *status, int code);
_Noreturn void engine_duktape_exit(int code);
_Noreturn void engine_duktape_report_error(duk_context *ctx);
/* The results display() made so far (the prelude's richResults: JSON text
 * on the stack top, valid while it stays there), or NULL: an execution that
 * fails keeps what it displayed before its error, as Python's and R's do
 * and as a notebook shows it. */
const char *engine_duktape_displayed(duk_context *ctx, duk_size_t *len);
/* Calls the prelude's hook NAME (stashed under "sbx") with the nargs values
 * on the stack top: [... args] → [... result-or-error]; duk_pcall's
 * result. engine_duktape_child.c */
int engine_duktape_call_hook(duk_context *ctx, const char *name, int nargs);
/* [ rich, value, JSON ] → the same, or [ rich', value, "null" ] when the
 * JSON passes max, the output limit (core/results.h): the result is left
 * out, named by an application/json entry with its size, beside its text
 * form (the inspect() console.log prints, bounded as node's: 100 items of
 * an array; here 64 KiB at most). engine_duktape_child.c */
void engine_duktape_left_out_if_over(duk_context *ctx, uint64_t max);

/* engine_duktape_bindings.c: the prelude, its natives and the built-ins
 * (the hooks go to the heap stash); the host's globals taken away; the
 * global `inputs` from JSON text (NULL: {}). */
void engine_duktape_load_prelude(duk_context *ctx, const char *filename);
void engine_duktape_harden_globals(duk_context *ctx);
/* Object.keys(globalThis) as node's: its enumerable globals in its order,
 * sbx's own (require, inputs, args, ...) not enumerable. After every
 * global of the prelude, the process and the inputs is set. */
void engine_duktape_node_globals(duk_context *ctx);
/* Math.sinh ... fround, which Duktape lacks (engine_duktape_math.c). */
void engine_duktape_install_math(duk_context *ctx);
void engine_duktape_set_inputs(duk_context *ctx, const char *json);

/* engine_duktape_modules.c: the parent reads the run's module files into
 * the job (files it cannot read are left out: an import of one is not
 * found), and frees them; N.moduleSource, the child's native. */
void engine_duktape_modules_read(struct duk_job *job);
void engine_duktape_modules_release(struct duk_job *job);
/* A session's kernel: this execution's modules, from its frame's "modules"
 * (name → text; the names stay the frame's), replacing the last ones. */
void engine_duktape_modules_from_json(struct duk_job *job, json_t *modules);
duk_ret_t engine_duktape_native_module_source(duk_context *ctx);

/* engine_duktape_kernel.c: a session's kernel (the sandbox plan's
 * child_main, arg a struct duk_job whose req is the kernel's); whether an
 * execution is being stopped (SIGINT from the daemon, or process.exit),
 * false outside a kernel; process.exit(code) in a kernel: true when it
 * only ends the execution. */
_Noreturn void engine_duktape_kernel_main(void *arg);
/* engine_duktape_kernel_run, the parent's side: engine_kernel.h. */
bool engine_duktape_kernel_stopping(void);
bool engine_duktape_kernel_exit(int code);
bool engine_duktape_kernel_muted(void); /* replaying: the code's output dropped */
bool engine_duktape_in_kernel(void);	/* a session's kernel, not a one-shot run */
/* A session kernel's rich result as display() makes it (JSON text, as
 * Duktape holds it): a {"result": seq, "item"} frame to the daemon. */
void engine_duktape_kernel_result(const char *json, size_t len);
/* The output limit that bounds an execution's results (a run's, or the
 * kernel's execution's "results_max"); the streamed results' count of it
 * starts again at each execution. */
uint64_t engine_duktape_result_max(void);
void engine_duktape_results_reset(void);

/* engine_duktape_ends_with_expression: engine_duktape.h. */

#endif
