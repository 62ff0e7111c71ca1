/* engine_duktape — JavaScript in an embedded Duktape heap, in a forked child
 * confined by the strict seccomp allow-list (PROFILE_EMBEDDED).
 *
 * The parent builds a sandbox plan and lets sandbox.c fork and supervise.
 * The child (run_child) creates a heap with a byte-capped allocator, loads
 * the runtime prelude (src/js/prelude.js: console, print, timers), runs the
 * user's code, drains the timer loop, awaits a thenable result and writes one
 * JSON report to SANDBOX_REPORT_FD:
 *   {"result": JSON, "memory_peak_kb": N}                      exit 0
 *   {"error": {name, message, line, column, traceback}, ...}   exit 1
 *   {"status": "memory_limit" | "timeout", "memory_peak_kb": N}
 * The child writes the code's output with write(2) as it goes, so whatever
 * was printed before a kill is kept.
 *
 * Top-level return: the code is first compiled as a global program, whose
 * completion value is the result (`1+1` gives 2). Only if that fails with
 * Duktape's "invalid return" SyntaxError is it compiled again as the body of
 * a function: "function(){" + code + "\n}". The prefix has no newline, so
 * line numbers in errors and tracebacks stay those of the user's source; the
 * price is that top-level `var`s of such programs are function-local.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <duktape.h>

#include "engine.h"
#include "engine_duktape.h"
#include "js/lower.h"
#include "progin.h"
#include "sandbox.h"
#include "util.h"

#include "js_builtins.h"
#include "js_builtins_bc.h"
#include "js_nodelib.h"
#include "js_nodelib_bc.h"
#include "js_prelude.h"
#include "js_prelude_bc.h"

/* Duktape retries a failed allocation after a mark-and-sweep this many times
 * (DUK_HEAP_ALLOC_FAIL_MARKANDSWEEP_LIMIT in duktape.c) before it throws a
 * catchable "alloc failed"; the first attempt makes one more failure. */
#define DUK_GC_RETRIES	      10
#define DUK_FAILS_PER_REQUEST (DUK_GC_RETRIES + 1)

/* Address space beyond the heap cap for the binary, its libraries, the
 * stack and malloc's per-chunk overhead; the rlimit is only a backstop. */
#define AS_MARGIN (64ull << 20)

#define PRELUDE_NAME  "[sbx]"
#define NODELIB_NAME  "[sbx:node]"
#define BUILTINS_NAME "[sbx:builtins]"

struct duk_job {
	struct request *req;
	char *inputs_json;
	const char *filename;  /* the user's source as named in tracebacks */
	struct js_lower lower; /* issue #4: lowering of modern JS/TS (js/lower.h) */
};

/* Child state: one heap per process, read by the exec-timeout hook. */
static struct engine_duktape_mem child_mem;
static uint64_t child_deadline_ns; /* CLOCK_MONOTONIC; 0: no deadline */
static struct duk_job *child_job;  /* issue #4: line maps and the lowered code for reports */

static uint64_t mono_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint64_t peak_kb(const struct engine_duktape_mem *m)
{
	return (m->peak + 1023) / 1024;
}

/* Formats an unsigned number into buf (no stdio: also used on the way out
 * of the allocator, where the heap is full). Returns the length. */
static size_t fmt_u64(char *buf, uint64_t v)
{
	char tmp[24];
	size_t n = 0, i;
	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v && n < sizeof(tmp));
	for (i = 0; i < n; i++)
		buf[i] = tmp[n - 1 - i];
	return n;
}

/* {"status":"S","memory_peak_kb":N} to the report fd, then _exit. */
static _Noreturn void exit_with_status(const char *status, int code)
{
	char msg[128];
	size_t n = 0, sl = strlen(status);
	const char *a = "{\"status\":\"", *b = "\",\"memory_peak_kb\":";
	if (sl > 64)
		sl = 64;
	memcpy(msg + n, a, strlen(a));
	n += strlen(a);
	memcpy(msg + n, status, sl);
	n += sl;
	memcpy(msg + n, b, strlen(b));
	n += strlen(b);
	n += fmt_u64(msg + n, peak_kb(&child_mem));
	msg[n++] = '}';
	(void)write_all(SANDBOX_REPORT_FD, msg, n);
	_exit(code);
}

/* ---- the capped allocator ---- */

/* Counts a failed request of `size`; true once Duktape has spent all its GC
 * retries on it. Failures are counted per request size, because the
 * emergency GC between the retries makes (and may fail) allocations of its
 * own: "consecutive failures" alone would be reset by them. */
static bool mem_note_failure(struct engine_duktape_mem *m, size_t size)
{
	unsigned i, n = sizeof(m->fails) / sizeof(m->fails[0]);
	for (i = 0; i < n; i++) {
		if (m->fails[i].count && m->fails[i].size == size)
			return ++m->fails[i].count >= DUK_FAILS_PER_REQUEST;
	}
	i = m->next_fail++ % n;
	m->fails[i].size = size;
	m->fails[i].count = 1;
	return false;
}

static void mem_note_success(struct engine_duktape_mem *m, size_t size)
{
	unsigned i, n = sizeof(m->fails) / sizeof(m->fails[0]);
	for (i = 0; i < n; i++) {
		if (m->fails[i].count && m->fails[i].size == size)
			m->fails[i].count = 0;
	}
}

static void *mem_fail(struct engine_duktape_mem *m, size_t size)
{
	/* A request larger than the whole cap can never succeed: no GC round
	 * can help, so skip Duktape's ten retries. */
	bool hopeless = (uint64_t)size + ENGINE_DUKTAPE_HEADER > m->limit;
	if (m->exit_on_limit && (hopeless || mem_note_failure(m, size)))
		exit_with_status("memory_limit", EXIT_MEMORY_LIMIT);
	return NULL;
}

void *engine_duktape_alloc(void *udata, size_t size)
{
	struct engine_duktape_mem *m = udata;
	uint64_t need = (uint64_t)size + ENGINE_DUKTAPE_HEADER;
	unsigned char *p;

	if (size == 0)
		return NULL;
	if (need > m->limit || m->cur > m->limit - need)
		return mem_fail(m, size);
	p = malloc(need);
	if (!p) /* RLIMIT_AS: the same as reaching the cap */
		return mem_fail(m, size);
	memcpy(p, &size, sizeof(size));
	m->cur += need;
	if (m->cur > m->peak)
		m->peak = m->cur;
	mem_note_success(m, size);
	return p + ENGINE_DUKTAPE_HEADER;
}

void *engine_duktape_realloc(void *udata, void *ptr, size_t size)
{
	struct engine_duktape_mem *m = udata;
	unsigned char *p, *np;
	size_t old;

	if (!ptr)
		return engine_duktape_alloc(udata, size);
	if (size == 0) {
		engine_duktape_free(udata, ptr);
		return NULL;
	}
	p = (unsigned char *)ptr - ENGINE_DUKTAPE_HEADER;
	memcpy(&old, p, sizeof(old));
	if (size > old) {
		uint64_t grow = size - old;
		if ((uint64_t)size + ENGINE_DUKTAPE_HEADER > m->limit || m->cur > m->limit - grow)
			return mem_fail(m, size);
	}
	np = realloc(p, (size_t)size + ENGINE_DUKTAPE_HEADER);
	if (!np)
		return mem_fail(m, size);
	memcpy(np, &size, sizeof(size));
	m->cur = m->cur - old + size;
	if (m->cur > m->peak)
		m->peak = m->cur;
	mem_note_success(m, size);
	return np + ENGINE_DUKTAPE_HEADER;
}

void engine_duktape_free(void *udata, void *ptr)
{
	struct engine_duktape_mem *m = udata;
	unsigned char *p;
	size_t old;

	if (!ptr)
		return;
	p = (unsigned char *)ptr - ENGINE_DUKTAPE_HEADER;
	memcpy(&old, p, sizeof(old));
	m->cur -= (uint64_t)old + ENGINE_DUKTAPE_HEADER;
	free(p);
}

/* ---- JSON as ASCII ---- */

static void put_u16(struct buf *b, unsigned cp)
{
	static const char hex[] = "0123456789abcdef";
	char e[6] = {
	    '\\',	 'u', hex[(cp >> 12) & 15], hex[(cp >> 8) & 15], hex[(cp >> 4) & 15],
	    hex[cp & 15]};
	buf_append(b, e, sizeof(e));
}

/* Decodes one sequence of Duktape's extended UTF-8 at s[*i]; -1 if invalid. */
static long next_cp(const unsigned char *s, size_t len, size_t *i)
{
	unsigned c = s[*i], n, k;
	unsigned long cp;
	if (c < 0xc0 || c >= 0xf8) {
		(*i)++;
		return -1;
	}
	n = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : 1;
	cp = c & (0x3f >> n);
	for (k = 1; k <= n; k++) {
		if (*i + k >= len || (s[*i + k] & 0xc0) != 0x80) {
			(*i)++;
			return -1;
		}
		cp = (cp << 6) | (s[*i + k] & 0x3f);
	}
	*i += n + 1;
	return (long)cp;
}

void engine_duktape_json_ascii(struct buf *b, const char *text, size_t len)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t i = 0, run = 0;

	while (i < len) {
		long cp;
		if (s[i] < 0x80) {
			i++;
			run++;
			continue;
		}
		buf_append(b, s + i - run, run);
		run = 0;
		cp = next_cp(s, len, &i);
		if (cp >= 0xd800 && cp <= 0xdbff) {
			/* A CESU-8 pair (from "\ud83d\ude00" in source) is one
			 * character; a lone half is not valid JSON text. */
			size_t j = i;
			long lo = j < len ? next_cp(s, len, &j) : -1;
			if (lo >= 0xdc00 && lo <= 0xdfff) {
				put_u16(b, (unsigned)cp);
				put_u16(b, (unsigned)lo);
				i = j;
			} else {
				put_u16(b, 0xfffd);
			}
		} else if (cp < 0 || (cp >= 0xdc00 && cp <= 0xdfff) || cp > 0x10ffff) {
			put_u16(b, 0xfffd);
		} else if (cp > 0xffff) {
			cp -= 0x10000;
			put_u16(b, 0xd800 + (unsigned)(cp >> 10));
			put_u16(b, 0xdc00 + (unsigned)(cp & 0x3ff));
		} else {
			put_u16(b, (unsigned)cp);
		}
	}
	buf_append(b, s + i - run, run);
}

/* ---- strings out as UTF-8 ---- */

/* Duktape keeps a string's UTF-16 code units in CESU-8: a character beyond
 * the BMP is two 3-byte surrogate halves, which are not UTF-8. node writes
 * a string as UTF-8 with each such pair as one 4-byte character and every
 * lone half (and, here, any byte that is not Duktape's UTF-8) as U+FFFD.
 * The output is gathered in a block on the stack (no allocation: the
 * string may be as large as the heap) and handed to sink in pieces of at
 * most its size; a string that needs no change goes out whole, as one. */
struct utf8_out {
	char data[4096];
	size_t len;
	void (*sink)(void *arg, const char *p, size_t n);
	void *arg;
};

static void utf8_put(struct utf8_out *o, const void *p, size_t n)
{
	const char *c = p;
	while (n) {
		size_t k = sizeof(o->data) - o->len;
		if (k == 0) {
			o->sink(o->arg, o->data, o->len);
			o->len = 0;
			k = sizeof(o->data);
		}
		if (k > n)
			k = n;
		memcpy(o->data + o->len, c, k);
		o->len += k;
		c += k;
		n -= k;
	}
}

/* The length of the valid sequence at s[i] that can go out as it is; 0
 * if it must be converted (a surrogate half, an invalid or truncated
 * sequence, a code point past U+10FFFF). */
static size_t utf8_ok(const unsigned char *s, size_t len, size_t i)
{
	size_t j = i;
	long cp;
	if (s[i] < 0x80)
		return 1;
	cp = next_cp(s, len, &j);
	if (cp < 0 || (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		return 0;
	return j - i;
}

void engine_duktape_utf8(const char *text, size_t len,
			 void (*sink)(void *arg, const char *p, size_t n), void *arg)
{
	const unsigned char *s = (const unsigned char *)text;
	struct utf8_out o;
	size_t i = 0, k, run;

	while (i < len && (k = utf8_ok(s, len, i)) > 0)
		i += k;
	if (i == len) { /* the common case: nothing to change */
		if (len)
			sink(arg, text, len);
		return;
	}
	o.len = 0;
	o.sink = sink;
	o.arg = arg;
	utf8_put(&o, s, i);
	while (i < len) {
		for (run = i; i < len && (k = utf8_ok(s, len, i)) > 0;)
			i += k;
		utf8_put(&o, s + run, i - run);
		if (i == len)
			break;
		size_t j = i;
		long cp = next_cp(s, len, &j), lo = -1;
		size_t after = j;
		if (cp >= 0xd800 && cp <= 0xdbff && j < len)
			lo = next_cp(s, len, &after);
		if (lo >= 0xdc00 && lo <= 0xdfff) {
			unsigned long c = 0x10000 + (((unsigned long)cp - 0xd800) << 10) +
					  ((unsigned long)lo - 0xdc00);
			unsigned char u[4] = {(unsigned char)(0xf0 | (c >> 18)),
					      (unsigned char)(0x80 | ((c >> 12) & 0x3f)),
					      (unsigned char)(0x80 | ((c >> 6) & 0x3f)),
					      (unsigned char)(0x80 | (c & 0x3f))};
			utf8_put(&o, u, sizeof(u));
			i = after;
		} else {
			utf8_put(&o, "\xef\xbf\xbd", 3); /* U+FFFD */
			i = j;
		}
	}
	if (o.len)
		sink(arg, o.data, o.len);
}

/* ---- the child ---- */

/* Called by Duktape's interrupt counter (DUK_USE_EXEC_TIMEOUT_CHECK, see
 * build-aux/duk-config.sh). Past the deadline the child reports the timeout
 * and exits here rather than returning true: a RangeError could be caught
 * and retried forever by `for(;;) try { for(;;); } catch (e) {}`. The
 * parent's SIGKILL at its own deadline remains the guarantee. */
duk_bool_t sbx_duk_exec_timeout(void *udata)
{
	(void)udata;
	if (child_deadline_ns && mono_ns() >= child_deadline_ns)
		exit_with_status("timeout", EXIT_TIMEOUT);
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
	buf_printf(&b, "\"},\"memory_peak_kb\":%llu}", (unsigned long long)peak_kb(&child_mem));
	(void)write_all(SANDBOX_REPORT_FD, b.data, b.len);
	_exit(70);
}

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
	/* Written as node writes it: UTF-8, not Duktape's CESU-8. */
	engine_duktape_utf8(s, len, write_sink, &fd);
	return 0;
}

static duk_ret_t native_now(duk_context *ctx)
{
	duk_push_number(ctx, (double)mono_ns() / 1e6);
	return 1;
}

/* N.sleepUntil(ms): the event loop really waits. A timer due after the
 * deadline means the run times out at the deadline. */
static duk_ret_t native_sleep_until(duk_context *ctx)
{
	double ms = duk_require_number(ctx, 0);
	uint64_t target = ms <= 0 ? 0 : ms >= 1.8e13 ? UINT64_MAX : (uint64_t)(ms * 1e6);
	bool late = child_deadline_ns && target >= child_deadline_ns;
	struct timespec ts;

	if (late)
		target = child_deadline_ns;
	ts.tv_sec = (time_t)(target / 1000000000u);
	ts.tv_nsec = (long)(target % 1000000000u);
	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
		;
	if (late)
		exit_with_status("timeout", EXIT_TIMEOUT);
	return 0;
}

/* N.loadLib(): node's library (src/js/nodelib/: core modules for
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
	if (js_runtime_install(ctx, mask) != 0)
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

	if (!child_job || !(n >= 1 && n < 1e9))
		return 0;
	line = (unsigned)n;
	if (child_job->lower.lines)
		line = js_lower_map_line(&child_job->lower, line);
	code = child_job->req->code;
	end = code + child_job->req->code_len;
	for (p = code; line > 1 && p < end; p++)
		if (*p == '\n')
			line--;
	if (line != 1 || p >= end)
		return 0;
	const char *e = memchr(p, '\n', (size_t)(end - p));
	duk_push_lstring(ctx, p, (size_t)((e ? e : end) - p));
	return 1;
}

/* Writes {"KEY": <JSON text of the value on the stack top>, ...} and exits. */
static _Noreturn void report_and_exit(const char *key, const char *json, size_t len, int code)
{
	struct buf b = BUF_INIT;
	buf_printf(&b, "{\"%s\":", key);
	engine_duktape_json_ascii(&b, json, len);
	if (child_job) /* issue #4: lowered code goes to the parent's cache */
		js_lower_report_extra(&child_job->lower, &b);
	buf_printf(&b, ",\"memory_peak_kb\":%llu}", (unsigned long long)peak_kb(&child_mem));
	(void)write_all(SANDBOX_REPORT_FD, b.data, b.len);
	_exit(code);
}

/* process.exit(code) (the prelude's, after its 'exit' handlers, and
 * engine_duktape_process.c's): the run ends with that status and no
 * result (node prints nothing more). */
static _Noreturn void engine_duktape_exit(int code)
{
	report_and_exit("result", "null", 4, code);
}

/* N.exit(code): the prelude's process.exit(), after its 'exit' handlers. */
static duk_ret_t native_exit(duk_context *ctx)
{
	engine_duktape_exit(duk_require_int(ctx, 0) & 255);
}

static int call_hook(duk_context *ctx, const char *name, int nargs)
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
static _Noreturn void report_error(duk_context *ctx)
{
	duk_size_t len;
	const char *s;
	if (call_hook(ctx, "describeError", 1) != DUK_EXEC_SUCCESS || !duk_is_string(ctx, -1)) {
		static const char fallback[] =
		    "{\"name\":\"Error\",\"message\":\"uncaught exception\",\"line\":null,"
		    "\"column\":null,\"traceback\":\"\"}";
		report_and_exit("error", fallback, sizeof(fallback) - 1, 1);
	}
	s = duk_get_lstring(ctx, -1, &len);
	if (child_job && child_job->lower.lines) {
		/* issue #4: lines of lowered code → lines of the user's source */
		struct buf m = BUF_INIT;
		js_lower_map_error(&child_job->lower, child_job->filename, s, len, &m);
		report_and_exit("error", m.data, m.len, 1);
	}
	report_and_exit("error", s, len, 1);
}

/* The built-ins of src/js/builtins/ (what Duktape lacks or gets wrong of
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
			report_error(ctx);
	}
	if (duk_pcall(ctx, 0) != 0) /* evaluates to the function */
		report_error(ctx);
	duk_push_global_object(ctx);
	duk_push_string(ctx, DUK_HIDDEN_SYMBOL("sbx"));
	if (duk_pcall(ctx, 2) != 0)
		report_error(ctx);
	duk_pop(ctx);
}

static void load_prelude(duk_context *ctx, const char *filename)
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
			report_error(ctx); /* a bug in sbx; the record says where */
	}
	if (duk_pcall(ctx, 0) != 0) /* evaluates to the prelude function */
		report_error(ctx);
	duk_idx_t n = duk_push_object(ctx);
	duk_push_c_function(ctx, native_write, 2);
	duk_put_prop_string(ctx, n, "write");
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
	duk_push_string(ctx, filename);
	duk_put_prop_string(ctx, n, "file");
	/* the runtime library's state key (js/lower.c): inspect reads Map,
	 * Set and Promise state under it */
	duk_push_string(ctx, DUK_HIDDEN_SYMBOL("sbx"));
	duk_put_prop_string(ctx, n, "hidden");
	if (duk_pcall(ctx, 1) != 0)
		report_error(ctx);
	/* The hooks live in the heap stash, which script code cannot reach. */
	duk_push_heap_stash(ctx);
	duk_insert(ctx, -2);
	duk_put_prop_string(ctx, -2, "sbx");
	duk_pop(ctx);
	load_builtins(ctx);
}

/* Nothing of the host may be reachable. Duktape 2.x has no module loader
 * built in (require, module, exports and process are the prelude's: node's
 * pure core modules and a process object without the host); the Duktape object is engine
 * introspection (act, info, fin, gc, errCreate hooks) that user code has no need for. */
static void harden_globals(duk_context *ctx)
{
	static const char *const drop[] = {"Duktape"};
	size_t i;
	duk_push_global_object(ctx);
	for (i = 0; i < sizeof(drop) / sizeof(drop[0]); i++)
		duk_del_prop_string(ctx, -1, drop[i]);
	duk_pop(ctx);
}

static void set_inputs(duk_context *ctx, const char *json)
{
	duk_push_global_object(ctx);
	duk_push_string(ctx, json ? json : "{}");
	duk_json_decode(ctx, -1);
	duk_put_prop_string(ctx, -2, "inputs");
	duk_pop(ctx);
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

/* ---- does the program end with an expression statement? ----
 *
 * The SPEC's result is the value of the final top-level statement only when
 * that statement is an expression statement (as in a notebook cell), but an
 * ES5 program's completion value survives later declarations and loops:
 * `1; var x = 2` completes with 1. A light scanner finds the first token of
 * the last top-level statement: statements end at a depth-0 `;`, at a `}`
 * back to depth 0 that is followed by a new line or token, and at a newline
 * where automatic semicolon insertion applies (the previous token can end a
 * statement and the next cannot continue it). Strings, comments, template
 * literals and regular expressions are skipped. */

static bool ident_char(unsigned char c)
{
	return c == '_' || c == '$' || c >= 0x80 || (c >= '0' && c <= '9') ||
	       ((c | 32) >= 'a' && (c | 32) <= 'z');
}

static bool word_in(const char *w, size_t n, const char *const *list)
{
	for (; *list; list++) {
		if (strlen(*list) == n && memcmp(*list, w, n) == 0)
			return true;
	}
	return false;
}

/* Words after which a `/` starts a regular expression. */
static const char *const regex_after_words[] = {"return", "typeof", "instanceof", "in",	   "of",
						"new",	  "delete", "void",	  "throw", "case",
						"do",	  "else",   NULL};
/* First words of statements that are not expression statements. */
static const char *const stmt_words[] = {"var",	   "let",    "const",	 "function", "class",
					 "if",	   "for",    "while",	 "do",	     "switch",
					 "try",	   "throw",  "return",	 "break",    "continue",
					 "import", "export", "debugger", "with",     NULL};

struct tok {
	size_t start, len;
	char kind; /* 'w' word/number, 's' string/template/regex, 'p' punctuator */
};

/* Scans the next token from *i; false at the end. Sets *newline if a line
 * break came before it. */
static bool next_tok(const char *s, size_t n, size_t *i, const struct tok *prev, struct tok *t,
		     bool *newline)
{
	*newline = false;
	while (*i < n) {
		unsigned char c = (unsigned char)s[*i];
		if (c == '\n') {
			*newline = true;
			(*i)++;
		} else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
			(*i)++;
		} else if (c == '/' && *i + 1 < n && s[*i + 1] == '/') {
			while (*i < n && s[*i] != '\n')
				(*i)++;
		} else if (c == '/' && *i + 1 < n && s[*i + 1] == '*') {
			*i += 2;
			while (*i + 1 < n && !(s[*i] == '*' && s[*i + 1] == '/')) {
				if (s[*i] == '\n')
					*newline = true;
				(*i)++;
			}
			*i += 2;
		} else {
			break;
		}
	}
	if (*i >= n)
		return false;
	t->start = *i;
	unsigned char c = (unsigned char)s[*i];
	bool regex_ok; /* a `/` here starts a regular expression, not a division */
	if (!prev)
		regex_ok = true;
	else if (prev->kind == 'p')
		regex_ok = prev->len == 1 && s[prev->start] != ')' && s[prev->start] != ']';
	else
		regex_ok =
		    prev->kind == 'w' && word_in(s + prev->start, prev->len, regex_after_words);
	if (ident_char(c)) {
		t->kind = 'w';
		while (*i < n && (ident_char((unsigned char)s[*i]) ||
				  (s[*i] == '.' && isdigit((unsigned char)s[t->start]))))
			(*i)++;
	} else if (c == '"' || c == '\'' || c == '`' || (c == '/' && regex_ok)) {
		bool cls = false;
		t->kind = 's';
		for ((*i)++; *i < n; (*i)++) {
			if (s[*i] == '\\') {
				(*i)++;
			} else if (c == '/' && s[*i] == '[') {
				cls = true;
			} else if (c == '/' && s[*i] == ']') {
				cls = false;
			} else if (s[*i] == (char)c && !cls) {
				(*i)++;
				break;
			} else if (s[*i] == '\n' && c != '`') {
				break;
			}
		}
		if (c == '/')
			while (*i < n && ident_char((unsigned char)s[*i]))
				(*i)++; /* flags */
	} else {
		t->kind = 'p';
		(*i)++;
		/* ++ and -- matter for ASI; other multi-char operators do not. */
		if ((c == '+' || c == '-') && *i < n && s[*i] == (char)c)
			(*i)++;
	}
	t->len = *i - t->start;
	return true;
}

static bool can_end_stmt(const char *s, const struct tok *t)
{
	char c = s[t->start];
	if (t->kind != 'p')
		return t->kind == 's' || !word_in(s + t->start, t->len, regex_after_words);
	return c == ')' || c == ']' || c == '}' || (t->len == 2 && (c == '+' || c == '-'));
}

static bool continues_expr(const char *s, const struct tok *t)
{
	static const char ops[] = ".([,?:=+-*/%<>&|^!~";
	if (t->kind == 'w')
		return word_in(s + t->start, t->len,
			       (const char *const[]){"in", "instanceof", "of", NULL});
	if (t->kind == 'p' && t->len == 2)
		return false; /* ++x on a new line starts a statement */
	return t->kind == 'p' && strchr(ops, s[t->start]) != NULL;
}

static bool ends_with_expression(const char *s, size_t n)
{
	struct tok prev = {0}, t, first = {0};
	bool have_prev = false, newline, have_first = false, start_next = true;
	int depth = 0;
	size_t i = 0;

	while (next_tok(s, n, &i, have_prev ? &prev : NULL, &t, &newline)) {
		char c = s[t.start];
		if (depth == 0 && have_prev && newline && can_end_stmt(s, &prev) &&
		    !continues_expr(s, &t))
			start_next = true;
		if (depth == 0 && start_next) {
			first = t;
			have_first = true;
			start_next = false;
		}
		if (t.kind == 'p' && (c == '(' || c == '[' || c == '{'))
			depth++;
		else if (t.kind == 'p' && (c == ')' || c == ']' || c == '}') && depth > 0)
			depth--;
		if (depth == 0 && t.kind == 'p' && c == ';')
			start_next = true;
		/* `if (a) { } b` — a block ends its statement unless an operator
		 * or `else`/`catch`/`finally`/`while` follows; checked lazily
		 * by treating the next token as a possible start. */
		if (depth == 0 && t.kind == 'p' && c == '}') {
			size_t j = i;
			struct tok nt;
			bool nl;
			if (next_tok(s, n, &j, &t, &nt, &nl) && !continues_expr(s, &nt) &&
			    !(nt.kind == 'w' &&
			      word_in(s + nt.start, nt.len,
				      (const char *const[]){"else", "catch", "finally", "while",
							    NULL})))
				start_next = true;
		}
		prev = t;
		have_prev = true;
	}
	if (!have_first)
		return false; /* no statement at all */
	if (first.kind == 'p')
		return s[first.start] != '{' && s[first.start] != ';';
	if (first.kind == 'w' && word_in(s + first.start, first.len, stmt_words))
		return false;
	/* `label: for (...)` is a labelled statement. */
	if (first.kind == 'w') {
		size_t j = first.start + first.len;
		struct tok nt;
		bool nl;
		if (next_tok(s, n, &j, &first, &nt, &nl) && nt.kind == 'p' && s[nt.start] == ':')
			return false;
	}
	return true;
}

/* Compiles the user's code: [ ] → [ function ]; reports a syntax error.
 * Returns whether the function's return value is the result: for a program,
 * when it ends with an expression statement; with a top-level return, always. */
static bool compile_code(duk_context *ctx, const struct request *req, const char *filename)
{
	/* issue #4: the lowered code when there is any (js/lower.h) */
	const char *code = child_job ? child_job->lower.code : req->code;
	size_t code_len = child_job ? child_job->lower.code_len : req->code_len;

	duk_push_lstring(ctx, code, code_len);
	duk_push_string(ctx, filename);
	if (duk_pcompile(ctx, DUK_COMPILE_SHEBANG) == 0)
		return ends_with_expression(code, code_len);
	if (!is_invalid_return(ctx))
		report_error(ctx);
	duk_pop(ctx);
	duk_push_string(ctx, "function(){");
	duk_push_lstring(ctx, code, code_len);
	duk_push_string(ctx, "\n}");
	duk_concat(ctx, 3);
	duk_push_string(ctx, filename);
	if (duk_pcompile(ctx, DUK_COMPILE_FUNCTION | DUK_COMPILE_SHEBANG) != 0)
		report_error(ctx);
	return true;
}

static _Noreturn void run_child(void *arg)
{
	struct duk_job *job = arg;
	struct request *req = job->req;
	duk_context *ctx;
	duk_size_t len;
	const char *json;
	bool has_result;
	int code;

	child_deadline_ns = mono_ns() + req->limits.timeout_ms * 1000000u;
	child_mem.limit = req->limits.memory_bytes;
	child_mem.exit_on_limit = true;
	child_job = job;

	/* issue #4: TypeScript / modern JavaScript is lowered to ES5 first, in
	 * a heap of its own under the same limits (js/lower.h). */
	{
		struct buf lerr = BUF_INIT;
		if (js_lower_child(&job->lower, req, job->filename, engine_duktape_alloc,
				   engine_duktape_realloc, engine_duktape_free, &child_mem,
				   &lerr) != 0)
			report_and_exit("error", lerr.data, lerr.len, 1);
	}

	ctx = duk_create_heap(engine_duktape_alloc, engine_duktape_realloc, engine_duktape_free,
			      &child_mem, on_fatal);
	if (!ctx)
		exit_with_status("memory_limit", EXIT_MEMORY_LIMIT);
	load_prelude(ctx, job->filename);
	harden_globals(ctx);
	set_inputs(ctx, job->inputs_json);
	engine_duktape_set_process(ctx, req, job->filename);
	/* issue #4: Map/Set/Promise/... only when the code uses them */
	if (js_runtime_install(ctx, job->lower.runtime) != 0)
		report_error(ctx);

	has_result = compile_code(ctx, req, job->filename);
	if (req->build_only) /* lowered (into the cache) and compiled: built */
		report_and_exit("result", "null", 4, 0);
	duk_push_global_object(ctx); /* this = the global object, as in a script */
	if (duk_pcall_method(ctx, 0) != 0)
		report_error(ctx);
	if (js_runtime_drain(ctx) != 0) /* issue #4: promise jobs, as node */
		report_error(ctx);
	if (!has_result) { /* `1; var x` completes with 1, but has no result */
		duk_pop(ctx);
		duk_push_undefined(ctx);
	}
	/* [ result ] → run the timers, then await a thenable result. */
	if (call_hook(ctx, "runLoop", 0) != 0)
		report_error(ctx);
	duk_pop(ctx);
	if (call_hook(ctx, "settle", 1) != 0)
		report_error(ctx);
	if (js_runtime_unhandled(ctx)) /* issue #4: node exits on these */
		report_error(ctx);
	if (call_hook(ctx, "encode", 1) != 0)
		report_error(ctx);
	if (call_hook(ctx, "exitCode", 0) != 0) /* process.exitCode, 'exit' handlers */
		report_error(ctx);
	code = duk_get_int(ctx, -1);
	duk_pop(ctx);
	if (duk_is_string(ctx, -1)) {
		json = duk_get_lstring(ctx, -1, &len);
	} else { /* undefined, a function, a symbol: null, as JSON.stringify */
		json = "null";
		len = 4;
	}
	report_and_exit("result", json, len, code);
}

static const char *source_name(const struct request *req)
{
	const char *o = req->code_origin, *slash;
	if (!o || strcmp(o, "-e") == 0)
		return "[eval]";
	if (strcmp(o, "-") == 0)
		return "[stdin]";
	slash = strrchr(o, '/');
	return slash && slash[1] ? slash + 1 : o;
}

int engine_duktape_run(struct request *req, struct outcome *out, const struct output_sink *sink)
{
	struct duk_job job = {req, NULL, source_name(req), {0}};
	struct sandbox_plan plan = {0};
	int rc;

	job.inputs_json = json_dumps(req->inputs, JSON_COMPACT | JSON_ENCODE_ANY);
	if (!job.inputs_json) {
		outcome_fail(out, STATUS_SANDBOX_ERROR, "SandboxError", "cannot encode the inputs");
		return -1;
	}
	plan.profile = PROFILE_EMBEDDED;
	plan.child_main = run_child;
	plan.child_arg = &job;
	plan.workdir = NULL;
	plan.stdin_fd = -1;
	plan.rlimit_as = req->limits.memory_bytes + req->limits.memory_bytes / 2 + AS_MARGIN;
	plan.rlimit_nproc = 0;
	if (req->stdin_path && (plan.stdin_fd = progin_open(req->stdin_path)) < 0) {
		outcome_fail(out, STATUS_SANDBOX_ERROR, "SandboxError",
			     "the --stdin input cannot be read");
		free(job.inputs_json);
		return -1;
	}
	js_lower_prepare(&job.lower, req); /* issue #4: fast path or cache */
	rc = sandbox_run(req, &plan, out, sink);
	js_lower_finish(&job.lower, req, out);
	js_lower_release(&job.lower);
	if (plan.stdin_fd >= 0)
		close(plan.stdin_fd);
	free(job.inputs_json);
	return rc;
}
