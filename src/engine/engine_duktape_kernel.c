/* engine_duktape_kernel — a JavaScript or TypeScript session's kernel: one
 * Duktape heap, under the one-shot run's allow-list plus read and write on
 * fd 0 (PROFILE_EMBEDDED_KERNEL) and its memory cap, that runs execution
 * after execution in the same global object.
 *
 * Each execution is lowered as `sbx run` lowers it (TypeScript and modern
 * JavaScript to ES5, by the transpiler inside this sandbox, whose heap is
 * loaded at the first execution that needs it and kept: js_lower_session;
 * plain ES5 JavaScript never loads it) and run as a
 * global program, so its top-level declarations persist: `var` and
 * `function` become properties of the global object, and lowering turns
 * top-level `let`, `const` and `class` into `var`s (measured: the same
 * one-line snippet costs no more in a session than the lowered code's own
 * run). A program with a top-level `return` runs as a function body, as in
 * `run`, and keeps nothing. The result and the error record are built as
 * the one-shot child builds its report.
 *
 * The protocol is sbx_kernel.py's (one JSON line each way on fd 0): in,
 * {"state", "token", "replay"} once, then {"seq", "code", "inputs"} (with
 * "env" and "args" when the execution has them: process.env's variables
 * for this execution only, `args` and process.argv[2:]); out,
 * {"ready", "restored", "unsaved"}, then {"start"}, {"done", "exit_code",
 * "report", "interrupted", "cpu_ms", "maxrss_kb"} and {"saved", "ms",
 * "bytes", "unsaved", "replay" | "note"}. Saving is replay: the daemon
 * appends each completed execution's lowered code to the session's log
 * (session_replay.c), and a new kernel runs the log with its output muted
 * before it says ready. Duktape cannot serialize closures, prototypes or
 * host objects, so a snapshot of the globals would lose most of what a
 * session holds; replay loses only what differs on a second run (clocks,
 * Math.random), which the ready frame names.
 *
 * SIGINT (the daemon's per-execution timeout) and process.exit make the
 * exec-timeout hook throw until the execution has unwound; the heap and its
 * globals stay. Calls the other engine_duktape_*.c, js/lower.h, util.
 */
#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <duktape.h>

#include "engine/engine_duktape.h"
#include "engine/engine_duktape_int.h"
#include "engine/js/lower.h"
#include "engine/js/tokenize.h"
#include "sandbox/sandbox.h"
#include "util/util.h"

#define CTL_LINE_MAX (64u << 20) /* one control line from the daemon */
#define KERNEL_FILE  "[eval]"	 /* as `sbx run -e` names the code */
#define NOT_REPLAYED "failed"	 /* a log entry: an execution that did not complete */

static bool in_kernel, muted;
static int exit_requested = -1;		/* process.exit(code) in this execution */
static struct js_transpiler transpiler; /* kept between executions (js/lower.h) */

bool engine_duktape_kernel_stopping(void)
{
	return in_kernel && (sandbox_interrupted || exit_requested >= 0);
}

bool engine_duktape_kernel_exit(int code)
{
	if (!in_kernel)
		return false;
	exit_requested = code;
	return true;
}

bool engine_duktape_in_kernel(void)
{
	return in_kernel;
}

bool engine_duktape_kernel_muted(void)
{
	return muted;
}

/* ---- the control channel (fd 0) ---- */

static struct buf pending = BUF_INIT;

static json_t *read_frame(void)
{
	for (;;) {
		char *nl = pending.len ? memchr(pending.data, '\n', pending.len) : NULL;
		if (nl) {
			size_t len = (size_t)(nl - pending.data);
			json_t *j = json_loadb(pending.data, len, 0, NULL);
			memmove(pending.data, nl + 1, pending.len - len - 1);
			pending.len -= len + 1;
			return j ? j : json_object();
		}
		char chunk[65536];
		ssize_t n = read(0, chunk, sizeof chunk);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0 || pending.len + (size_t)n > CTL_LINE_MAX)
			return NULL;
		buf_append(&pending, chunk, (size_t)n);
	}
}

static void send_frame(json_t *j)
{
	char *s = json_dumps(j, JSON_COMPACT);
	json_decref(j);
	if (!s)
		return;
	if (write_all(0, s, strlen(s)) < 0 || write_all(0, "\n", 1) < 0)
		_exit(0); /* the daemon is gone */
	free(s);
}

/* The execution in progress's seq, for its result frames; NULL between. */
static json_t *cur_seq;

static void buf_sink(void *arg, const char *p, size_t n)
{
	buf_append(arg, p, n);
}

void engine_duktape_kernel_result(const char *json, size_t len)
{
	if (!cur_seq || muted)
		return; /* a replay's results went out the first time */
	struct buf b = BUF_INIT;
	duktape_text_utf8(json, len, buf_sink, &b); /* CESU-8 to UTF-8 */
	json_t *item = json_stringn(b.data ? b.data : "", b.len);
	buf_release(&b);
	if (item)
		send_frame(json_pack("{s:O, s:o}", "result", cur_seq, "item", item));
}

/* ---- one execution ---- */

/* The error on the stack top as the report, {"error": {...}}, in the
 * user's source lines (as engine_duktape_report_error writes it). */
static void error_report(duk_context *ctx, struct duk_job *job, struct buf *rep)
{
	duk_size_t len;
	buf_reset(rep);
	buf_puts(rep, "{\"error\":");
	if (engine_duktape_call_hook(ctx, "describeError", 1) != 0 || !duk_is_string(ctx, -1)) {
		buf_puts(rep,
			 "{\"name\":\"Error\",\"message\":\"uncaught exception\",\"line\":null,"
			 "\"column\":null,\"traceback\":\"\"}}");
		return;
	}
	const char *s = duk_get_lstring(ctx, -1, &len);
	struct buf m = BUF_INIT;
	if (job->lower.lines)
		js_lower_map_error(&job->lower, job->filename, s, len, &m);
	else
		buf_append(&m, s, len);
	duktape_text_json_ascii(rep, m.data ? m.data : "{}", m.len);
	buf_release(&m);
	duk_size_t rlen = 0;
	const char *rich = engine_duktape_displayed(ctx, &rlen);
	if (rich) {
		buf_puts(rep, ",\"results\":");
		duktape_text_json_ascii(rep, rich, rlen);
	}
	duk_pop(ctx);
	buf_puts(rep, "}");
}

static bool invalid_return(duk_context *ctx)
{
	bool r = false;
	if (duk_is_error(ctx, -1) && duk_get_error_code(ctx, -1) == DUK_ERR_SYNTAX_ERROR) {
		duk_get_prop_string(ctx, -1, "message");
		r = strncmp(duk_safe_to_string(ctx, -1), "invalid return", 14) == 0;
		duk_pop(ctx);
	}
	return r;
}

/* [ ] → [ function ], as the one-shot child compiles: a global program
 * (its declarations land on the global object), else with a top-level
 * return a function body. Returns -1 with the error on the stack top. */
static int compile(duk_context *ctx, const char *code, size_t len, bool *has_result)
{
	duk_push_lstring(ctx, code, len);
	duk_push_string(ctx, KERNEL_FILE);
	if (duk_pcompile(ctx, DUK_COMPILE_SHEBANG) == 0) {
		*has_result = engine_duktape_ends_with_expression(code, len);
		return 0;
	}
	if (!invalid_return(ctx))
		return -1;
	duk_pop(ctx);
	duk_push_string(ctx, "function(){");
	duk_push_lstring(ctx, code, len);
	duk_push_string(ctx, "\n}");
	duk_concat(ctx, 3);
	duk_push_string(ctx, KERNEL_FILE);
	*has_result = true;
	return duk_pcompile(ctx, DUK_COMPILE_FUNCTION | DUK_COMPILE_SHEBANG) == 0 ? 0 : -1;
}

/* From the compiled function to [ rich results, JSON of the result ]. */
/* The execution's output limit ("results_max"): its result's bound. */
static uint64_t result_max = 1u << 20;

uint64_t engine_duktape_result_max(void)
{
	return in_kernel ? result_max : engine_duktape_child_job->req->limits.output_bytes;
}

static int run_to_result(duk_context *ctx, bool has_result)
{
	duk_push_global_object(ctx);
	if (duk_pcall_method(ctx, 0) != 0 || js_runtime_drain(ctx) != 0)
		return -1;
	if (!has_result) {
		duk_pop(ctx);
		duk_push_undefined(ctx);
	}
	if (engine_duktape_call_hook(ctx, "runLoop", 0) != 0)
		return -1;
	duk_pop(ctx);
	if (engine_duktape_call_hook(ctx, "settle", 1) != 0)
		return -1;
	if (js_runtime_unhandled(ctx)) {
		/* a reason that is no error: node's UnhandledPromiseRejection */
		(void)engine_duktape_call_hook(ctx, "rejection", 1);
		return -1;
	}
	duk_dup(ctx, -1);
	if (engine_duktape_call_hook(ctx, "richResults", 1) != 0)
		return -1;
	duk_swap_top(ctx, -2);
	duk_dup(ctx, -1);
	if (engine_duktape_call_hook(ctx, "encode", 1) != 0)
		return -1;
	engine_duktape_left_out_if_over(ctx, result_max);
	duk_remove(ctx, -2);
	return 0;
}

struct exec_result {
	int exit_code;
	bool interrupted, ok; /* ok: completed, worth replaying */
	struct buf report;    /* the report's JSON text ("" when none) */
};

/* The names the global object has (its own, enumerable or not; not
 * symbols), one per line: what earlier executions left there, top-level
 * names and the lowering's own (a tagged template's site, a renamed
 * block binding) among them. The subset lowering makes none of them again:
 * one execution's `_tpl_1` or `x_1` must not be another's. */
static void global_names(duk_context *ctx, struct buf *out)
{
	buf_reset(out);
	duk_push_global_object(ctx);
	duk_enum(ctx, -1, DUK_ENUM_OWN_PROPERTIES_ONLY | DUK_ENUM_INCLUDE_NONENUMERABLE);
	while (duk_next(ctx, -1, 0)) {
		duk_size_t n;
		const char *k = duk_get_lstring(ctx, -1, &n);
		if (k) {
			buf_append(out, k, n);
			buf_append(out, "\n", 1);
		}
		duk_pop(ctx);
	}
	duk_pop_2(ctx);
}

/* The end of what was written so far, on stdout and stderr: the daemon
 * cuts the output there (an execution's, or the replay's, which it drops). */
static void mark(const char *token)
{
	(void)write_all(1, token, strlen(token));
	(void)write_all(2, token, strlen(token));
}

/* Runs one execution's code (lowered first unless it is replayed ES5). */
static void run_exec(duk_context *ctx, struct duk_job *job, const char *code, size_t len,
		     const char *program, bool lower, struct exec_result *r)
{
	static struct buf names = BUF_INIT; /* global_names: kept, reused */
	struct request req = *job->req;	    /* the kernel's, with this code */
	req.code = (char *)code;
	req.code_len = len;
	if (program) /* a FILE's extension says what node makes of it (.mjs, .cjs) */
		req.code_origin = (char *)program;
	req.state_dir = NULL; /* no cache in here: the filter allows no open */
	r->exit_code = 0;
	r->interrupted = r->ok = false;
	buf_reset(&r->report);
	sandbox_interrupted = 0;
	exit_requested = -1;
	js_lower_release(&job->lower);
	memset(&job->lower, 0, sizeof job->lower);
	job->lower.code = code;
	job->lower.code_len = len;
	job->source = code;
	job->source_len = len;
	if (lower) {
		js_lower_prepare(&job->lower, &req);
		global_names(ctx, &names);
		job->lower.reserved = names.data;
		struct buf lerr = BUF_INIT;
		if (js_lower_session(&transpiler, &job->lower, &req, job->filename,
				     duktape_mem_alloc, duktape_mem_realloc, duktape_mem_free,
				     &engine_duktape_child_mem, &lerr) != 0) {
			buf_puts(&r->report, "{\"error\":");
			buf_append(&r->report, lerr.data ? lerr.data : "{}", lerr.len);
			buf_puts(&r->report, "}");
			buf_release(&lerr);
			r->exit_code = sandbox_interrupted ? 0 : 1;
			r->interrupted = sandbox_interrupted;
			job->source = NULL;
			return;
		}
	}
	bool has_result = false;
	int rc = compile(ctx, job->lower.code, job->lower.code_len, &has_result);
	if (rc == 0)
		rc = run_to_result(ctx, has_result);
	bool stopped = sandbox_interrupted || exit_requested >= 0;
	r->interrupted = sandbox_interrupted && exit_requested < 0;
	int exit_code = exit_requested;
	sandbox_interrupted = 0;
	exit_requested = -1;
	if (stopped) {
		if (exit_code >= 0) /* process.exit: no result, as node prints none */
			buf_puts(&r->report, "{\"result\":null}");
		r->exit_code = exit_code >= 0 ? exit_code : 0;
	} else if (rc != 0) {
		error_report(ctx, job, &r->report);
		r->exit_code = 1;
	} else {
		duk_size_t jl = 4, rl = 0;
		const char *json = duk_is_string(ctx, -1) ? duk_get_lstring(ctx, -1, &jl) : "null";
		const char *rich = duk_is_string(ctx, -2) ? duk_get_lstring(ctx, -2, &rl) : NULL;
		buf_puts(&r->report, "{\"result\":");
		duktape_text_json_ascii(&r->report, json, jl);
		if (rich) {
			buf_puts(&r->report, ",\"results\":");
			duktape_text_json_ascii(&r->report, rich, rl);
		}
		buf_puts(&r->report, "}");
		r->ok = true;
	}
	duk_set_top(ctx, 0);
	duk_push_boolean(ctx, stopped);
	if (engine_duktape_call_hook(ctx, "sessionEnd", 1) == 0 && !stopped && rc == 0)
		r->exit_code = duk_get_int(ctx, -1);
	duk_set_top(ctx, 0);
	if (r->exit_code != 0)
		r->ok = false;
	job->source = NULL; /* the code is the caller's, gone after this */
}

static double cpu_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

/* A FILE's name for one execution (the prelude's sessionProgram hook: out
 * of the code's reach); NULL gives back the kernel's own. */
static void session_program(duk_context *ctx, const char *name)
{
	if (name)
		duk_push_string(ctx, name);
	else
		duk_push_null(ctx);
	(void)engine_duktape_call_hook(ctx, "sessionProgram", 1);
	duk_pop(ctx);
}

/* The saved executions, their output muted; what did not come back is
 * named in unsaved. */
static void replay(duk_context *ctx, struct duk_job *job, json_t *log, json_t *unsaved)
{
	struct exec_result r = {.report = BUF_INIT};
	size_t i, n = 0;
	json_t *e;
	size_t failed = 0;
	muted = true;
	json_array_foreach(log, i, e)
	{
		json_t *code = json_object_get(e, "code");
		if (json_object_get(e, "note")) {
			failed++;
			continue;
		}
		if (!json_is_string(code))
			continue;
		run_exec(ctx, job, json_string_value(code), json_string_length(code), NULL, false,
			 &r);
		n++;
		if (!r.ok)
			json_array_append_new(
			    unsaved, json_sprintf("the replay of saved execution %zu failed: its "
						  "effects are missing",
						  n));
	}
	muted = false;
	if (failed)
		json_array_append_new(
		    unsaved, json_sprintf("the effects of %zu execution%s that failed or were "
					  "interrupted (only completed executions are replayed)",
					  failed, failed == 1 ? "" : "s"));
	if (n)
		json_array_append_new(
		    unsaved, json_string("values from clocks and Math.random() (state is "
					 "restored by running the saved executions again)"));
	buf_release(&r.report);
}

static void on_fatal(void *udata, const char *msg)
{
	(void)udata;
	(void)msg;
	_exit(70); /* the daemon names the kernel's end; the next exec restores */
}

_Noreturn void engine_duktape_kernel_main(void *arg)
{
	struct duk_job *job = arg;
	in_kernel = true;
	engine_duktape_child_deadline_ns = 0; /* the daemon times each execution */
	engine_duktape_child_mem.limit = job->req->limits.memory_bytes;
	engine_duktape_child_mem.exit_on_limit = true; /* the daemon restarts it */
	engine_duktape_child_mem.reclaim = js_transpiler_reclaim;
	engine_duktape_child_mem.reclaim_arg = &transpiler;
	engine_duktape_child_job = job;
	json_t *hello = read_frame();
	const char *token = json_string_value(json_object_get(hello, "token"));
	if (!token)
		_exit(0);
	duk_context *ctx = duk_create_heap(duktape_mem_alloc, duktape_mem_realloc, duktape_mem_free,
					   &engine_duktape_child_mem, on_fatal);
	if (!ctx)
		engine_duktape_exit_status("memory_limit", EXIT_MEMORY_LIMIT);
	engine_duktape_load_prelude(ctx, job->filename);
	engine_duktape_harden_globals(ctx);
	engine_duktape_set_inputs(ctx, NULL);
	engine_duktape_set_process(ctx, job->req, job->filename);
	engine_duktape_node_globals(ctx);
	/* Every group: a later execution may use what the first did not. */
	if (js_runtime_install(ctx, JS_RT_ALL, JS_CJ_ALL) != 0)
		_exit(70);
	json_t *log = json_object_get(hello, "replay"), *unsaved = json_array();
	/* The workspace's modules the saved executions required (a file
	 * another language wrote), as they are now. */
	engine_duktape_modules_from_json(job, json_object_get(hello, "modules"));
	replay(ctx, job, log, unsaved);
	engine_duktape_modules_release(job);
	mark(token); /* the replay's output ends here: the daemon drops it, unseen */
	send_frame(json_pack("{s:b, s:b, s:O}", "ready", 1, "restored", json_is_array(log),
			     "unsaved", unsaved));
	struct exec_result r = {.report = BUF_INIT};
	for (;;) {
		json_t *req = read_frame();
		if (!req)
			_exit(0);
		json_t *seq = json_object_get(req, "seq");
		send_frame(json_pack("{s:O}", "start", seq));
		char *inputs = json_dumps(json_object_get(req, "inputs"), JSON_COMPACT);
		engine_duktape_session_inputs(ctx, inputs);
		free(inputs);
		json_t *code = json_object_get(req, "code");
		json_t *args = json_object_get(req, "args");
		json_t *max = json_object_get(req, "results_max");
		if (json_is_integer(max) && json_integer_value(max) > 0)
			result_max = (uint64_t)json_integer_value(max);
		json_t *old_env = engine_duktape_session_env(ctx, json_object_get(req, "env"));
		if (args)
			engine_duktape_session_args(ctx, args);
		const char *program =
		    json_string_value(json_object_get(json_object_get(req, "program"), "base"));
		if (program)
			session_program(ctx, program);
		/* the execution's --file modules (session_files.c), not the last one's */
		engine_duktape_modules_from_json(job, json_object_get(req, "modules"));
		double c0 = cpu_ms();
		cur_seq = seq;
		engine_duktape_results_reset();
		run_exec(ctx, job, json_string_value(code) ?: "", json_string_length(code), program,
			 true, &r);
		cur_seq = NULL;
		double c1 = cpu_ms();
		if (program)
			session_program(ctx, NULL);
		json_decref(engine_duktape_session_env(ctx, old_env));
		json_decref(old_env);
		if (args)
			engine_duktape_session_args(ctx, NULL);
		mark(token);
		json_t *rep = json_array();
		if (r.report.len)
			json_array_append_new(rep, json_stringn(r.report.data, r.report.len));
		send_frame(json_pack("{s:O, s:i, s:o, s:b, s:f, s:I}", "done", seq, "exit_code",
				     r.exit_code, "report", rep, "interrupted", r.interrupted,
				     "cpu_ms", c1 - c0, "maxrss_kb",
				     (json_int_t)((engine_duktape_child_mem.peak + 1023) / 1024)));
		/* The save: this execution's lowered code, or why it is not there. */
		json_t *saved = json_pack("{s:O, s:f, s:I, s:[]}", "saved", seq, "ms", 0.0, "bytes",
					  (json_int_t)(r.ok ? job->lower.code_len : 0), "unsaved");
		if (r.ok)
			json_object_set_new(saved, "replay",
					    json_stringn(job->lower.code, job->lower.code_len));
		else
			json_object_set_new(saved, "note", json_string(NOT_REPLAYED));
		if (!json_object_get(saved, "replay") && !json_object_get(saved, "note"))
			json_object_set_new(saved, "note",
					    json_string(NOT_REPLAYED)); /* not UTF-8 */
		send_frame(saved);
		engine_duktape_modules_release(job); /* their names are req's */
		json_decref(req);
	}
}

/* ---- the parent's side ---- */

/* As engine_duktape.c's: the address space beyond the heap cap. */
#define KERNEL_AS_MARGIN (64ull << 20)

int engine_duktape_kernel_run(struct request *req, struct outcome *out,
			      const struct output_sink *sink, const struct kernel_start *ks)
{
	struct duk_job job = {req, NULL, KERNEL_FILE, {0}};
	struct sandbox_plan plan = {
	    .profile = PROFILE_EMBEDDED_KERNEL,
	    .child_main = engine_duktape_kernel_main,
	    .child_arg = &job,
	    .stdin_fd = ks->ctl_fd,
	    .rlimit_as = req->limits.memory_bytes + req->limits.memory_bytes / 2 + KERNEL_AS_MARGIN,
	    .stream_only = true,
	    .on_start = ks->on_start,
	    .on_start_ctx = ks->ctx,
	    .cgroup_parent = ks->cgroup_parent,
	};
	return sandbox_run(req, &plan, out, sink);
}
