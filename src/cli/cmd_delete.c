/* sbx delete — remove a deployment, or one version of it: its options,
 * then state/deployments.h. */
#include <stdio.h>
#include <stdlib.h>

#include "cli/cmd.h"
#include "core/outcome.h"
#include "run/runopt.h"
#include "state/deployments.h"
#include "util/util.h"

const struct opt_spec *const delete_tables[] = {common_opts, NULL};

int cmd_delete(int argc, char **argv)
{
	struct request req;
	struct run_options ro;
	char **operands = NULL;
	int rc = EXIT_SBX_FAILURE;

	request_init(&req);
	runopt_init(&ro, &req);
	int nops = cmd_parse("delete", argc, argv, runopt_handle, &ro, &ro.help, &operands);
	if (nops < 0) {
		rc = nops == CMD_HELP_SHOWN ? 0 : rc;
		goto out;
	}
	if (nops < 1) {
		error("no deployment given: use sbx delete NAME[@VERSION] (see `sbx list`)");
		goto out;
	}
	rc = deployments_delete(ro.state_dir_flag, ro.config_flag, operands, nops) == 0
		 ? 0
		 : EXIT_SBX_FAILURE;
out:
	free(operands);
	request_release(&req);
	return rc;
}
