/* batch_args — `sbx batch`'s options taken and the batch run, one home for
 * every front: the CLI parses its command line into it, sbx serve's POST
 * /v1/batch gives the same flags by name in its runner's fork (no exec).
 * The run defaults (-l, --timeout, --memory, --label, --state-dir, …) are
 * checked as sbx run checks them and handed to every request's run; a
 * request's own keys win.
 */
#ifndef SBX_BATCH_ARGS_H
#define SBX_BATCH_ARGS_H

#include <stdbool.h>

#include "batch/batch.h"
#include "core/request.h"
#include "run/runopt.h"

#define BATCH_MAX_DEFAULTS 128 /* forwarded default flags (each with its value) */

/* batch's own options (after runopt's). */
enum {
	BATCH_OPT_JOBS = RO_FIRST_FREE,
	BATCH_OPT_OUT,
	BATCH_OPT_RESUME,
	BATCH_OPT_SHARD,
	BATCH_OPT_MERGE,
	BATCH_OPT_QUIET,
};

struct batch_args {
	struct batch_options o;
	struct request req;
	struct run_options ro; /* checks the defaults as sbx run would */
	struct run_job_default defaults[BATCH_MAX_DEFAULTS];
	size_t ndefaults;
	bool merge, help;
};

void batch_args_init(struct batch_args *b);
void batch_args_release(struct batch_args *b);
/* An opt_handler (ctx: a struct batch_args) for BATCH_OPT_* and the run
 * options sbx batch takes. */
int batch_args_option(void *ctx, int id, const char *arg);
/* The option id of one of sbx batch's flags by name ("--jobs", "-l",
 * "--quiet"); 0 for none. */
int batch_args_flag_id(const char *flag);
/* With the options taken: --merge of the operands, or the batch of the one
 * input operand (FILE or "-"). Returns sbx batch's exit status (0, 1 some
 * requests were invalid, EXIT_SBX_FAILURE after a message). */
int batch_args_run(struct batch_args *b, char **operands, int nops);

#endif
