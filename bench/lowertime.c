/* lowertime — bench tool (bench/lowering.sh): where the lowering of one
 * file spends its time, in the phases sbx's sandboxed child goes through
 * (src/engine/js/lower_child.c), each in a fresh Duktape heap as a cold
 * run has:
 *   load       duk_load_function() of the transpiler's bytecode (build/gen/ts.bc)
 *   init       running that program: TypeScript's module set-up
 *   transform  __sbx_lower(source): parse, emit resolver, transforms, printing
 * Prints the medians over RUNS rounds (default 9) in ms, of the wall clock
 * and of the process's CPU time (steadier on a shared machine). Not
 * sbx itself: no sandbox, malloc instead of the child's arena, so the sum
 * is a little under what a cold sbx run spends lowering.
 *
 * Usage: lowertime FILE.js|FILE.ts [RUNS]
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "duktape.h"
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
enum { LOAD, INIT, XFORM, NPHASE };

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
	int runs = argc > 2 ? atoi(argv[2]) : 9;
	double *ms[2][NPHASE];
	int is_ts;

	if (argc < 2 || runs < 1 || runs > 1000) {
		fprintf(stderr, "usage: lowertime FILE.js|FILE.ts [RUNS 1..1000]\n");
		return 2;
	}
	bc = slurp(JS_LOWER_TS_BC_PATH, &bclen);
	src = slurp(argv[1], &srclen);
	if (!bc || !src) {
		fprintf(stderr, "lowertime: cannot read %s\n", bc ? argv[1] : JS_LOWER_TS_BC_PATH);
		return 1;
	}
	is_ts = srclen && strlen(argv[1]) > 3 && strcmp(argv[1] + strlen(argv[1]) - 3, ".ts") == 0;
	for (int c = 0; c < 2; c++)
		for (int p = 0; p < NPHASE; p++)
			if (!(ms[c][p] = calloc((size_t)runs, sizeof(double))))
				return 1;
	for (int i = 0; i < runs; i++) {
		duk_context *ctx = duk_create_heap_default();
		double t[2][NPHASE + 1];

		if (!ctx)
			return 1;
		t[0][0] = clock_ms(CLOCK_MONOTONIC);
		t[1][0] = clock_ms(CLOCK_PROCESS_CPUTIME_ID);
		duk_push_external_buffer(ctx);
		duk_config_buffer(ctx, -1, bc, bclen);
		duk_load_function(ctx);
		t[0][1] = clock_ms(CLOCK_MONOTONIC);
		t[1][1] = clock_ms(CLOCK_PROCESS_CPUTIME_ID);
		if (duk_pcall(ctx, 0) != 0) {
			fprintf(stderr, "lowertime: %s\n", duk_safe_to_string(ctx, -1));
			return 1;
		}
		duk_pop(ctx);
		t[0][2] = clock_ms(CLOCK_MONOTONIC);
		t[1][2] = clock_ms(CLOCK_PROCESS_CPUTIME_ID);
		duk_get_global_string(ctx, "__sbx_lower");
		duk_push_lstring(ctx, src, srclen);
		duk_push_boolean(ctx, is_ts);
		if (duk_pcall(ctx, 2) != 0 || !duk_has_prop_string(ctx, -1, "code")) {
			fprintf(stderr, "lowertime: %s does not lower\n", argv[1]);
			return 1;
		}
		t[0][3] = clock_ms(CLOCK_MONOTONIC);
		t[1][3] = clock_ms(CLOCK_PROCESS_CPUTIME_ID);
		for (int c = 0; c < 2; c++)
			for (int p = 0; p < NPHASE; p++)
				ms[c][p][i] = t[c][p + 1] - t[c][p];
		duk_destroy_heap(ctx);
	}
	for (int c = 0; c < 2; c++)
		printf("%s load %.1f init %.1f transform %.1f\n", c ? "cpu" : "wall",
		       median(ms[c][LOAD], runs), median(ms[c][INIT], runs),
		       median(ms[c][XFORM], runs));
	return 0;
}
