/* sbx get — everything stored about one deployment, and its executions:
 * its options, then state/deployments.h. */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <unistd.h>

#include "cli/cmd.h"
#include "state/deployments.h"
#include "core/outcome.h"
#include "run/runopt.h"
#include "state/store.h"
#include "util/util.h"

const struct opt_spec *const get_tables[] = {common_opts, format_opts, NULL};

struct get_ctx {
	struct run_options *ro;
	int json; /* 0 text, 1 json, 2 ndjson (one line) */
};

static int get_option(void *ctx, int id, const char *arg)
{
	struct get_ctx *g = ctx;
	if (id == RO_JSON) {
		g->json = 1;
		return 0;
	}
	if (id == RO_FORMAT) {
		if (!strcmp(arg, "json"))
			g->json = 1;
		else if (!strcmp(arg, "ndjson"))
			g->json = 2;
		else if (!strcmp(arg, "text"))
			g->json = 0;
		else
			return error("invalid --format '%s': use text, json or ndjson", arg);
		return 0;
	}
	return runopt_handle(g->ro, id, arg);
}

int cmd_get(int argc, char **argv)
{
	struct request req;
	struct run_options ro;
	struct get_ctx g = {&ro, 0};
	char **operands = NULL;
	int rc = EXIT_SBX_FAILURE;

	request_init(&req);
	runopt_init(&ro, &req);
	int nops = cmd_parse("get", argc, argv, get_option, &g, &ro.help, &operands);
	if (nops < 0) {
		rc = nops == CMD_HELP_SHOWN ? 0 : rc;
		goto out;
	}
	if (nops != 1) {
		error("give one deployment: sbx get NAME[@VERSION] (see `sbx list`)");
		goto out;
	}
	rc = deployments_get(ro.state_dir_flag, ro.config_flag, operands[0], g.json) == 0
		 ? 0
		 : EXIT_SBX_FAILURE;
out:
	free(operands);
	request_release(&req);
	return rc;
}
