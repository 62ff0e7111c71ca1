/* opt — declarative option tables over getopt_long, strict number parsing. */
#ifndef SBX_OPT_H
#define SBX_OPT_H

#include <stdbool.h>
#include <stdint.h>

enum opt_arg { OPT_NOARG, OPT_ARG };

struct opt_spec {
	const char *long_name; /* NULL ends a table */
	char short_name;       /* 0: none */
	enum opt_arg arg;
	int id;		      /* returned to the handler */
	const char *arg_name; /* for help: "SIZE", "SECONDS" */
	const char *help;
};

/* Called for each option; returns 0 to go on, -1 to stop with an error. */
typedef int (*opt_handler)(void *ctx, int id, const char *arg);

/* Parses argv[1..] against the tables (a NULL-terminated list of tables).
 * Non-option arguments are collected in *rest (argv order, NULL-terminated,
 * pointing into argv). A lone "-" is an operand; "--" ends options.
 * Unknown options get an error naming them and suggesting `sbx help CMD`.
 * Returns the number of operands, or -1. */
int opt_parse(int argc, char **argv, const char *cmd, const struct opt_spec *const *tables,
	      opt_handler fn, void *ctx, char ***rest);
/* After opt_parse: how many of its operands came before a "--" that ended
 * the options, or -1 when there was none. Operands from that index on are
 * the words after "--" (program arguments for run). */
extern int opt_dashdash;

/* Strict parsers: the whole string, no sign surprises, range-checked.
 * Each prints "sbx: invalid ... for --FLAG: ..." naming the fix. */
int opt_size(const char *flag, const char *s, uint64_t *out);	     /* 256M, 1G, 4096, 64k */
int opt_duration_ms(const char *flag, const char *s, uint64_t *out); /* 5, 2.5, 500ms, 2s, 1m */
int opt_uint(const char *flag, const char *s, uint64_t min, uint64_t max, uint64_t *out);

/* The same without messages, for config files and tests. */
int parse_size(const char *s, uint64_t *out);
int parse_duration_ms(const char *s, uint64_t *out);

/* A duration as people write it: "1h", "90m", "1000s", "2.5s", "500ms"
 * (never "1e+03s"): the largest unit that divides it, else seconds with up
 * to three decimals. */
void opt_format_duration(uint64_t ms, char out[32]);
/* A size as opt_size reads it back: the largest of T, G, M, K that divides
 * it ("4T", "24105M"), else bytes. */
void opt_format_size(uint64_t bytes, char out[32]);

/* Prints an option table for --help. */
void opt_print_help(const struct opt_spec *table);

#endif
