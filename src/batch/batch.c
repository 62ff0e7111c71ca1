/* batch — sbx batch's driver: input, --out/--resume, the pool, the
 * summary. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "batch/batch_int.h"
#include "core/outcome.h"
#include "util/opt.h"
#include "util/util.h"

/* Digits only, at most 9 of them. */
static int parse_small(const char *s, uint64_t *out)
{
	size_t n = strlen(s);
	if (n == 0 || n > 9 || strspn(s, "0123456789") != n)
		return -1;
	*out = strtoull(s, NULL, 10);
	return 0;
}

int batch_parse_format(const char *s, enum batch_format *f)
{
	if (!strcmp(s, "ndjson"))
		*f = BATCH_NDJSON;
	else if (!strcmp(s, "json"))
		*f = BATCH_JSON;
	else if (!strcmp(s, "text"))
		*f = BATCH_TEXT;
	else
		return error("invalid --format '%s': use ndjson (default), json or text", s);
	return 0;
}

int batch_parse_shard(const char *s, unsigned *i, unsigned *n)
{
	const char *slash = strchr(s, '/');
	uint64_t a, b;
	char head[32];
	if (!slash || (size_t)(slash - s) >= sizeof(head))
		return error("invalid --shard '%s': use I/N, e.g. --shard 0/4 (the first of 4)", s);
	memcpy(head, s, (size_t)(slash - s));
	head[slash - s] = '\0';
	if (parse_small(head, &a) != 0 || parse_small(slash + 1, &b) != 0 || b == 0 || b > 100000 ||
	    a >= b)
		return error("invalid --shard '%s': use I/N with 0 <= I < N <= 100000, e.g. "
			     "--shard $SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT",
			     s);
	*i = (unsigned)a;
	*n = (unsigned)b;
	return 0;
}

int batch_run(const struct batch_options *o)
{
	struct idset done = {0};
	struct batch_sink sink;
	struct batch_tally tally;
	int rc = EXIT_SBX_FAILURE;
	struct batch_input *in = batch_input_open(o->input);
	if (!in)
		return rc;
	if (sink_open(&sink, o, &done) != 0) {
		if (sink.out_fd >= 0)
			close(sink.out_fd);
		json_decref(sink.all);
		batch_input_close(in);
		idset_release(&done);
		return rc;
	}
	long total = batch_count_requests(o->input);
	if (total >= 0 && o->shard_n)
		total = total / o->shard_n + ((unsigned long)total % o->shard_n > o->shard_i);
	tally_init(&tally, total, !o->quiet && isatty(2));
	if (o->resume && o->out_path)
		tally_resumed(&tally, o->out_path);
	rc = batch_pool_run(o, in, o->resume ? &done : NULL, &sink, &tally);
	json_t *summary = tally_summary(&tally);
	if (sink_close(&sink, summary) != 0)
		rc = EXIT_SBX_FAILURE;
	if (!o->quiet)
		tally_print_summary(&tally, summary);
	json_decref(summary);
	tally_release(&tally);
	batch_input_close(in);
	idset_release(&done);
	return rc;
}
