#include "cli/cmd.h"

#include <stdio.h>
#include <string.h>

#include "run/runopt.h"
#include "util/textout.h"

static const struct opt_spec *const run_tables[] = {common_opts, source_opts, request_opts,
						    run_opts,	 format_opts, NULL};
static const struct opt_spec *const help_tables[] = {common_opts, NULL};

/* The command table: dispatch, `sbx help`, --list-commands, completions
 * and the docs test all read it. One line per command. */
const struct command commands[] = {
    {"run", "run code once in a fresh sandbox", "[options] (-e CODE | FILE | - | --request FILE|-)",
     run_tables, cmd_run},
    {"batch", "run many requests from an NDJSON file, N at a time, records in input order",
     "[-j N] [--out FILE [--resume]] [--shard I/N] [options] (FILE | -)", batch_tables, cmd_batch},
    {"stats", "execution statistics from the history", "[options]", cmd_stats_tables, cmd_stats},
    {"gc", "drop history past its retention, leftovers of interrupted writes, expired sessions",
     "[--retention DAYS]", cmd_gc_tables, cmd_gc},
    {"prepare", "check code without running it: syntax, policy, dependencies, transforms",
     "[-l LANG] [options] (-e CODE | FILE | -)", prepare_tables, cmd_prepare},
    {"help", "show help for sbx or a command", "[COMMAND]", help_tables, cmd_help},
    {"deploy", "store code and its run settings as a named, versioned deployment",
     "[-n NAME] [options] (-e CODE | FILE | -)", deploy_tables, cmd_deploy},
    {"exec-deployment", "run a deployment (latest version unless one is named)",
     "(NAME[@VERSION] | --request FILE|-) [options]", exec_deployment_tables, cmd_exec_deployment},
    {"list", "list deployments", "[--language LANG] [--status STATUS] [--json]", list_tables,
     cmd_list},
    {"get", "show one deployment: settings, artefacts, executions", "NAME[@VERSION] [--json]",
     get_tables, cmd_get},
    {"delete", "remove a deployment or one version of it", "NAME[@VERSION]...", delete_tables,
     cmd_delete},
    {"history", "show one stored execution record; export and import records between machines",
     "(show ID [--json] | export [SINCE] | import FILE)", history_tables, cmd_history},
    {"session",
     "stateful sandboxes: state kept across executions, with a TTL; a workspace where "
     "exec -l LANG runs another language (or bash commands) in the same files",
     "create|exec|list|get|stop|delete [ID|NAME] [options] [-- ARG...] | ttl ID|NAME --ttl DUR "
     "| files ID|NAME ls|get|put|rm|mkdir [PATH...] | sh ID|NAME [options] -- CMD [ARG...]",
     session_tables, cmd_session},
    {"events", "the live events of every execution on this state directory",
     "[--follow] [--label KEY=VALUE]... [--deployment NAME] [--session ID] [--since WHEN]",
     events_tables, cmd_events},
    {"doctor", "which interpreters and isolation layers this machine offers", "[--json]",
     doctor_tables, cmd_doctor},
    {"mcp", "serve sbx's tools to AI agents: a Model Context Protocol server on stdio", "[options]",
     mcp_tables, cmd_mcp},
    {"serve", "the same operations as an HTTP API, on a unix socket or TCP",
     "[--listen unix:PATH | HOST:PORT] [--token-file FILE] [options]", serve_tables, cmd_serve},
    {NULL, NULL, NULL, NULL, NULL},
};

const struct command *cmd_find(const char *name)
{
	for (const struct command *c = commands; c->name; c++)
		if (!strcmp(c->name, name))
			return c;
	return NULL;
}

/* Levenshtein distance, capped: enough to suggest "run" for "rnu". */
static size_t edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	if (la > 31 || lb > 31)
		return 99;
	size_t row[32];
	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t diag = row[0];
		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t up = row[j];
			size_t best = diag + (a[i - 1] != b[j - 1]);
			if (row[j] + 1 < best)
				best = row[j] + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[lb];
}

const char *cmd_suggest(const char *name)
{
	const char *best = NULL;
	size_t best_d = 3;
	for (const struct command *c = commands; c->name; c++) {
		size_t d = edit_distance(name, c->name);
		if (d < best_d || (strlen(name) >= 3 && !strncmp(c->name, name, strlen(name)))) {
			best_d = d < best_d ? d : best_d;
			best = c->name;
		}
	}
	return best;
}

void cmd_print_help(const struct command *c)
{
	printf("usage: sbx %s %s\n\n%s\n", c->name, c->usage, c->summary);
	for (size_t t = 0; c->opts && c->opts[t]; t++) {
		putchar('\n');
		opt_print_help(c->opts[t]);
	}
	if (!strcmp(c->name, "run") || !strcmp(c->name, "exec-deployment")) {
		printf(
		    "\nexit status: 0 ok, 1..123 the code's own (1: uncaught exception), "
		    "124 timeout,\n  125 sbx failure, 126 blocked, 127 interpreter missing, "
		    "137 memory limit,\n  141 output limit, 159 syscall blocked, 128+N signal N\n");
	}
	printf("\nSee sbx(1) for details.\n");
}

void cmd_print_options(const struct command *c)
{
	for (size_t t = 0; c->opts && c->opts[t]; t++)
		for (const struct opt_spec *o = c->opts[t]; o->long_name; o++) {
			printf("--%s%s", o->long_name, o->arg == OPT_ARG ? "=" : "");
			if (o->short_name)
				printf(" -%c", o->short_name);
			printf("\t%s\n", o->help);
		}
}

int cmd_parse(const char *name, int argc, char **argv, opt_handler fn, void *ctx, const bool *help,
	      char ***operands)
{
	const struct command *self = cmd_find(name);
	int nops = opt_parse(argc, argv, name, self->opts, fn, ctx, operands);
	if (nops >= 0 && *help) {
		cmd_print_help(self);
		return CMD_HELP_SHOWN;
	}
	return nops;
}

void cmd_print_overview(void)
{
	printf("usage: sbx COMMAND [options]\n\n"
	       "Run untrusted code (JavaScript, TypeScript, Python, Java, R, shell, C, C++, Go) in "
	       "a sandbox\n"
	       "and report exactly what happened.\n\ncommands:\n");
	for (const struct command *c = commands; c->name; c++)
		printf("  %-16s %s\n", c->name, c->summary);
	printf("\nglobal options:\n  -h, --help         show help\n"
	       "      --version      show the version\n"
	       "      --list-commands  list the command names\n"
	       "      --remote URL   send the command to an sbx serve (unix:PATH or\n"
	       "                     http://HOST:PORT; also $SBX_REMOTE)\n"
	       "      --token-file FILE  its bearer token (also $SBX_TOKEN)\n\n"
	       "'sbx help COMMAND' or 'sbx COMMAND -h' shows a command's options.\n");
}

int cmd_help(int argc, char **argv)
{
	if (argc < 2) {
		cmd_print_overview();
		return 0;
	}
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		cmd_print_help(cmd_find("help"));
		return 0;
	}
	const struct command *c = cmd_find(argv[1]);
	if (!c) {
		const char *s = cmd_suggest(argv[1]);
		text_printf(stderr, "sbx: unknown command '%s'%s%s%s: see 'sbx help'\n", argv[1],
			    s ? " (did you mean '" : "", s ? s : "", s ? "'?)" : "");
		return 125;
	}
	cmd_print_help(c);
	return 0;
}
