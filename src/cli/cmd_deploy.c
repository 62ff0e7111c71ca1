/* sbx deploy — prepare code, then store it with its run settings and build
 * artefacts as version N+1 of a named deployment: the options taken here,
 * the rest is run/deploy_run.c (which sbx serve and sbx mcp call too). */
#include <stdlib.h>

#include "cli/cmd.h"
#include "core/outcome.h"
#include "run/deploy_run.h"
#include "run/runopt.h"
#include "util/util.h"

static const struct opt_spec deploy_opts[] = {
    {"name", 'n', OPT_ARG, RO_DEPLOY_NAME, "NAME", "deployment name (default: from the file name)"},
    {NULL, 0, 0, 0, NULL, NULL},
};

const struct opt_spec *const deploy_tables[] = {common_opts, deploy_opts, source_opts,
						run_opts,    format_opts, NULL};

int cmd_deploy(int argc, char **argv)
{
	struct request req;
	struct run_options ro;
	const char *name = NULL;
	char **operands = NULL;
	int rc = EXIT_SBX_FAILURE;

	request_init(&req);
	runopt_init(&ro, &req);
	ro.extra = deploy_run_option;
	ro.extra_ctx = &name;
	int nops = cmd_parse("deploy", argc, argv, runopt_handle, &ro, &ro.help, &operands);
	if (nops < 0)
		rc = nops == CMD_HELP_SHOWN ? 0 : rc;
	else
		rc = deploy_run(&ro, name, operands, nops);
	free(operands);
	request_release(&req);
	return rc;
}
