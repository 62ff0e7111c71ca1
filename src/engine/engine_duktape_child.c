/* engine_duktape_child — the sandboxed child from heap to report: its
 * state (heap, deadline, job), the exits with a status, the report on the
 * report fd, compiling the user's code and running it to a result. Calls
 * the other engine_duktape_*.c, js/lower.h and util; the sandbox only for
 * the report fd's number. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <duktape.h>

#include "engine/duktape/duktape_mem.h"
#include "engine/duktape/duktape_report.h"
#include "engine/duktape/duktape_text.h"
#include "engine/engine_duktape.h"
#include "engine/engine_duktape_int.h"
#include "engine/js/lower.h"
#include "sandbox/sandbox.h"
#include "util/util.h"

/* Child state: one heap per process, read by the exec-timeout hook. */
struct duktape_mem engine_duktape_child_mem;
uint64_t engine_duktape_child_deadline_ns; /* CLOCK_MONOTONIC; 0: no deadline */
struct duk_job *engine_duktape_child_job; /* issue #4: line maps and the lowered code for reports */

uint64_t engine_duktape_mono_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint64_t peak_kb(const struct duktape_mem *m)
{
	return duktape_mem_peak_kb(m);
}

_Noreturn void engine_duktape_exit_status(const char *status, int code)
{
	duktape_report_exit(&engine_duktape_child_mem, status, code);
}

/* Called by Duktape's interrupt counter (DUK_USE_EXEC_TIMEOUT_CHECK, see
 * build-aux/duk-config.sh). Past the deadline the child reports the timeout
 * and exits here rather than returning true: a RangeError could be caught
 * and retried forever by `for(;;) try { for(;;); } catch (e) {}`. The
 * parent's SIGKILL at its own deadline remains the guarantee. */
duk_bool_t sbx_duk_exec_timeout(void *udata)
{
	(void)udata;
	if (engine_duktape_kernel_stopping())
		return 1; /* a session's execution interrupted: a RangeError, again and again */
	if (engine_duktape_child_deadline_ns &&
	    engine_duktape_mono_ns() >= engine_duktape_child_deadline_ns)
		engine_duktape_exit_status("timeout", EXIT_TIMEOUT);
	return 0;
}

static void on_fatal(void *udata, const char *msg)
{
	struct buf b = BUF_INIT;
	(void)udata;
	buf_puts(&b, "{\"error\":{\"name\":\"InternalError\",\"message\":\"Duktape fatal error: ");
	for (; msg && *msg && b.len < 400; msg++) {
		if (*msg == '"' || *msg == '\\' || (unsigned char)*msg < 0x20 ||
		    (unsigned char)*msg > 0x7e)
			buf_append(&b, "?", 1);
		else
			buf_append(&b, msg, 1);
	}
	buf_printf(&b, "\"},\"memory_peak_kb\":%llu}",
		   (unsigned long long)peak_kb(&engine_duktape_child_mem));
	(void)write_all(SANDBOX_REPORT_FD, b.data, b.len);
	_exit(70);
}

/* Writes {"KEY": <JSON text>, "results": <JSON text>, ...} and exits
 * (results: the prelude's richResults, or NULL). */
static _Noreturn void report_results_and_exit(const char *key, const char *json, size_t len,
					      const char *results, size_t rlen, int code)
{
	struct buf b = BUF_INIT;
	buf_printf(&b, "{\"%s\":", key);
	duktape_text_json_ascii(&b, json, len);
	if (results) {
		buf_puts(&b, ",\"results\":");
		duktape_text_json_ascii(&b, results, rlen);
	}
	if (engine_duktape_child_job) /* issue #4: lowered code goes to the parent's cache */
		js_lower_report_extra(&engine_duktape_child_job->lower, &b);
	buf_printf(&b, ",\"memory_peak_kb\":%llu}",
		   (unsigned long long)peak_kb(&engine_duktape_child_mem));
	(void)write_all(SANDBOX_REPORT_FD, b.data, b.len);
	_exit(code);
}

void engine_duktape_left_out_if_over(duk_context *ctx, uint64_t max)
{
	duk_size_t len = 0;
	if (!duk_is_string(ctx, -1) || (duk_get_lstring(ctx, -1, &len), len <= max))
		return;
	struct buf b = BUF_INIT;
	duk_size_t rlen = 0;
	const char *rich = duk_is_string(ctx, -3) ? duk_get_lstring(ctx, -3, &rlen) : NULL;
	buf_puts(&b, "[");
	if (rich && rlen > 2) {
		buf_append(&b, rich + 1, rlen - 2);
		buf_puts(&b, ",");
	}
	duk_dup(ctx, -2);
	if (duk_is_string(ctx, -1)) /* inspect() walks every character: the head only */
		duk_substring(ctx, -1, 0, 16u << 10);
	if (engine_duktape_call_hook(ctx, "inspect", 1) == 0 && duk_is_string(ctx, -1)) {
		duk_size_t tlen = 0;
		const char *t = duk_get_lstring(ctx, -1, &tlen);
		size_t cut = tlen > (64u << 10) ? (64u << 10) : tlen;
		while (cut < tlen && cut > 0 && ((unsigned char)t[cut] & 0xc0) == 0x80)
			cut--; /* not inside a UTF-8 sequence */
		duk_push_lstring(ctx, t, cut);
		buf_puts(&b, "{\"mime\":\"text/plain\",\"data\":");
		buf_puts(&b, duk_json_encode(ctx, -1));
		buf_puts(&b, "},");
		duk_pop(ctx);
	}
	duk_pop(ctx);
	buf_printf(&b,
		   "{\"mime\":\"application/json\",\"data\":\"\",\"truncated\":true,"
		   "\"bytes\":%llu}]",
		   (unsigned long long)len);
	duk_push_lstring(ctx, b.data, b.len);
	duk_replace(ctx, -4);
	duk_pop(ctx);
	duk_push_string(ctx, "null");
	buf_release(&b);
}

/* Writes {"KEY": <JSON text of the value on the stack top>, ...} and exits. */
static _Noreturn void report_and_exit(const char *key, const char *json, size_t len, int code)
{
	report_results_and_exit(key, json, len, NULL, 0, code);
}

/* process.exit(code) (the prelude's, after its 'exit' handlers, and
 * engine_duktape_process.c's): the run ends with that status and no
 * result (node prints nothing more). */
_Noreturn void engine_duktape_exit(int code)
{
	report_and_exit("result", "null", 4, code);
}

int engine_duktape_call_hook(duk_context *ctx, const char *name, int nargs)
{
	/* [... args] → [... result-or-error] */
	duk_push_heap_stash(ctx);
	duk_get_prop_string(ctx, -1, "sbx");
	duk_get_prop_string(ctx, -1, name);
	duk_remove(ctx, -2);
	duk_remove(ctx, -2);
	duk_insert(ctx, -1 - nargs);
	return duk_pcall(ctx, nargs);
}

/* The error on the stack top becomes the report's error record. */
_Noreturn void engine_duktape_report_error(duk_context *ctx)
{
	duk_size_t len;
	const char *s;
	if (engine_duktape_call_hook(ctx, "describeError", 1) != DUK_EXEC_SUCCESS ||
	    !duk_is_string(ctx, -1)) {
		static const char fallback[] =
		    "{\"name\":\"Error\",\"message\":\"uncaught exception\",\"line\":null,"
		    "\"column\":null,\"traceback\":\"\"}";
		report_and_exit("error", fallback, sizeof(fallback) - 1, 1);
	}
	s = duk_get_lstring(ctx, -1, &len);
	duk_size_t rlen = 0;
	const char *rich = engine_duktape_displayed(ctx, &rlen);
	if (engine_duktape_child_job && engine_duktape_child_job->lower.lines) {
		/* issue #4: lines of lowered code → lines of the user's source */
		struct buf m = BUF_INIT;
		js_lower_map_error(&engine_duktape_child_job->lower,
				   engine_duktape_child_job->filename, s, len, &m);
		report_results_and_exit("error", m.data, m.len, rich, rlen, 1);
	}
	report_results_and_exit("error", s, len, rich, rlen, 1);
}

const char *engine_duktape_displayed(duk_context *ctx, duk_size_t *len)
{
	duk_push_undefined(ctx);
	if (engine_duktape_call_hook(ctx, "richResults", 1) == 0 && duk_is_string(ctx, -1))
		return duk_get_lstring(ctx, -1, len);
	return NULL; /* the value (or the hook's error) stays on the stack */
}

static bool is_invalid_return(duk_context *ctx)
{
	bool r = false;
	if (duk_is_error(ctx, -1) && duk_get_error_code(ctx, -1) == DUK_ERR_SYNTAX_ERROR) {
		duk_get_prop_string(ctx, -1, "message");
		r = strncmp(duk_safe_to_string(ctx, -1), "invalid return", 14) == 0;
		duk_pop(ctx);
	}
	return r;
}

/* Compiles the user's code: [ ] → [ function ]; reports a syntax error.
 * Returns whether the function's return value is the result: for a program,
 * when it ends with an expression statement; with a top-level return, always. */
static bool compile_code(duk_context *ctx, const struct request *req, const char *filename)
{
	/* issue #4: the lowered code when there is any (js/lower.h) */
	const char *code =
	    engine_duktape_child_job ? engine_duktape_child_job->lower.code : req->code;
	size_t code_len =
	    engine_duktape_child_job ? engine_duktape_child_job->lower.code_len : req->code_len;

	duk_push_lstring(ctx, code, code_len);
	duk_push_string(ctx, filename);
	if (duk_pcompile(ctx, DUK_COMPILE_SHEBANG) == 0)
		return engine_duktape_ends_with_expression(code, code_len);
	if (!is_invalid_return(ctx))
		engine_duktape_report_error(ctx);
	duk_pop(ctx);
	duk_push_string(ctx, "function(){");
	duk_push_lstring(ctx, code, code_len);
	duk_push_string(ctx, "\n}");
	duk_concat(ctx, 3);
	duk_push_string(ctx, filename);
	if (duk_pcompile(ctx, DUK_COMPILE_FUNCTION | DUK_COMPILE_SHEBANG) != 0)
		engine_duktape_report_error(ctx);
	return true;
}

_Noreturn void engine_duktape_child_main(void *arg)
{
	struct duk_job *job = arg;
	struct request *req = job->req;
	duk_context *ctx;
	duk_size_t len;
	const char *json;
	bool has_result;
	int code;

	engine_duktape_child_deadline_ns =
	    engine_duktape_mono_ns() + req->limits.timeout_ms * 1000000u;
	engine_duktape_child_mem.limit = req->limits.memory_bytes;
	engine_duktape_child_mem.exit_on_limit = true;
	engine_duktape_child_job = job;

	/* issue #4: TypeScript / modern JavaScript is lowered to ES5 first, in
	 * a heap of its own under the same limits (js/lower.h). */
	{
		struct buf lerr = BUF_INIT;
		if (js_lower_child(&job->lower, req, job->filename, duktape_mem_alloc,
				   duktape_mem_realloc, duktape_mem_free, &engine_duktape_child_mem,
				   &lerr) != 0)
			report_and_exit("error", lerr.data, lerr.len, 1);
	}

	duktape_mem_use_region(); /* fewer page faults: engine_duktape_mem.c */
	ctx = duk_create_heap(duktape_mem_alloc, duktape_mem_realloc, duktape_mem_free,
			      &engine_duktape_child_mem, on_fatal);
	if (!ctx)
		engine_duktape_exit_status("memory_limit", EXIT_MEMORY_LIMIT);
	engine_duktape_load_prelude(ctx, job->filename);
	engine_duktape_harden_globals(ctx);
	engine_duktape_set_inputs(ctx, job->inputs_json);
	engine_duktape_set_process(ctx, req, job->filename);
	engine_duktape_node_globals(ctx);
	/* issue #4: Map/Set/Promise/... only when the code uses them */
	if (js_runtime_install(ctx, job->lower.runtime, job->lower.corejs) != 0)
		engine_duktape_report_error(ctx);

	/* Lowered for node (src/lang/javascript_node.c): node parses it, not Duktape */
	if (req->build_only && req->lower_for_node)
		report_and_exit("result", "null", 4, 0);
	has_result = compile_code(ctx, req, job->filename);
	if (req->build_only) /* lowered (into the cache) and compiled: built */
		report_and_exit("result", "null", 4, 0);
	/* this = module.exports, as at the top of a CommonJS module in node
	 * (the global object if the code's setup has no module) */
	duk_get_global_string(ctx, "module");
	if (duk_is_object(ctx, -1))
		duk_get_prop_string(ctx, -1, "exports");
	else
		duk_push_undefined(ctx);
	duk_remove(ctx, -2); /* [ fn module.exports-or-undefined ] */
	if (!duk_is_object(ctx, -1)) {
		duk_pop(ctx);
		duk_push_global_object(ctx);
	}
	if (duk_pcall_method(ctx, 0) != 0)
		engine_duktape_report_error(ctx);
	if (js_runtime_drain(ctx) != 0) /* issue #4: promise jobs, as node */
		engine_duktape_report_error(ctx);
	if (!has_result) { /* `1; var x` completes with 1, but has no result */
		duk_pop(ctx);
		duk_push_undefined(ctx);
	}
	/* [ result ] → run the timers, then await a thenable result. */
	if (engine_duktape_call_hook(ctx, "runLoop", 0) != 0)
		engine_duktape_report_error(ctx);
	duk_pop(ctx);
	if (engine_duktape_call_hook(ctx, "settle", 1) != 0)
		engine_duktape_report_error(ctx);
	if (js_runtime_unhandled(ctx)) { /* issue #4: node exits on these */
		/* a reason that is no error: node's UnhandledPromiseRejection */
		(void)engine_duktape_call_hook(ctx, "rejection", 1);
		engine_duktape_report_error(ctx);
	}
	/* [ value ] → [ rich results, value ] → [ rich results, value, JSON ] */
	duk_dup(ctx, -1);
	if (engine_duktape_call_hook(ctx, "richResults", 1) != 0)
		engine_duktape_report_error(ctx);
	duk_swap_top(ctx, -2);
	duk_dup(ctx, -1);
	if (engine_duktape_call_hook(ctx, "encode", 1) != 0)
		engine_duktape_report_error(ctx);
	engine_duktape_left_out_if_over(ctx, engine_duktape_child_job->req->limits.output_bytes);
	duk_remove(ctx, -2); /* [ rich results, JSON ] */
	if (engine_duktape_call_hook(ctx, "exitCode", 0) !=
	    0) /* process.exitCode, 'exit' handlers */
		engine_duktape_report_error(ctx);
	code = duk_get_int(ctx, -1);
	duk_pop(ctx);
	if (duk_is_string(ctx, -1)) {
		json = duk_get_lstring(ctx, -1, &len);
	} else { /* undefined, a function, a symbol: null, as JSON.stringify */
		json = "null";
		len = 4;
	}
	size_t rlen = 0;
	const char *rich = duk_is_string(ctx, -2) ? duk_get_lstring(ctx, -2, &rlen) : NULL;
	report_results_and_exit("result", json, len, rich, rlen, code);
}
