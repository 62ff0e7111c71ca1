/* sbx list — the deployments, one line each, or as JSON: its options,
 * then state/deployments.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cmd.h"
#include "state/deployments.h"
#include "core/outcome.h"
#include "run/runopt.h"
#include "state/store.h"
#include "util/util.h"
#include "util/textout.h"

enum { LIST_LANGUAGE = RO_FIRST_FREE, LIST_STATUS };

static const struct opt_spec list_opts[] = {
    {"language", 'l', OPT_ARG, LIST_LANGUAGE, "LANG", "only deployments in this language"},
    {"status", 0, OPT_ARG, LIST_STATUS, "STATUS", "only active or damaged deployments"},
    {NULL, 0, 0, 0, NULL, NULL},
};

const struct opt_spec *const list_tables[] = {common_opts, list_opts, format_opts, NULL};

struct list_ctx {
	struct run_options *ro;
	struct deployments_filter filter;
	int json; /* 0 text, 1 json (an array), 2 ndjson (a row per line) */
};

static int list_option(void *ctx, int id, const char *arg)
{
	struct list_ctx *lc = ctx;
	switch (id) {
	case LIST_LANGUAGE: return deployments_filter_language(&lc->filter, arg);
	case LIST_STATUS: return deployments_filter_status(&lc->filter, arg);
	case RO_JSON: lc->json = 1; return 0;
	case RO_FORMAT:
		if (!strcmp(arg, "json"))
			lc->json = 1;
		else if (!strcmp(arg, "ndjson"))
			lc->json = 2;
		else if (!strcmp(arg, "text"))
			lc->json = 0;
		else
			return error("invalid --format '%s': use text, json or ndjson", arg);
		return 0;
	default: return runopt_handle(lc->ro, id, arg);
	}
}

int cmd_list(int argc, char **argv)
{
	struct request req;
	struct run_options ro;
	struct list_ctx lc = {&ro, {NULL, NULL}, 0};
	char **operands = NULL;
	int rc = EXIT_SBX_FAILURE;

	request_init(&req);
	runopt_init(&ro, &req);
	int nops = cmd_parse("list", argc, argv, list_option, &lc, &ro.help, &operands);
	if (nops < 0) {
		rc = nops == CMD_HELP_SHOWN ? 0 : rc;
		goto out;
	}
	if (nops > 0) {
		error("list takes no operands ('%s'): to see one deployment use `sbx get %s`",
		      operands[0], operands[0]);
		goto out;
	}
	rc = deployments_list(ro.state_dir_flag, ro.config_flag, &lc.filter, lc.json) == 0
		 ? 0
		 : EXIT_SBX_FAILURE;
out:
	free(operands);
	request_release(&req);
	return rc;
}
