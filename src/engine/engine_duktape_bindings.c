/* engine_duktape_bindings — what the child's heap gets from the host: the
 * prelude and built-ins (embedded bytecode), the natives the prelude calls
 * (N.write, N.result, N.now, N.sleepUntil, N.loadLib, N.runtime, N.lineText,
 * N.exit), the inputs, and the globals taken away. Calls the engine's
 * child (exits, reports), js/lower.h and util. */
#include <errno.h>
#include <string.h>
#include <time.h>

#include <duktape.h>

#include "engine/engine_duktape.h"
#include "engine/engine_duktape_int.h"
#include "engine/js/lower.h"
#include "engine/js/tokenize.h"
#include "core/outcome.h"
#include "sandbox/sandbox.h"
#include "util/util.h"

#include "js_builtins.h"
#include "js_builtins_bc.h"
#include "js_nodelib.h"
#include "js_nodelib_bc.h"
#include "js_prelude.h"
#include "js_prelude_bc.h"

#define PRELUDE_NAME  "[sbx]"
#define NODELIB_NAME  "[sbx:node]"
#define BUILTINS_NAME "[sbx:builtins]"

static void write_sink(void *arg, const char *p, size_t n)
{
	/* EPIPE: the parent stopped reading (output cap); it is killing us. */
	(void)write_all(*(int *)arg, p, n);
}

/* N.write(fd, string): the code's output, unbuffered. */
static duk_ret_t native_write(duk_context *ctx)
{
	int fd = duk_require_int(ctx, 0);
	duk_size_t len;
	const char *s = duk_to_lstring(ctx, 1, &len);
	if (fd != 1 && fd != 2)
		return duk_error(ctx, DUK_ERR_RANGE_ERROR, "bad fd");
	if (engine_duktape_kernel_muted())
		return 0; /* a session's replay: its output went out the first time */
	/* Written as node writes it: UTF-8, not Duktape's CESU-8. */
	duktape_text_utf8(s, len, write_sink, &fd);
	return 0;
}

/* N.result(json, stub, n): one rich result as display() makes it, sent at
 * once on the report fd as a frame (sandbox/report_frames.h); the report
 * at the end still holds them all. A session's kernel sends them to its
 * daemon. n is the data's length: past twice the output limit in all,
 * only the stub (the item without its data) goes, so that the frames of a
 * huge display never cost the run more than its report does. */
static uint64_t results_sent; /* data sent so far (this execution's) */

void engine_duktape_results_reset(void)
{
	results_sent = 0;
}

static duk_ret_t native_result(duk_context *ctx)
{
	duk_size_t len;
	const char *s = duk_require_lstring(ctx, 0, &len);
	double n = duk_require_number(ctx, 2);
	uint64_t max = engine_duktape_result_max();
	if (n < 0 || results_sent + (uint64_t)n > 2 * max)
		s = duk_require_lstring(ctx, 1, &len);
	else
		results_sent += (uint64_t)n;
	if (engine_duktape_in_kernel()) {
		engine_duktape_kernel_result(s, len);
		return 0;
	}
	int fd = SANDBOX_REPORT_FD;
	(void)write_all(fd, "\x1e", 1);
	duktape_text_utf8(s, len, write_sink, &fd);
	(void)write_all(fd, "\n", 1);
	return 0;
}

static duk_ret_t native_now(duk_context *ctx)
{
	duk_push_number(ctx, (double)engine_duktape_mono_ns() / 1e6);
	return 1;
}

/* N.sleepUntil(ms): the event loop really waits. A timer due after the
 * deadline means the run times out at the deadline. */
static duk_ret_t native_sleep_until(duk_context *ctx)
{
	double ms = duk_require_number(ctx, 0);
	uint64_t target = ms <= 0 ? 0 : ms >= 1.8e13 ? UINT64_MAX : (uint64_t)(ms * 1e6);
	bool late = engine_duktape_child_deadline_ns && target >= engine_duktape_child_deadline_ns;
	struct timespec ts;

	if (late)
		target = engine_duktape_child_deadline_ns;
	ts.tv_sec = (time_t)(target / 1000000000u);
	ts.tv_nsec = (long)(target % 1000000000u);
	/* A session's execution being interrupted: throw now, not after the
	 * interrupt counter's next quarter million instructions (a 1 ms
	 * setInterval would take minutes to get there). */
	while (!engine_duktape_kernel_stopping() &&
	       clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
		;
	if (engine_duktape_kernel_stopping())
		return duk_error(ctx, DUK_ERR_RANGE_ERROR, "execution interrupted");
	if (late)
		engine_duktape_exit_status("timeout", EXIT_TIMEOUT);
	return 0;
}

/* N.loadLib(): node's library (src/engine/js/nodelib/: core modules for
 * require(), console.table, toLocaleString, Intl), loaded on first use so
 * that a run that needs none of it does not pay for it. Returns the
 * library's function; the prelude calls it once and keeps the result. */
static duk_ret_t native_load_lib(duk_context *ctx)
{
	if (JS_NODELIB_BC_LEN > 0) {
		void *p = duk_push_fixed_buffer(ctx, JS_NODELIB_BC_LEN);
		memcpy(p, js_nodelib_bc, JS_NODELIB_BC_LEN);
		duk_load_function(ctx);
	} else {
		duk_push_lstring(ctx, js_nodelib, sizeof(js_nodelib) - 1);
		duk_push_string(ctx, NODELIB_NAME);
		duk_compile(ctx, DUK_COMPILE_EVAL);
	}
	duk_call(ctx, 0); /* evaluates to the library's function */
	return 1;
}

/* N.runtime(mask): installs runtime library groups (JS_RT_*) the scanner
 * did not ask for, when node's library needs them (util.promisify needs
 * Promise). */
static duk_ret_t native_runtime(duk_context *ctx)
{
	duk_uint_t mask = duk_require_uint(ctx, 0);
	if (duk_get_global_string(ctx, "__sbx_runtime") && duk_is_function(ctx, -1)) {
		duk_push_uint(ctx, mask);
		duk_push_string(ctx, DUK_HIDDEN_SYMBOL("sbx"));
		duk_call(ctx, 2);
		return 0;
	}
	duk_pop(ctx);
	/* all of core-js for what is asked of the Array or String group */
	if (js_runtime_install(ctx, mask, JS_CJ_ALL) != 0)
		return duk_throw(ctx);
	return 0;
}

/* N.lineText(n): line n of the code as it runs (lowered or not) → that
 * line of the user's source, or undefined. assert.ok() quotes the call
 * that failed, as node does. */
static duk_ret_t native_line_text(duk_context *ctx)
{
	double n = duk_require_number(ctx, 0);
	const char *code, *end, *p;
	unsigned line;

	if (!engine_duktape_child_job || !(n >= 1 && n < 1e9))
		return 0;
	line = (unsigned)n;
	if (engine_duktape_child_job->lower.lines)
		line = js_lower_map_line(&engine_duktape_child_job->lower, line);
	code = engine_duktape_child_job->source ? engine_duktape_child_job->source
						: engine_duktape_child_job->req->code;
	end = code + (engine_duktape_child_job->source ? engine_duktape_child_job->source_len
						       : engine_duktape_child_job->req->code_len);
	for (p = code; line > 1 && p < end; p++)
		if (*p == '\n')
			line--;
	if (line != 1 || p >= end)
		return 0;
	const char *e = memchr(p, '\n', (size_t)(end - p));
	duk_push_lstring(ctx, p, (size_t)((e ? e : end) - p));
	return 1;
}

/* N.exit(code): the prelude's process.exit(), after its 'exit' handlers. */
static duk_ret_t native_exit(duk_context *ctx)
{
	int code = duk_require_int(ctx, 0) & 255;
	/* In a session's kernel the execution ends, not the kernel. */
	if (engine_duktape_kernel_exit(code))
		return duk_error(ctx, DUK_ERR_ERROR, "process.exit(%d)", code);
	engine_duktape_exit(code);
}

/* The built-ins of src/engine/js/builtins/ (what Duktape lacks or gets wrong of
 * ES2015-ES2022: JSON.stringify, Error's cause, function names), after
 * the prelude, whose functions they name, and before the code. */
static void load_builtins(duk_context *ctx)
{
	if (JS_BUILTINS_BC_LEN > 0) {
		void *p = duk_push_fixed_buffer(ctx, JS_BUILTINS_BC_LEN);
		memcpy(p, js_builtins_bc, JS_BUILTINS_BC_LEN);
		duk_load_function(ctx);
	} else {
		duk_push_lstring(ctx, js_builtins, sizeof(js_builtins) - 1);
		duk_push_string(ctx, BUILTINS_NAME);
		if (duk_pcompile(ctx, DUK_COMPILE_EVAL) != 0)
			engine_duktape_report_error(ctx);
	}
	if (duk_pcall(ctx, 0) != 0) /* evaluates to the function */
		engine_duktape_report_error(ctx);
	duk_push_global_object(ctx);
	duk_push_string(ctx, DUK_HIDDEN_SYMBOL("sbx"));
	if (duk_pcall(ctx, 2) != 0)
		engine_duktape_report_error(ctx);
	duk_pop(ctx);
}

void engine_duktape_load_prelude(duk_context *ctx, const char *filename)
{
	/* Bytecode made at build time by our own Duktape build (never from
	 * outside: Duktape does not validate bytecode) loads in ~0.05 ms;
	 * compiling the source costs ~1.8 ms per run. */
	if (JS_PRELUDE_BC_LEN > 0) {
		void *p = duk_push_fixed_buffer(ctx, JS_PRELUDE_BC_LEN);
		memcpy(p, js_prelude_bc, JS_PRELUDE_BC_LEN);
		duk_load_function(ctx);
	} else {
		duk_push_lstring(ctx, js_prelude, sizeof(js_prelude) - 1);
		duk_push_string(ctx, PRELUDE_NAME);
		if (duk_pcompile(ctx, DUK_COMPILE_EVAL) != 0)
			engine_duktape_report_error(ctx); /* a bug in sbx; the record says where */
	}
	if (duk_pcall(ctx, 0) != 0) /* evaluates to the prelude function */
		engine_duktape_report_error(ctx);
	duk_idx_t n = duk_push_object(ctx);
	duk_push_c_function(ctx, native_write, 2);
	duk_put_prop_string(ctx, n, "write");
	duk_push_c_function(ctx, native_result, 3);
	duk_put_prop_string(ctx, n, "result");
	duk_push_c_function(ctx, native_now, 0);
	duk_put_prop_string(ctx, n, "now");
	duk_push_c_function(ctx, native_sleep_until, 1);
	duk_put_prop_string(ctx, n, "sleepUntil");
	duk_push_c_function(ctx, native_load_lib, 0);
	duk_put_prop_string(ctx, n, "loadLib");
	duk_push_c_function(ctx, native_line_text, 1);
	duk_put_prop_string(ctx, n, "lineText");
	duk_push_c_function(ctx, native_runtime, 1);
	duk_put_prop_string(ctx, n, "runtime");
	duk_push_c_function(ctx, native_exit, 1);
	duk_put_prop_string(ctx, n, "exit");
	duk_push_c_function(ctx, engine_duktape_native_module_source, 1);
	duk_put_prop_string(ctx, n, "moduleSource");
	duk_push_string(ctx, filename);
	duk_put_prop_string(ctx, n, "file");
	/* the runtime library's state key (js/lower_runtime.c): inspect reads Map,
	 * Set and Promise state under it */
	duk_push_string(ctx, DUK_HIDDEN_SYMBOL("sbx"));
	duk_put_prop_string(ctx, n, "hidden");
	if (duk_pcall(ctx, 1) != 0)
		engine_duktape_report_error(ctx);
	/* The hooks live in the heap stash, which script code cannot reach. */
	duk_push_heap_stash(ctx);
	duk_insert(ctx, -2);
	duk_put_prop_string(ctx, -2, "sbx");
	duk_pop(ctx);
	engine_duktape_install_math(ctx);
	load_builtins(ctx);
}

/* Nothing of the host may be reachable, and no global node lacks may be
 * visible (a program that would fail under node must not run here). Duktape
 * 2.x has no module loader built in (require, module, exports and process
 * are the prelude's: node's pure core modules and a process object without
 * the host); the Duktape object is engine introspection (act, info, fin,
 * gc, errCreate hooks) that user code has no need for, and CBOR is Duktape's
 * own codec, which node does not have. */
void engine_duktape_harden_globals(duk_context *ctx)
{
	static const char *const drop[] = {"Duktape", "CBOR"};
	size_t i;
	duk_push_global_object(ctx);
	for (i = 0; i < sizeof(drop) / sizeof(drop[0]); i++)
		duk_del_prop_string(ctx, -1, drop[i]);
	duk_pop(ctx);
}

/* node's enumerable globals, in node's order (node 20): Object.keys(globalThis)
 * lists these, and nothing of sbx's own (require, module, exports,
 * __filename and __dirname are a module's locals in node, console and
 * process are not enumerable). */
static const char *const node_enumerable[] = {
    "global",	   "clearImmediate", "setImmediate",   "clearInterval",	  "clearTimeout",
    "setInterval", "setTimeout",     "queueMicrotask", "structuredClone", "atob",
    "btoa",	   "performance",    "fetch",	       "crypto",
};

void engine_duktape_node_globals(duk_context *ctx)
{
	duk_idx_t g;
	duk_push_global_object(ctx);
	g = duk_get_top_index(ctx);
	duk_enum(ctx, g, DUK_ENUM_OWN_PROPERTIES_ONLY); /* a snapshot of the keys */
	while (duk_next(ctx, -1, 0))
		duk_def_prop(ctx, g, DUK_DEFPROP_CLEAR_ENUMERABLE);
	duk_pop(ctx);
	/* deleted and defined again: enumerable, after the others, in order */
	for (size_t i = 0; i < sizeof(node_enumerable) / sizeof(node_enumerable[0]); i++) {
		if (!duk_has_prop_string(ctx, g, node_enumerable[i]))
			continue;
		duk_push_string(ctx, node_enumerable[i]);
		duk_get_prop_string(ctx, g, node_enumerable[i]);
		duk_del_prop_string(ctx, g, node_enumerable[i]);
		duk_def_prop(ctx, g,
			     DUK_DEFPROP_HAVE_VALUE | DUK_DEFPROP_SET_WRITABLE |
				 DUK_DEFPROP_SET_ENUMERABLE | DUK_DEFPROP_SET_CONFIGURABLE);
	}
	duk_pop(ctx);
}

void engine_duktape_set_inputs(duk_context *ctx, const char *json)
{
	duk_push_global_object(ctx);
	duk_push_string(ctx, json ? json : "{}");
	duk_json_decode(ctx, -1);
	duk_put_prop_string(ctx, -2, "inputs");
	duk_pop(ctx);
}
