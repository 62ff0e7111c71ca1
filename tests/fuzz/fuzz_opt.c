/* fuzz_opt — command lines through opt_parse, and every word through the
 * strict number parsers (parse_size, parse_duration_ms, opt_uint).
 *
 * The input is an argv: words separated by NUL bytes. */
#include <inttypes.h>
#include <stdbool.h>

#include "fuzz.h"
#include "util/opt.h"

#define MAX_ARGS 64

enum { O_SIZE, O_DURATION, O_COUNT, O_FLAG };

/* Shaped like sbx run's table: long and short names, with and without a
 * value, so getopt_long's clusters, "--x=v", "--" and "-" are all reached. */
static const struct opt_spec fuzz_opts[] = {
    {"memory", 'm', OPT_ARG, O_SIZE, "SIZE", "memory"},
    {"timeout", 't', OPT_ARG, O_DURATION, "SECONDS", "timeout"},
    {"retries", 'n', OPT_ARG, O_COUNT, "N", "a count"},
    {"json", 'j', OPT_NOARG, O_FLAG, NULL, "a flag"},
    {"quiet", 0, OPT_NOARG, O_FLAG, NULL, "a long-only flag"},
    {NULL, 0, OPT_NOARG, 0, NULL, NULL},
};
static const struct opt_spec *const fuzz_tables[] = {fuzz_opts, NULL};

static int handle(void *ctx, int id, const char *arg)
{
	uint64_t v;
	(void)ctx;
	switch (id) {
	case O_SIZE:
		FUZZ_CHECK(arg);
		if (opt_size("--memory", arg, &v) != 0)
			return -1;
		FUZZ_CHECK(v > 0);
		return 0;
	case O_DURATION:
		FUZZ_CHECK(arg);
		if (opt_duration_ms("--timeout", arg, &v) != 0)
			return -1;
		FUZZ_CHECK(v > 0);
		return 0;
	case O_COUNT:
		FUZZ_CHECK(arg);
		if (opt_uint("--retries", arg, 1, 1000, &v) != 0)
			return -1;
		FUZZ_CHECK(v >= 1 && v <= 1000);
		return 0;
	default: FUZZ_CHECK(!arg); return 0;
	}
}

/* Whether s is n1 digits (1 <= n1 <= maxd) followed by exactly suffix. */
static bool digits_then(const char *s, size_t maxd, const char *suffix, uint64_t *n)
{
	size_t i = 0;
	uint64_t v = 0;
	while (s[i] >= '0' && s[i] <= '9' && i < maxd)
		v = v * 10 + (uint64_t)(s[i++] - '0');
	if (i == 0 || strcmp(s + i, suffix))
		return false;
	*n = v;
	return true;
}

/* Checks the parsers against what the docs promise for the simple forms
 * (whole numbers, one unit); fractions and limits only must not crash. */
static void check_word(const char *w)
{
	uint64_t v, n;
	if (parse_size(w, &v) == 0) {
		FUZZ_CHECK(v <= UINT64_C(9000000000000000000));
		if (digits_then(w, 15, "", &n))
			FUZZ_CHECK(v == n);
		if (digits_then(w, 12, "K", &n) || digits_then(w, 12, "k", &n))
			FUZZ_CHECK(v == n << 10);
		if (digits_then(w, 9, "M", &n) || digits_then(w, 9, "MiB", &n))
			FUZZ_CHECK(v == n << 20);
		if (digits_then(w, 6, "G", &n) || digits_then(w, 6, "GB", &n))
			FUZZ_CHECK(v == n << 30);
	} else {
		/* Anything with a sign, a space or an exponent is refused. */
		FUZZ_CHECK(!digits_then(w, 15, "", &n));
	}
	if (parse_duration_ms(w, &v) == 0) {
		FUZZ_CHECK(v <= UINT64_C(9000000000000000));
		if (digits_then(w, 9, "", &n) || digits_then(w, 9, "s", &n))
			FUZZ_CHECK(v == n * 1000);
		if (digits_then(w, 12, "ms", &n))
			FUZZ_CHECK(v == n);
		if (digits_then(w, 6, "m", &n))
			FUZZ_CHECK(v == n * 60000);
	} else {
		FUZZ_CHECK(!digits_then(w, 9, "ms", &n));
	}
	if (opt_uint("--n", w, 0, UINT64_MAX, &v) == 0) {
		FUZZ_CHECK(w[0] >= '0' && w[0] <= '9');
		FUZZ_CHECK(v == strtoull(w, NULL, 10));
	}
	if (opt_uint("--n", w, 5, 10, &v) == 0)
		FUZZ_CHECK(v >= 5 && v <= 10);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* Copied so that every word, including the last, ends in a NUL and
	 * ASan sees reads past the input's end. */
	char *buf = malloc(size + 1);
	char *argv[MAX_ARGS + 2];
	int argc = 0;
	if (!buf)
		abort();
	memcpy(buf, data, size);
	buf[size] = '\0';
	argv[argc++] = "sbx";
	for (size_t i = 0; i <= size && argc <= MAX_ARGS;) {
		char *w = buf + i;
		argv[argc++] = w;
		i += strlen(w) + 1;
	}
	argv[argc] = NULL;
	for (int i = 1; i < argc; i++)
		check_word(argv[i]);

	char **rest = NULL;
	int nops = opt_parse(argc, argv, "fuzz", fuzz_tables, handle, NULL, &rest);
	if (nops >= 0) {
		FUZZ_CHECK(rest);
		FUZZ_CHECK(nops < argc);
		for (int i = 0; i < nops; i++)
			FUZZ_CHECK(rest[i]);
		FUZZ_CHECK(rest[nops] == NULL);
		free(rest);
	}
	free(buf);
	return 0;
}
