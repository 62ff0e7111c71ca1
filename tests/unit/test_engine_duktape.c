/* Unit tests: the Duktape engine's capped allocator (and its reclaim hook,
 * the transpiler arena's release), its JSON-to-ASCII
 * report encoding, and the embedded seccomp allow-list (seccomp.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>
#include <duktape.h>

#include "engine/duktape/duktape_mem.h"
#include "engine/duktape/duktape_text.h"
#include "engine/engine_duktape.h"
#include "engine/js/lower_arena.h"
#include "sandbox/seccomp.h"
#include "util/util.h"

#define H DUKTAPE_MEM_HEADER

static void test_alloc_cap(void **state)
{
	struct duktape_mem m = {0};
	void *a, *b, *c;
	(void)state;

	m.limit = 1000;
	a = duktape_mem_alloc(&m, 500);
	assert_non_null(a);
	assert_int_equal(m.cur, 500 + H);
	b = duktape_mem_alloc(&m, 1000 - (500 + H) - H); /* exactly up to the cap */
	assert_non_null(b);
	assert_int_equal(m.cur, 1000);
	c = duktape_mem_alloc(&m, 1); /* one byte beyond */
	assert_null(c);
	assert_int_equal(m.cur, 1000);
	assert_int_equal(m.peak, 1000);
	duktape_mem_free(&m, b);
	assert_int_equal(m.cur, 500 + H);
	assert_int_equal(m.peak, 1000); /* the peak stays */
	duktape_mem_free(&m, a);
	assert_int_equal(m.cur, 0);
	assert_null(duktape_mem_alloc(&m, 2000)); /* larger than the cap */
}

static void test_realloc_cap(void **state)
{
	struct duktape_mem m = {0};
	char *a, *b;
	(void)state;

	m.limit = 1000;
	a = duktape_mem_alloc(&m, 100);
	assert_non_null(a);
	memset(a, 'x', 100);
	b = duktape_mem_realloc(&m, a, 1000 - H + 1); /* one byte past the cap */
	assert_null(b);
	assert_int_equal(m.cur, 100 + H);
	assert_int_equal(a[99], 'x'); /* the old block is intact */
	b = duktape_mem_realloc(&m, a, 400);
	assert_non_null(b);
	assert_int_equal(b[99], 'x');
	assert_int_equal(m.cur, 400 + H);
	b = duktape_mem_realloc(&m, b, 10); /* shrinking always works */
	assert_non_null(b);
	assert_int_equal(m.cur, 10 + H);
	assert_int_equal(m.peak, 400 + H);
	duktape_mem_free(&m, b);
	assert_int_equal(m.cur, 0);
}

/* The reclaim hook: droppable memory (a session's kept transpiler) is
 * given back before a request would fail on the cap, and only then. */
struct droppable {
	struct duktape_mem *m;
	void *block; /* held only to be faster */
	int calls;
};

static bool drop_block(void *arg)
{
	struct droppable *d = arg;
	d->calls++;
	if (!d->block)
		return false;
	duktape_mem_free(d->m, d->block);
	d->block = NULL;
	return true;
}

static void test_reclaim(void **state)
{
	struct duktape_mem m = {0};
	struct droppable d = {&m, NULL, 0};
	void *a, *b;
	(void)state;

	m.limit = 1000;
	m.reclaim = drop_block;
	m.reclaim_arg = &d;
	d.block = duktape_mem_alloc(&m, 400);
	a = duktape_mem_alloc(&m, 300); /* fits beside it: nothing dropped */
	assert_non_null(a);
	assert_int_equal(d.calls, 0);
	assert_non_null(d.block);
	b = duktape_mem_alloc(&m, 400); /* does not: the held block goes */
	assert_non_null(b);
	assert_int_equal(d.calls, 1);
	assert_null(d.block);
	assert_int_equal(m.cur, 700 + 2 * H);
	assert_null(duktape_mem_alloc(&m, 400)); /* nothing left to drop */
	assert_int_equal(d.calls, 2);
	duktape_mem_free(&m, b);
	d.block = duktape_mem_alloc(&m, 400);
	a = duktape_mem_realloc(&m, a, 600); /* a growing block, the same */
	assert_non_null(a);
	assert_null(d.block);
	assert_int_equal(m.cur, 600 + H);
	d.block = NULL;
	assert_false(duktape_mem_charge(&m, 500)); /* and a charge */
	assert_true(duktape_mem_charge(&m, 300));
	duktape_mem_uncharge(&m, 300);
	duktape_mem_free(&m, a);
	assert_int_equal(m.cur, 0);
}

/* The transpiler's arena gives everything back at release, blocks over
 * 1 MiB (from the allocator itself) included: a session's kernel drops
 * and remakes it, and what it leaked would stay counted. */
static void test_arena_release(void **state)
{
	struct duktape_mem m = {0};
	struct lower_arena a;
	void *big, *big2, *small;
	(void)state;

	m.limit = 64u << 20;
	lower_arena_init(&a, duktape_mem_alloc, duktape_mem_realloc, duktape_mem_free, &m);
	big = lower_arena_alloc(&a, 3u << 20);
	big2 = lower_arena_alloc(&a, 2u << 20);
	small = lower_arena_alloc(&a, 100);
	assert_non_null(big);
	assert_non_null(big2);
	assert_non_null(small);
	memset(big, 1, 3u << 20);
	assert_true(a.held >= (5u << 20));
	assert_true(m.cur > a.held); /* and the headers, the chunk list */
	lower_arena_free(&a, big2);
	big = lower_arena_realloc(&a, big, 4u << 20);
	assert_non_null(big);
	lower_arena_release(&a);
	assert_int_equal(m.cur, 0);
}

/* A heap at its cap throws, stays usable, and never goes past the cap. */
static void test_heap_cap(void **state)
{
	struct duktape_mem m = {0};
	duk_context *ctx;
	(void)state;

	m.limit = 1u << 20;
	ctx = duk_create_heap(duktape_mem_alloc, duktape_mem_realloc, duktape_mem_free, &m, NULL);
	assert_non_null(ctx);
	assert_int_not_equal(duk_peval_string(ctx, "var s = 'x'; for (;;) s += s;"), 0);
	assert_true(m.peak <= m.limit);
	assert_true(m.peak > m.limit / 4);
	duk_pop(ctx);
	assert_int_equal(duk_peval_string(ctx, "s = null; 6 * 7"), 0);
	assert_int_equal(duk_get_int(ctx, -1), 42);
	duk_destroy_heap(ctx);
	assert_int_equal(m.cur, 0);
}

/* The huge-page region (duktape_mem_use_region) changes where
 * blocks live, never what the cap counts: blocks are distinct and keep
 * their bytes through reallocs that stay in place or move, freed blocks
 * are reused, and a heap that outgrows the region goes on in malloc.
 * Last: the region stays on for the rest of the process. */
static void test_region(void **state)
{
	struct duktape_mem m = {0};
	unsigned char *a[64], *b, *c;
	uint64_t want = 0;
	duk_context *ctx;
	(void)state;

#if defined(__SANITIZE_ADDRESS__)
	skip(); /* the region is off under ASan (malloc's red zones instead) */
#endif
	duktape_mem_use_region();
	m.limit = 64u << 20;
	for (int i = 0; i < 64; i++) {
		a[i] = duktape_mem_alloc(&m, (size_t)(i * 37 % 3000) + 1);
		assert_non_null(a[i]);
		memset(a[i], i, (size_t)(i * 37 % 3000) + 1);
		want += (uint64_t)(i * 37 % 3000) + 1 + H;
	}
	for (int i = 0; i < 64; i++)
		assert_int_equal(a[i][(i * 37 % 3000)], i); /* nobody wrote over it */
	b = duktape_mem_alloc(&m, 20);
	memset(b, 'b', 20);
	assert_ptr_equal(duktape_mem_realloc(&m, b, 30), b); /* same 48-byte block */
	c = duktape_mem_realloc(&m, b, 5000);		     /* moves */
	assert_non_null(c);
	assert_int_equal(c[19], 'b');
	assert_int_equal(m.cur, want + 5000 + H); /* requests and headers, as ever */
	duktape_mem_free(&m, c);
	c = duktape_mem_alloc(&m, 5000); /* the freed 8 KiB block again */
	assert_non_null(c);
	duktape_mem_free(&m, c);
	for (int i = 0; i < 64; i++)
		duktape_mem_free(&m, a[i]);
	assert_int_equal(m.cur, 0);
	b = duktape_mem_alloc(&m, 1u << 20); /* too large for the region: malloc */
	assert_non_null(b);
	memset(b, 1, 1u << 20);
	duktape_mem_free(&m, b);
	assert_int_equal(m.cur, 0);

	/* ~12 MB of live objects: well past the region's 4 MiB */
	ctx = duk_create_heap(duktape_mem_alloc, duktape_mem_realloc, duktape_mem_free, &m, NULL);
	assert_non_null(ctx);
	assert_int_equal(
	    duk_peval_string(ctx, "var o = [];"
				  "for (var i = 0; i < 100000; i++) o.push({i: i, s: 'v' + i});"
				  "var t = 0; for (i = 0; i < o.length; i++) t += o[i].i;"
				  "t + o[99999].s.length"),
	    0);
	assert_int_equal(duk_get_number(ctx, -1), 4999950000.0 + 6);
	assert_true(m.peak > (8u << 20));
	duk_destroy_heap(ctx);
	assert_int_equal(m.cur, 0);
}

static void check_ascii(const char *in, size_t len, const char *want)
{
	struct buf b = BUF_INIT;
	duktape_text_json_ascii(&b, in, len);
	assert_string_equal(buf_cstr(&b), want);
	buf_release(&b);
}

static void test_json_ascii(void **state)
{
	(void)state;
	check_ascii("\"ab\"", 4, "\"ab\"");
	check_ascii("\"\xc3\xa9\"", 4, "\"\\u00e9\"");			      /* é */
	check_ascii("\"\xf0\x9f\x98\x80\"", 6, "\"\\ud83d\\ude00\"");	      /* U+1F600 */
	check_ascii("\"\xed\xa0\xbd\xed\xb8\x80\"", 8, "\"\\ud83d\\ude00\""); /* CESU pair */
	check_ascii("\"\xed\xa0\xbd!\"", 6, "\"\\ufffd!\"");		      /* lone high half */
	check_ascii("\"\xff\"", 3, "\"\\ufffd\"");			      /* invalid byte */
	check_ascii("\"\xc3\"", 3, "\"\\ufffd\"");			      /* truncated */
}

static void collect(void *arg, const char *p, size_t n)
{
	struct buf *b = arg;
	assert_true(n > 0);
	buf_append(b, p, n);
	buf_append(b, "|", 1); /* marks where one call ends */
}

static void check_utf8(const char *in, size_t len, const char *want)
{
	struct buf b = BUF_INIT;
	duktape_text_utf8(in, len, collect, &b);
	assert_string_equal(buf_cstr(&b), want);
	buf_release(&b);
}

/* What console.log writes: UTF-8 as node writes it, not Duktape's CESU-8. */
static void test_utf8_out(void **state)
{
	(void)state;
	check_utf8("", 0, "");
	check_utf8("ab\xc3\xa9", 4, "ab\xc3\xa9|");		/* unchanged: one call */
	check_utf8("\xf0\x9f\x98\x80", 4, "\xf0\x9f\x98\x80|"); /* already UTF-8 */
	check_utf8("a\xed\xa0\xbd\xed\xb8\x80z", 8, "a\xf0\x9f\x98\x80z|"); /* CESU pair */
	check_utf8("\xed\xa0\xbd!", 4, "\xef\xbf\xbd!|");		    /* lone high half */
	check_utf8("\xed\xb8\x80", 3, "\xef\xbf\xbd|");			    /* lone low half */
	check_utf8("\xed\xa0\xbd\xed\xa0\xbd\xed\xb8\x80", 9, "\xef\xbf\xbd\xf0\x9f\x98\x80|");
	check_utf8("x\xff", 2, "x\xef\xbf\xbd|"); /* invalid byte */

	/* a long string is handed out in blocks, pairs never split */
	struct buf in = BUF_INIT, want = BUF_INIT, got = BUF_INIT;
	for (int i = 0; i < 3000; i++) {
		buf_append(&in, "\xed\xa0\xbd\xed\xb8\x80", 6);
		buf_append(&want, "\xf0\x9f\x98\x80", 4);
	}
	duktape_text_utf8(in.data, in.len, collect, &got);
	size_t n = 0, bars = 0;
	for (size_t i = 0; i < got.len; i++)
		if (got.data[i] == '|')
			bars++;
		else
			got.data[n++] = got.data[i];
	assert_int_equal(n, want.len);
	assert_memory_equal(got.data, want.data, n);
	assert_int_equal(bars, (want.len + 4095) / 4096);
	buf_release(&in);
	buf_release(&want);
	buf_release(&got);
}

/* Runs fn in a child under the embedded filter with a pipe on fd 3;
 * returns the wait status and what the child wrote to fd 3. */
static int run_filtered(void (*fn)(void), char *report, size_t cap)
{
	struct seccomp_prog prog;
	int p[2], status = 0;
	ssize_t n;
	pid_t pid;

	assert_int_equal(seccomp_build(PROFILE_EMBEDDED, &prog), 0);
	assert_true(prog.len > 0);
	assert_int_equal(pipe(p), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		if (dup2(p[1], 3) < 0 || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
		    seccomp_install(&prog, PROFILE_EMBEDDED) != 0)
			_exit(99);
		fn();
		_exit(0);
	}
	close(p[1]);
	n = read(p[0], report, cap - 1);
	report[n > 0 ? n : 0] = '\0';
	close(p[0]);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	seccomp_prog_free(&prog);
	return status;
}

static void call_getpid(void)
{
	syscall(SYS_getpid);
}

static void write_fd4(void)
{
	/* fd 4 is not the code's stdout/stderr or the report: trapped. */
	(void)!write(4, "x", 1);
}

static void allowed_calls(void)
{
	void *p = malloc(1 << 22); /* mmap'd by malloc */
	struct timespec ts = {0, 1000};
	(void)!write(3, "ok", 2);
	clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, NULL);
	free(p);
}

static void test_seccomp_traps(void **state)
{
	char report[256];
	int st;
	(void)state;
	/* valgrind does not implement seccomp(2): the filter cannot be
	 * loaded there. `make valgrind` says so; every other run tests it. */
	if (getenv("SBX_UNDER_VALGRIND"))
		skip();

	st = run_filtered(call_getpid, report, sizeof(report));
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 159);
	assert_string_equal(report, "{\"status\":\"syscall_blocked\",\"syscall_nr\":39}");

	st = run_filtered(write_fd4, report, sizeof(report));
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 159);
	assert_non_null(strstr(report, "\"syscall_nr\":1}"));

	st = run_filtered(allowed_calls, report, sizeof(report));
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 0);
	assert_string_equal(report, "ok");
}

/* The filters embedded at build time (seccomp_prebuilt.c) are the ones
 * seccomp_build() makes now, for every profile, and the runs get them. */
static void test_seccomp_prebuilt(void **state)
{
	enum sandbox_profile profiles[] = {PROFILE_EMBEDDED, PROFILE_INTERPRETER,
					   PROFILE_EMBEDDED_KERNEL};
	(void)state;

	for (size_t i = 0; i < sizeof(profiles) / sizeof(profiles[0]); i++) {
		struct seccomp_prog built, pre;
		assert_true(seccomp_prebuilt(profiles[i], &pre));
		assert_ptr_equal(seccomp_filter(profiles[i])->filter, pre.filter);
		/* valgrind has no seccomp(2), which libseccomp probes: the
		 * comparison runs in every other build (make test, SANITIZE) */
		if (getenv("SBX_UNDER_VALGRIND"))
			continue;
		assert_int_equal(seccomp_build(profiles[i], &built), 0);
		assert_int_equal(pre.len, built.len);
		assert_memory_equal(pre.filter, built.filter, built.len * sizeof(built.filter[0]));
		seccomp_prog_free(&built);
	}
}

static void test_syscall_name(void **state)
{
	char *n;
	(void)state;
	n = seccomp_syscall_name(SYS_getpid);
	assert_string_equal(n, "getpid");
	free(n);
	n = seccomp_syscall_name(99999);
	assert_string_equal(n, "syscall 99999");
	free(n);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_alloc_cap),	  cmocka_unit_test(test_realloc_cap),
	    cmocka_unit_test(test_heap_cap),	  cmocka_unit_test(test_reclaim),
	    cmocka_unit_test(test_arena_release), cmocka_unit_test(test_json_ascii),
	    cmocka_unit_test(test_utf8_out),	  cmocka_unit_test(test_seccomp_traps),
	    cmocka_unit_test(test_syscall_name),  cmocka_unit_test(test_seccomp_prebuilt),
	    cmocka_unit_test(test_region),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
