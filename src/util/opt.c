#include "util/opt.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"

#define MAX_OPTS 96

int opt_dashdash = -1;

int opt_parse(int argc, char **argv, const char *cmd, const struct opt_spec *const *tables,
	      opt_handler fn, void *ctx, char ***rest)
{
	struct option longopts[MAX_OPTS + 1];
	const struct opt_spec *specs[MAX_OPTS];
	char shortopts[2 * MAX_OPTS + 3] = "+:"; /* stop at nothing; ':' reports missing args */
	size_t n = 0, s = 2;

	/* "+" would stop at the first operand; options may follow operands
	 * (sbx run file.py -t 2), so permute, but keep "-" as an operand. */
	shortopts[0] = '-';
	for (size_t t = 0; tables && tables[t]; t++) {
		for (const struct opt_spec *o = tables[t]; o->long_name; o++) {
			if (n == MAX_OPTS)
				return error("internal: too many options for %s", cmd);
			specs[n] = o;
			longopts[n] = (struct option){
			    o->long_name, o->arg == OPT_ARG ? required_argument : no_argument, NULL,
			    1000 + (int)n};
			if (o->short_name) {
				shortopts[s++] = o->short_name;
				if (o->arg == OPT_ARG)
					shortopts[s++] = ':';
			}
			n++;
		}
	}
	shortopts[s] = '\0';
	longopts[n] = (struct option){NULL, 0, NULL, 0};

	char **operands = xcalloc((size_t)argc + 1, sizeof(char *));
	int nops = 0;
	/* 0, not 1: glibc then forgets an earlier scan's state (a half-read
	 * cluster such as -xq, the operand permutation), which otherwise points
	 * into that scan's argv; getopt(3) asks for 0 with a '-' optstring. */
	optind = 0;
	opterr = 0;
	opt_dashdash = -1;
	for (;;) {
		int prev = optind > 0 ? optind : 1; /* 0 before the first call */
		int c = getopt_long(argc, argv, shortopts, longopts, NULL);
		if (c == -1) {
			/* getopt stepped over a "--" of its own (not the value
			 * of an option such as -e --): the rest are operands. */
			if (prev < argc && optind == prev + 1 && !strcmp(argv[prev], "--"))
				opt_dashdash = nops;
			break;
		}
		if (c == 1) { /* an operand, in order ("-" included) */
			operands[nops++] = optarg;
			continue;
		}
		const struct opt_spec *spec = NULL;
		if (c >= 1000 && c < 1000 + (int)n) {
			spec = specs[c - 1000];
		} else if (c != '?' && c != ':') {
			for (size_t i = 0; i < n && !spec; i++)
				if (specs[i]->short_name == c)
					spec = specs[i];
		}
		if (!spec) {
			const char *bad = argv[prev < argc ? prev : argc - 1];
			if (c == ':')
				error("option %s needs a value: see 'sbx help %s'", bad, cmd);
			else if (optopt && optopt < 1000)
				error("unknown option -%c for '%s': see 'sbx help %s'", optopt, cmd,
				      cmd);
			else
				error("unknown option %s for '%s': see 'sbx help %s'", bad, cmd,
				      cmd);
			free(operands);
			return -1;
		}
		if (fn(ctx, spec->id, spec->arg == OPT_ARG ? optarg : NULL) != 0) {
			free(operands);
			return -1;
		}
	}
	/* After "--" getopt stops: the rest are operands. */
	while (optind < argc)
		operands[nops++] = argv[optind++];
	operands[nops] = NULL;
	if (rest)
		*rest = operands;
	else
		free(operands);
	return nops;
}

/* Parses a non-negative decimal number with an optional fraction; returns
 * the rest of the string in *end. No signs, no hex, no exponents, no
 * spaces: what people type for sizes and durations, nothing surprising. */
static int parse_decimal(const char *s, double *value, const char **end)
{
	const char *p = s;
	if (!(*p >= '0' && *p <= '9') && !(*p == '.' && p[1] >= '0' && p[1] <= '9'))
		return -1;
	double v = 0;
	while (*p >= '0' && *p <= '9') {
		v = v * 10 + (*p - '0');
		p++;
	}
	if (*p == '.') {
		p++;
		double scale = 0.1;
		if (!(*p >= '0' && *p <= '9'))
			return -1;
		while (*p >= '0' && *p <= '9') {
			v += (*p - '0') * scale;
			scale /= 10;
			p++;
		}
	}
	if (!isfinite(v) || v > 1e18)
		return -1;
	*value = v;
	*end = p;
	return 0;
}

int parse_size(const char *s, uint64_t *out)
{
	double v;
	const char *unit;
	if (!s || parse_decimal(s, &v, &unit) != 0)
		return -1;
	double mult;
	/* K/M/G/T are binary (KiB...), as ulimit and docker read them; an
	 * optional trailing "B" or "iB" is accepted. */
	switch (*unit) {
	case '\0': mult = 1; break;
	case 'b':
	case 'B':
		mult = 1;
		unit--;
		break;
	case 'k':
	case 'K': mult = 1024.0; break;
	case 'm':
	case 'M': mult = 1024.0 * 1024; break;
	case 'g':
	case 'G': mult = 1024.0 * 1024 * 1024; break;
	case 't':
	case 'T': mult = 1024.0 * 1024 * 1024 * 1024; break;
	default: return -1;
	}
	if (*unit) {
		unit++;
		if (!strcmp(unit, "iB") || !strcmp(unit, "ib"))
			unit += 2;
		else if (*unit == 'B' || *unit == 'b')
			unit++;
	}
	if (*unit)
		return -1;
	double bytes = v * mult;
	if (bytes > 9.0e18 || bytes != bytes)
		return -1;
	*out = (uint64_t)(bytes + 0.5);
	return 0;
}

int parse_duration_ms(const char *s, uint64_t *out)
{
	double v;
	const char *unit;
	if (!s || parse_decimal(s, &v, &unit) != 0)
		return -1;
	double mult;
	if (!*unit || !strcmp(unit, "s"))
		mult = 1000; /* plain numbers are seconds, like timeout(1) */
	else if (!strcmp(unit, "ms"))
		mult = 1;
	else if (!strcmp(unit, "m"))
		mult = 60000;
	else if (!strcmp(unit, "h"))
		mult = 3600000;
	else if (!strcmp(unit, "d"))
		mult = 86400000;
	else
		return -1;
	double ms = v * mult;
	if (ms > 9.0e15)
		return -1;
	*out = (uint64_t)(ms + 0.5);
	return 0;
}

int opt_size(const char *flag, const char *s, uint64_t *out)
{
	if (parse_size(s, out) != 0)
		return error("invalid size '%s' for %s: use a number with an optional K, M or G "
			     "suffix, e.g. 256M",
			     s, flag);
	if (*out == 0)
		return error("invalid size '%s' for %s: it must be more than zero", s, flag);
	return 0;
}

int opt_duration_ms(const char *flag, const char *s, uint64_t *out)
{
	if (parse_duration_ms(s, out) != 0)
		return error("invalid duration '%s' for %s: use seconds (e.g. 5 or 2.5) or a "
			     "number with ms, s, m, h or d, e.g. 500ms or 24h",
			     s, flag);
	if (*out == 0)
		return error("invalid duration '%s' for %s: it must be at least 1ms", s, flag);
	return 0;
}

int opt_uint(const char *flag, const char *s, uint64_t min, uint64_t max, uint64_t *out)
{
	char *end;
	errno = 0;
	if (!s || !(*s >= '0' && *s <= '9'))
		goto bad;
	unsigned long long v = strtoull(s, &end, 10);
	if (errno || *end || v < min || v > max)
		goto bad;
	*out = v;
	return 0;
bad:
	return error("invalid number '%s' for %s: use a whole number from %llu to %llu", s ? s : "",
		     flag, (unsigned long long)min, (unsigned long long)max);
}

void opt_format_duration(uint64_t ms, char out[32])
{
	unsigned long long v = (unsigned long long)ms;
	if (v && v % 86400000 == 0)
		snprintf(out, 32, "%llud", v / 86400000);
	else if (v && v % 3600000 == 0)
		snprintf(out, 32, "%lluh", v / 3600000);
	else if (v && v % 60000 == 0)
		snprintf(out, 32, "%llum", v / 60000);
	else if (v % 1000 == 0)
		snprintf(out, 32, "%llus", v / 1000);
	else if (v < 1000)
		snprintf(out, 32, "%llums", v);
	else {
		/* 2.5s, 1.25s: three decimals, trailing zeros dropped. */
		int n = snprintf(out, 32, "%llu.%03llu", v / 1000, v % 1000);
		while (n > 0 && out[n - 1] == '0')
			out[--n] = '\0';
		snprintf(out + n, (size_t)(32 - n), "s");
	}
}

void opt_format_size(uint64_t bytes, char out[32])
{
	static const char units[] = "TGMK";
	unsigned long long v = (unsigned long long)bytes;
	for (int i = 0; units[i]; i++) {
		unsigned long long unit = 1ull << (10 * (4 - i));
		if (v && v % unit == 0) {
			snprintf(out, 32, "%llu%c", v / unit, units[i]);
			return;
		}
	}
	snprintf(out, 32, "%llu", v);
}

void opt_print_help(const struct opt_spec *table)
{
	for (const struct opt_spec *o = table; o->long_name; o++) {
		char left[64];
		if (o->short_name)
			snprintf(left, sizeof(left), "-%c, --%s%s%s", o->short_name, o->long_name,
				 o->arg_name ? " " : "", o->arg_name ? o->arg_name : "");
		else
			snprintf(left, sizeof(left), "    --%s%s%s", o->long_name,
				 o->arg_name ? " " : "", o->arg_name ? o->arg_name : "");
		printf("  %-28s %s\n", left, o->help);
	}
}
