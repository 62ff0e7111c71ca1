/* batch_args — sbx batch's options and its run, for every front
 * (batch_args.h). Moved here from the CLI's cmd_batch.c. */
#include "batch/batch_args.h"

#include <string.h>
#include <unistd.h>

#include "core/lang.h"
#include "core/outcome.h"
#include "util/opt.h"
#include "util/util.h"

void batch_args_init(struct batch_args *b)
{
	memset(b, 0, sizeof(*b));
	request_init(&b->req);
	runopt_init(&b->ro, &b->req);
}

void batch_args_release(struct batch_args *b)
{
	request_release(&b->req);
}

static int forward(struct batch_args *b, int id, const char *arg)
{
	if (b->ndefaults == BATCH_MAX_DEFAULTS)
		return error("too many default options: at most %d", BATCH_MAX_DEFAULTS);
	b->defaults[b->ndefaults++] = (struct run_job_default){id, arg};
	return 0;
}

int batch_args_option(void *ctx, int id, const char *arg)
{
	struct batch_args *b = ctx;
	uint64_t n;
	switch (id) {
	case BATCH_OPT_JOBS:
		if (opt_uint("--jobs", arg, 1, 1024, &n) != 0)
			return -1;
		b->o.jobs = (unsigned)n;
		return 0;
	case BATCH_OPT_OUT: b->o.out_path = arg; return 0;
	case BATCH_OPT_RESUME: b->o.resume = true; return 0;
	case BATCH_OPT_SHARD: return batch_parse_shard(arg, &b->o.shard_i, &b->o.shard_n);
	case BATCH_OPT_MERGE: b->merge = true; return 0;
	case BATCH_OPT_QUIET: b->o.quiet = true; return 0;
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

int batch_args_flag_id(const char *flag)
{
	static const struct {
		const char *flag;
		int id;
	} own[] = {{"--jobs", BATCH_OPT_JOBS},	 {"-j", BATCH_OPT_JOBS},
		   {"--out", BATCH_OPT_OUT},	 {"--resume", BATCH_OPT_RESUME},
		   {"--shard", BATCH_OPT_SHARD}, {"--merge", BATCH_OPT_MERGE},
		   {"--quiet", BATCH_OPT_QUIET}, {"-q", BATCH_OPT_QUIET}};
	for (size_t i = 0; flag && i < sizeof own / sizeof own[0]; i++)
		if (!strcmp(flag, own[i].flag))
			return own[i].id;
	return runopt_id_of_flag(flag);
}

static unsigned cores(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (unsigned)n : 1;
}

int batch_args_run(struct batch_args *b, char **operands, int nops)
{
	if (b->merge) {
		if (nops < 1)
			return error("give the out files to merge: sbx batch --merge OUT... [--out "
				     "FILE]"),
			       EXIT_SBX_FAILURE;
		return batch_merge(operands, (size_t)nops, b->o.out_path);
	}
	if (nops != 1)
		return error(nops ? "give one input: sbx batch [options] (FILE | -)"
				  : "give the requests: sbx batch [options] (FILE | -), one JSON "
				    "object per line"),
		       EXIT_SBX_FAILURE;
	if (b->o.resume && !b->o.out_path)
		return error("--resume continues an --out file: add --out FILE"), EXIT_SBX_FAILURE;
	b->o.input = operands[0];
	if (!b->o.jobs)
		b->o.jobs = cores();
	b->o.defaults = b->defaults;
	b->o.ndefaults = b->ndefaults;
	int rc = batch_run(&b->o);
	if (rc == 0 || rc == 1)
		record_written_set();
	return rc;
}
