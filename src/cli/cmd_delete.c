/* sbx delete — remove a deployment, or one version of it. */
#include <stdio.h>
#include <stdlib.h>

#include "cli/cmd.h"
#include "core/outcome.h"
#include "run/runopt.h"
#include "state/store.h"
#include "util/util.h"
#include "util/textout.h"

const struct opt_spec *const delete_tables[] = {common_opts, NULL};

int cmd_delete(int argc, char **argv)
{
	struct request req;
	struct run_options ro;
	struct store st = {NULL, -1, -1, -1};
	char **operands = NULL;
	char *state_dir = NULL;
	int rc = EXIT_SBX_FAILURE;
	char name[STORE_NAME_MAX + 1];
	int version;

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
	/* Every name is checked before anything is removed: a typo in the
	 * third name must not leave the first two deleted. */
	for (int i = 0; i < nops; i++)
		if (store_parse_ref(operands[i], name, &version) != 0)
			goto out;
	state_dir = store_state_dir(ro.state_dir_flag, ro.config_flag);
	if (!state_dir || store_open(&st, state_dir, false) != 0)
		goto out;
	rc = 0;
	for (int i = 0; i < nops; i++) {
		store_parse_ref(operands[i], name, &version);
		if (store_delete(&st, name, version) != 0) {
			rc = EXIT_SBX_FAILURE;
			continue;
		}
		if (version)
			text_printf(stdout, "deleted %s@%d\n", name, version);
		else
			text_printf(stdout, "deleted %s\n", name);
	}
out:
	free(operands);
	free(state_dir);
	store_close(&st);
	request_release(&req);
	return rc;
}
