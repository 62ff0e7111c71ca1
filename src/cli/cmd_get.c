/* sbx get — everything stored about one deployment, and its executions. */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <unistd.h>

#include "cli/cmd.h"
#include "state/history.h"
#include "state/manifest.h"
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
	struct deployment d;
	struct store st = {NULL, -1, -1, -1};
	char **operands = NULL;
	char *state_dir = NULL;
	int dirfd = -1, *vs = NULL;
	size_t nv = 0;
	int rc = EXIT_SBX_FAILURE;
	char name[STORE_NAME_MAX + 1];
	int version;

	request_init(&req);
	runopt_init(&ro, &req);
	deployment_init(&d);
	int nops = cmd_parse("get", argc, argv, get_option, &g, &ro.help, &operands);
	if (nops < 0) {
		rc = nops == CMD_HELP_SHOWN ? 0 : rc;
		goto out;
	}
	if (nops != 1) {
		error("give one deployment: sbx get NAME[@VERSION] (see `sbx list`)");
		goto out;
	}
	if (store_parse_ref(operands[0], name, &version) != 0)
		goto out;
	state_dir = store_state_dir(ro.state_dir_flag, ro.config_flag);
	if (!state_dir || store_open(&st, state_dir, false) != 0)
		goto out;
	deployment_release(&d);
	if (manifest_load(&st, name, version, &d, NULL, &dirfd) != 0)
		goto out;
	if (store_versions(&st, name, &vs, &nv) != 0)
		goto out;
	json_t *extra = json_object();
	json_t *va = json_array();
	for (size_t i = 0; i < nv; i++)
		json_array_append_new(va, json_integer(vs[i]));
	json_object_set_new(extra, "versions", va);
	json_object_set_new(extra, "latest", json_integer(nv ? vs[nv - 1] : d.version));
	json_object_set_new(extra, "executions", history_deployment_summary(state_dir, name));
	rc = manifest_print(&st, &d, dirfd, extra, g.json) == 0 ? 0 : EXIT_SBX_FAILURE;
	json_decref(extra);
out:
	if (dirfd >= 0)
		close(dirfd);
	free(vs);
	free(operands);
	free(state_dir);
	store_close(&st);
	deployment_release(&d);
	request_release(&req);
	return rc;
}
