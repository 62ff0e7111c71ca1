/* sbx batch — many requests from one NDJSON input (src/batch/), and
 * --merge of the out files of its shards: its option tables, then
 * batch/batch_args.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "batch/batch_args.h"
#include "cli/cmd.h"
#include "core/lang.h"
#include "core/outcome.h"
#include "run/runopt.h"
#include "util/util.h"

static const struct opt_spec batch_opts[] = {
    {"jobs", 'j', OPT_ARG, BATCH_OPT_JOBS, "N",
     "requests run at once (default: the number of cores)"},
    {"out", 0, OPT_ARG, BATCH_OPT_OUT, "FILE", "append the records to FILE (fsync'd every second)"},
    {"resume", 0, OPT_NOARG, BATCH_OPT_RESUME, NULL,
     "with --out: skip the request ids already in FILE"},
    {"shard", 0, OPT_ARG, BATCH_OPT_SHARD, "I/N", "take only requests I, I+N, I+2N, … (0-based)"},
    {"merge", 0, OPT_NOARG, BATCH_OPT_MERGE, NULL,
     "merge the out files given as operands into input order"},
    {"quiet", 'q', OPT_NOARG, BATCH_OPT_QUIET, NULL, "no progress line, no summary"},
    {NULL, 0, 0, 0, NULL, NULL},
};

/* The defaults every request gets, as sbx run's flags. */
static const struct opt_spec batch_default_opts[] = {
    {"language", 'l', OPT_ARG, RO_LANG, "LANG", "language of requests without one"},
    {"timeout", 't', OPT_ARG, RO_TIMEOUT, "SECONDS", "wall-clock limit (default 5)"},
    {"cpu-time", 0, OPT_ARG, RO_CPU_TIME, "SECONDS", "CPU time limit (default: the timeout)"},
    {"memory", 'm', OPT_ARG, RO_MEMORY, "SIZE", "memory limit (default 256M)"},
    {"max-output", 0, OPT_ARG, RO_MAX_OUTPUT, "SIZE", "output kept per stream (default 1M)"},
    {"label", 0, OPT_ARG, RO_LABEL, "KEY=VALUE", "a label on every run's history record"},
    {"env", 0, OPT_ARG, RO_ENV, "KEY=VALUE", "an environment variable for every program"},
    {"policy", 0, OPT_ARG, RO_POLICY, "PROFILE", "the policy profile of every run"},
    {"no-history", 0, OPT_NOARG, RO_NO_HISTORY, NULL, "do not record the runs in the history"},
    {NULL, 0, 0, 0, NULL, NULL},
};

/* batch's own: its default is NDJSON, one record a line (runopt's
 * format_opts say text). */
static const struct opt_spec batch_format_opts[] = {
    {"format", 0, OPT_ARG, RO_FORMAT, "FMT", "ndjson (default: a record a line), json or text"},
    {"json", 0, OPT_NOARG, RO_JSON, NULL, "same as --format json"},
    {NULL, 0, 0, 0, NULL, NULL},
};

const struct opt_spec *const batch_tables[] = {common_opts, batch_opts, batch_default_opts,
					       batch_format_opts, NULL};

int cmd_batch(int argc, char **argv)
{
	struct batch_args *b = xcalloc(1, sizeof(*b));
	char **operands = NULL;
	int rc = EXIT_SBX_FAILURE;
	batch_args_init(b);
	int nops = cmd_parse("batch", argc, argv, batch_args_option, b, &b->help, &operands);
	if (nops < 0)
		rc = nops == CMD_HELP_SHOWN ? 0 : rc;
	else
		rc = batch_args_run(b, operands, nops);
	free(operands);
	batch_args_release(b);
	free(b);
	return rc;
}
