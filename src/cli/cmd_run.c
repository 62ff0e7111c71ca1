/* sbx run — run code once in a fresh sandbox. */
#include <stdlib.h>

#include "cli/cmd.h"
#include "run/execute.h"
#include "core/outcome.h"
#include "run/request_json.h"
#include "run/runopt.h"
#include "util/profile.h"

int cmd_run(int argc, char **argv)
{
	struct request req;
	struct run_options ro;
	char **operands = NULL;
	int rc = EXIT_SBX_FAILURE;
	json_t *json_req = NULL;
	struct request_json_tmp tmp = {NULL, 0};

	request_init(&req);
	runopt_init(&ro, &req);
	int nops = cmd_parse("run", argc, argv, runopt_handle, &ro, &ro.help, &operands);
	if (nops < 0) {
		rc = nops == CMD_HELP_SHOWN ? 0 : rc;
		goto out;
	}
	runopt_take_args(&ro, operands, &nops);
	if (request_json_load(&ro, nops, false, NULL, &json_req, &tmp) != 0 ||
	    runopt_load_code(&ro, operands, nops, false) != 0 || runopt_finish(&ro) != 0)
		goto out;
	profile_mark("options, config, code");
	rc = execute_and_render(&req);
out:
	request_json_cleanup(&tmp);
	json_decref(json_req);
	free(operands);
	request_release(&req);
	return rc;
}
