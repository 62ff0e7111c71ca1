/* sbx batch — many requests from one NDJSON input (src/batch/), and
 * --merge of the out files of its shards. The run defaults given here
 * (-l, --timeout, --memory, --label, …) are checked as sbx run checks them
 * and handed to every request's run; a request's own keys win. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "batch/batch.h"
#include "cli/cmd.h"
#include "core/lang.h"
#include "core/outcome.h"
#include "run/runopt.h"
#include "util/util.h"

#define BATCH_MAX_DEFAULTS 128 /* forwarded default flags (each with its value) */

enum {
	BO_JOBS = RO_FIRST_FREE,
	BO_OUT,
	BO_RESUME,
	BO_SHARD,
	BO_MERGE,
	BO_QUIET,
};

static const struct opt_spec batch_opts[] = {
    {"jobs", 'j', OPT_ARG, BO_JOBS, "N", "requests run at once (default: the number of cores)"},
    {"out", 0, OPT_ARG, BO_OUT, "FILE", "append the records to FILE (fsync'd every second)"},
    {"resume", 0, OPT_NOARG, BO_RESUME, NULL, "with --out: skip the request ids already in FILE"},
    {"shard", 0, OPT_ARG, BO_SHARD, "I/N", "take only requests I, I+N, I+2N, … (0-based)"},
    {"merge", 0, OPT_NOARG, BO_MERGE, NULL,
     "merge the out files given as operands into input order"},
    {"quiet", 'q', OPT_NOARG, BO_QUIET, NULL, "no progress line, no summary"},
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

struct batch_ctx {
	struct batch_options o;
	struct run_options ro; /* checks the defaults as sbx run would */
	struct run_job_default defaults[BATCH_MAX_DEFAULTS];
	size_t ndefaults;
	bool merge, help;
	const char *jobs_arg;
};

static int forward(struct batch_ctx *b, int id, const char *arg)
{
	if (b->ndefaults == BATCH_MAX_DEFAULTS)
		return error("too many default options: at most %d", BATCH_MAX_DEFAULTS);
	b->defaults[b->ndefaults++] = (struct run_job_default){id, arg};
	return 0;
}

static int batch_option(void *ctx, int id, const char *arg)
{
	struct batch_ctx *b = ctx;
	uint64_t n;
	switch (id) {
	case BO_JOBS:
		if (opt_uint("--jobs", arg, 1, 1024, &n) != 0)
			return -1;
		b->o.jobs = (unsigned)n;
		return 0;
	case BO_OUT: b->o.out_path = arg; return 0;
	case BO_RESUME: b->o.resume = true; return 0;
	case BO_SHARD: return batch_parse_shard(arg, &b->o.shard_i, &b->o.shard_n);
	case BO_MERGE: b->merge = true; return 0;
	case BO_QUIET: b->o.quiet = true; return 0;
	case RO_JSON:
		b->o.format = BATCH_JSON;
		b->o.format_given = true;
		return 0;
	case RO_FORMAT: b->o.format_given = true; return batch_parse_format(arg, &b->o.format);
	case RO_LANG:
		if (!lang_by_name(arg))
			return error("unknown language '%s' for -l: use one of %s", arg,
				     lang_all_names());
		return forward(b, id, arg);
	case RO_HELP: b->help = true; return 0;
	}
	/* --state-dir, --config and the limits: checked here, then forwarded. */
	if (runopt_handle(&b->ro, id, arg) != 0)
		return -1;
	return forward(b, id, arg);
}

static unsigned cores(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (unsigned)n : 1;
}

int cmd_batch(int argc, char **argv)
{
	struct request req;
	struct batch_ctx *b = xcalloc(1, sizeof(*b));
	char **operands = NULL;
	int rc = EXIT_SBX_FAILURE;
	request_init(&req);
	runopt_init(&b->ro, &req);
	int nops = cmd_parse("batch", argc, argv, batch_option, b, &b->help, &operands);
	if (nops < 0) {
		rc = nops == CMD_HELP_SHOWN ? 0 : rc;
		goto out;
	}
	if (b->merge) {
		if (nops < 1) {
			error("give the out files to merge: sbx batch --merge OUT... [--out FILE]");
			goto out;
		}
		rc = batch_merge(operands, (size_t)nops, b->o.out_path);
		goto out;
	}
	if (nops != 1) {
		error(nops ? "give one input: sbx batch [options] (FILE | -)"
			   : "give the requests: sbx batch [options] (FILE | -), one JSON object "
			     "per line");
		goto out;
	}
	if (b->o.resume && !b->o.out_path) {
		error("--resume continues an --out file: add --out FILE");
		goto out;
	}
	b->o.input = operands[0];
	if (!b->o.jobs)
		b->o.jobs = cores();
	b->o.defaults = b->defaults;
	b->o.ndefaults = b->ndefaults;
	rc = batch_run(&b->o);
	if (rc == 0 || rc == 1)
		record_written_set();
out:
	free(operands);
	request_release(&req);
	free(b);
	return rc;
}
