/* sbx prepare — check code without running it: syntax (by the language's
 * own parser, in the sandbox), policy findings, dependencies and the
 * transforms sbx applies before running. Exits 0 when the code may run,
 * 1 when a syntax error or a block finding stops it, 125 on sbx's own
 * failures (bad flag, bad config). */
#include <stdlib.h>

#include "cli/cmd.h"
#include "core/outcome.h"
#include "run/prepare_run.h"
#include "run/runopt.h"
#include "util/util.h"

const struct opt_spec *const prepare_tables[] = {common_opts, source_opts, engine_opts, format_opts,
						 NULL};

int cmd_prepare(int argc, char **argv)
{
	struct request req;
	struct run_options ro;
	char **operands = NULL;
	int rc = EXIT_SBX_FAILURE;

	request_init(&req);
	runopt_init(&ro, &req);
	int nops = cmd_parse("prepare", argc, argv, runopt_handle, &ro, &ro.help, &operands);
	if (nops < 0) {
		rc = nops == CMD_HELP_SHOWN ? 0 : rc;
		goto out;
	}
	if (nops > 1) {
		error("prepare takes one FILE (or -); got %d operands: quote the code or use -e",
		      nops);
		goto out;
	}
	if (runopt_load_code(&ro, operands, nops, false) != 0)
		goto out;
	rc = prepare_run(&ro);
out:
	free(operands);
	request_release(&req);
	return rc;
}
