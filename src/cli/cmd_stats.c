/* sbx stats — execution statistics from the history: its options, then
 * state/history_stats_cmd.h (the JSON keys are listed there). */
#include <stdlib.h>

#include "cli/cmd.h"
#include "run/runopt.h"
#include "state/history_stats_cmd.h"
#include "util/util.h"

enum {
	SO_DEPLOYMENT = RO_FIRST_FREE,
	SO_LANGUAGE,
	SO_LABEL,
	SO_SINCE,
	SO_UNTIL,
	SO_CODE,
	SO_FAILURES,
};

static const struct opt_spec stats_opts[] = {
    {"deployment", 0, OPT_ARG, SO_DEPLOYMENT, "NAME", "only runs of this deployment"},
    {"language", 'l', OPT_ARG, SO_LANGUAGE, "LANG", "only runs in this language"},
    {"label", 0, OPT_ARG, SO_LABEL, "KEY=VALUE",
     "only runs with this label (repeatable, all must match)"},
    {"since", 0, OPT_ARG, SO_SINCE, "WHEN",
     "from WHEN: 7d, 12h, 30m, 2w ago, or 2026-11-01[T12:00:00Z]"},
    {"until", 0, OPT_ARG, SO_UNTIL, "WHEN", "before WHEN (a bare date includes that day)"},
    {"code-sha256", 0, OPT_ARG, SO_CODE, "HASH",
     "only this code (SHA-256, or 8+ digits of it); lists its runs"},
    {"failures", 0, OPT_ARG, SO_FAILURES, "N", "recent failures to list (default 5)"},
    {NULL, 0, 0, 0, NULL, NULL},
};

const struct opt_spec *const cmd_stats_tables[] = {common_opts, stats_opts, format_opts, NULL};

struct stats_cli {
	struct stats_query q;
	bool help;
};

static int stats_handle(void *ctx, int id, const char *arg)
{
	struct stats_cli *sc = ctx;
	static const char *const names[] = {[SO_DEPLOYMENT - RO_FIRST_FREE] = "deployment",
					    [SO_LANGUAGE - RO_FIRST_FREE] = "language",
					    [SO_LABEL - RO_FIRST_FREE] = "label",
					    [SO_SINCE - RO_FIRST_FREE] = "since",
					    [SO_UNTIL - RO_FIRST_FREE] = "until",
					    [SO_CODE - RO_FIRST_FREE] = "code-sha256",
					    [SO_FAILURES - RO_FIRST_FREE] = "failures"};
	switch (id) {
	case RO_HELP: sc->help = true; return 0;
	case RO_STATE_DIR: sc->q.state_dir_flag = arg; return 0;
	case RO_CONFIG: sc->q.config_flag = arg; return 0;
	case RO_JSON: sc->q.json = true; return 0;
	case RO_FORMAT: return stats_query_set(&sc->q, "format", arg);
	}
	if (id >= SO_DEPLOYMENT && id <= SO_FAILURES)
		return stats_query_set(&sc->q, names[id - RO_FIRST_FREE], arg);
	return error("internal: unhandled option %d for stats", id);
}

int cmd_stats(int argc, char **argv)
{
	struct stats_cli sc = {.help = false};
	char **operands = NULL;
	int rc = EXIT_SBX_FAILURE;
	const struct command *self = cmd_find("stats");
	stats_query_init(&sc.q);
	int nops = opt_parse(argc, argv, "stats", self->opts, stats_handle, &sc, &operands);
	if (nops < 0)
		goto out;
	if (sc.help) {
		cmd_print_help(self);
		rc = 0;
		goto out;
	}
	if (nops > 0) {
		error("sbx stats takes no operands ('%s'): filter with --deployment, "
		      "--language, --label, --since, --until or --code-sha256",
		      operands[0]);
		goto out;
	}
	if (stats_query_run(&sc.q) == 0)
		rc = 0;
out:
	stats_query_release(&sc.q);
	free(operands);
	return rc;
}
