/* lowertime — bench tool (bench/lowering.sh): where the lowering of one
 * file spends its time, in the phases sbx's sandboxed child goes through
 * (src/engine/js/lower_child.c), each in a fresh Duktape heap as a cold
 * run has:
 *   load       duk_load_function() of the transpiler's bytecode (build/gen/ts.bc)
 *   init       running that program: TypeScript's module set-up
 *   transform  __sbx_lower(source): parse, emit resolver, transforms, printing
 *   again      the same transform once more in the same heap (the mean of
 *              AGAIN more): what a session's kernel pays, whose transpiler
 *              heap is kept from one execution to the next (js/lower_keep.c)
 * Each round runs in a fresh process, as a cold run does (a heap in memory
 * used before is far faster: see src/engine/js/lower_arena.c), on the
 * child's arena (lower_arena) over plain malloc, or with --malloc on
 * Duktape's default allocator. Prints the medians over RUNS rounds
 * (default 9) in ms, of the wall clock and of the process's CPU time
 * (steadier on a shared machine). Not sbx itself: no sandbox, no cap.
 *
 * With --subset, the subset lowering (build/gen/subset.bc: acorn and
 * subset.js; subset_ts.bc for a .ts file: acorn with its TypeScript
 * plugin, and subset_ts.js), tried first, instead of TypeScript's compiler.
 *
 * Usage: lowertime [--malloc] [--subset] FILE.js|FILE.ts [RUNS]
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "duktape.h"
#include "engine/js/lower_arena.h"
#include "js_lower_gen.h"

/* duktape.o calls sbx's exec-timeout hook: nothing times out here. */
duk_bool_t sbx_duk_exec_timeout(void *udata);
duk_bool_t sbx_duk_exec_timeout(void *udata)
{
	(void)udata;
	return 0;
}

static double clock_ms(clockid_t id)
{
	struct timespec t;
	clock_gettime(id, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* phases of one round: wall and CPU ms of load, init, transform */
enum { LOAD, INIT, XFORM, REPEAT, NPHASE };
#define AGAIN 5

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *d;
	long n;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0 ||
	    !(d = malloc((size_t)n + 1)) || fread(d, 1, (size_t)n, f) != (size_t)n) {
		fclose(f);
		return NULL;
	}
	fclose(f);
	*len = (size_t)n;
	return d;
}

static void *plain_alloc(void *udata, duk_size_t size)
{
	(void)udata;
	return malloc(size);
}

static void *plain_realloc(void *udata, void *ptr, duk_size_t size)
{
	(void)udata;
	return realloc(ptr, size);
}

static void plain_free(void *udata, void *ptr)
{
	(void)udata;
	free(ptr);
}

/* src lowered once by the loaded transpiler: __sbx_lower(src, isTs), or
 * __sbx_lower_subset(src, reserved, isTs), which must not fall back. */
static int lower_once(duk_context *ctx, const char *src, size_t srclen, int is_ts, int subset)
{
	duk_get_global_string(ctx, subset ? "__sbx_lower_subset" : "__sbx_lower");
	duk_push_lstring(ctx, src, srclen);
	if (subset)
		duk_push_string(ctx, "");
	duk_push_boolean(ctx, is_ts);
	if (duk_pcall(ctx, subset ? 3 : 2) != 0 || !duk_has_prop_string(ctx, -1, "code")) {
		if (duk_is_object(ctx, -1) && duk_get_prop_string(ctx, -1, "fallback"))
			fprintf(stderr, "lowertime: the subset lowering falls back: %s\n",
				duk_safe_to_string(ctx, -1));
		return -1;
	}
	return 0;
}

/* One cold lowering in this process: its phases' wall and CPU ms into t. */
static int one_round(const char *bc, size_t bclen, const char *src, size_t srclen, int is_ts,
		     int use_malloc, int subset, double t[2][NPHASE])
{
	static struct lower_arena a;
	double c[2][NPHASE + 1];
	const char *gc = getenv("LOWERTIME_GC");
	duk_context *ctx;

	c[0][0] = clock_ms(CLOCK_MONOTONIC);
	c[1][0] = clock_ms(CLOCK_PROCESS_CPUTIME_ID);
	if (use_malloc) {
		ctx = duk_create_heap_default();
	} else {
		lower_arena_init(&a, plain_alloc, plain_realloc, plain_free, NULL);
		lower_arena_use_region(&a, (size_t)64 << 20, NULL, NULL);
		ctx = duk_create_heap(lower_arena_alloc, lower_arena_realloc, lower_arena_free, &a,
				      NULL);
	}
	if (!ctx)
		return -1;
	duk_push_external_buffer(ctx);
	duk_config_buffer(ctx, -1, (void *)bc, bclen);
	duk_load_function(ctx);
	c[0][1] = clock_ms(CLOCK_MONOTONIC);
	c[1][1] = clock_ms(CLOCK_PROCESS_CPUTIME_ID);
	if (duk_pcall(ctx, 0) != 0) {
		fprintf(stderr, "lowertime: %s\n", duk_safe_to_string(ctx, -1));
		return -1;
	}
	duk_pop(ctx);
	c[0][2] = clock_ms(CLOCK_MONOTONIC);
	c[1][2] = clock_ms(CLOCK_PROCESS_CPUTIME_ID);
	if (lower_once(ctx, src, srclen, is_ts, subset) != 0)
		return -1;
	c[0][3] = clock_ms(CLOCK_MONOTONIC);
	c[1][3] = clock_ms(CLOCK_PROCESS_CPUTIME_ID);
	for (int i = 0; i < AGAIN; i++) {
		duk_set_top(ctx, 0);
		if (gc)
			duk_gc(ctx, 0);
		if (lower_once(ctx, src, srclen, is_ts, subset) != 0)
			return -1;
	}
	c[0][4] = clock_ms(CLOCK_MONOTONIC);
	c[1][4] = clock_ms(CLOCK_PROCESS_CPUTIME_ID);
	for (int k = 0; k < 2; k++) {
		for (int p = 0; p < NPHASE; p++)
			t[k][p] = c[k][p + 1] - c[k][p];
		t[k][REPEAT] /= AGAIN;
	}
	return 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int main(int argc, char **argv)
{
	size_t bclen, srclen;
	char *bc, *src;
	int use_malloc = 0, subset = 0, arg = 1;
	for (; arg < argc && argv[arg][0] == '-'; arg++) {
		if (strcmp(argv[arg], "--malloc") == 0)
			use_malloc = 1;
		else if (strcmp(argv[arg], "--subset") == 0)
			subset = 1;
		else
			break;
	}
	const char *file = arg < argc ? argv[arg] : NULL;
	int runs = argc > arg + 1 ? atoi(argv[arg + 1]) : 9;
	const char *bcpath;
	double *ms[2][NPHASE];
	int is_ts;

	if (!file || runs < 1 || runs > 1000) {
		fprintf(stderr, "usage: lowertime [--malloc] [--subset] FILE.js|FILE.ts [RUNS 1..1000]\n");
		return 2;
	}
	is_ts = strlen(file) > 3 && strcmp(file + strlen(file) - 3, ".ts") == 0;
	bcpath = !subset ? JS_LOWER_TS_BC_PATH : is_ts ? JS_LOWER_SUBSET_TS_BC_PATH : JS_LOWER_SUBSET_BC_PATH;
	bc = slurp(bcpath, &bclen);
	src = slurp(file, &srclen);
	if (!bc || !src) {
		fprintf(stderr, "lowertime: cannot read %s\n", bc ? file : bcpath);
		return 1;
	}

	for (int c = 0; c < 2; c++)
		for (int p = 0; p < NPHASE; p++)
			if (!(ms[c][p] = calloc((size_t)runs, sizeof(double))))
				return 1;
	for (int i = 0; i < runs; i++) {
		double t[2][NPHASE];
		int fds[2], status;
		pid_t pid;

		if (pipe(fds) != 0 || (pid = fork()) < 0)
			return 1;
		if (pid == 0) {
			close(fds[0]);
			if (one_round(bc, bclen, src, srclen, is_ts, use_malloc, subset, t) != 0 ||
			    write(fds[1], t, sizeof t) != (ssize_t)sizeof t)
				_exit(1);
			_exit(0);
		}
		close(fds[1]);
		ssize_t got = read(fds[0], t, sizeof t);
		close(fds[0]);
		if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
		    WEXITSTATUS(status) != 0 || got != (ssize_t)sizeof t) {
			fprintf(stderr, "lowertime: %s does not lower\n", file);
			return 1;
		}
		for (int c = 0; c < 2; c++)
			for (int p = 0; p < NPHASE; p++)
				ms[c][p][i] = t[c][p];
	}
	for (int c = 0; c < 2; c++)
		printf("%s load %.1f init %.1f transform %.1f again %.1f\n", c ? "cpu" : "wall",
		       median(ms[c][LOAD], runs), median(ms[c][INIT], runs),
		       median(ms[c][XFORM], runs), median(ms[c][REPEAT], runs));
	return 0;
}
