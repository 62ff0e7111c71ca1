/* sbx exec-deployment — run a stored deployment with new inputs: the
 * options and --request parsed here, the deployment applied and run by
 * run/deployment_run.c (which says the precedence), the home every front
 * shares. */
#include <stdlib.h>

#include "cli/cmd.h"
#include "core/outcome.h"
#include "run/deployment_run.h"
#include "run/request_json.h"
#include "run/runopt.h"
#include "util/util.h"

const struct opt_spec *const exec_deployment_tables[] = {common_opts, request_opts, run_opts,
							 format_opts, NULL};

int cmd_exec_deployment(int argc, char **argv)
{
	struct request req;
	struct run_options ro;
	char **operands = NULL;
	int rc = EXIT_SBX_FAILURE;
	json_t *json_req = NULL;
	struct request_json_tmp tmp = {NULL, 0};
	const char *ref = NULL;

	request_init(&req);
	runopt_init(&ro, &req);
	int nops =
	    cmd_parse("exec-deployment", argc, argv, runopt_handle, &ro, &ro.help, &operands);
	if (nops < 0) {
		rc = nops == CMD_HELP_SHOWN ? 0 : rc;
		goto out;
	}
	runopt_take_args(&ro, operands, &nops);
	if (request_json_load(&ro, nops, true, &ref, &json_req, &tmp) != 0)
		goto out;
	if (!ref && nops != 1) {
		error(nops ? "exec-deployment runs one deployment: give one NAME[@VERSION]"
			   : "no deployment given: use sbx exec-deployment NAME[@VERSION] "
			     "(see `sbx list`)");
		goto out;
	}
	rc = deployment_run(&ro, ref ? ref : operands[0]);
out:
	request_json_cleanup(&tmp);
	json_decref(json_req);
	free(operands);
	request_release(&req);
	return rc;
}
