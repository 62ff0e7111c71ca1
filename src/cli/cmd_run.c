/* sbx run — run code once in a fresh sandbox. */
#include <stdlib.h>
#include <string.h>

#include "cli/cmd.h"
#include "run/execute.h"
#include "core/outcome.h"
#include "run/request_json.h"
#include "run/runopt.h"
#include "run/job.h"
#include "util/profile.h"

/* One request, as its options and --request say, and what it holds on to. */
struct run_load {
	struct request req;
	struct run_options ro;
	char **operands;
	json_t *json_req;
	struct request_json_tmp tmp;
	int argc;
	char **argv;
	bool help_shown;
};

static void load_release(struct run_load *l)
{
	request_json_cleanup(&l->tmp);
	json_decref(l->json_req);
	free(l->operands);
	request_release(&l->req);
}

static int load(struct run_load *l)
{
	request_init(&l->req);
	runopt_init(&l->ro, &l->req);
	l->tmp = (struct request_json_tmp){NULL, 0};
	int nops =
	    cmd_parse("run", l->argc, l->argv, runopt_handle, &l->ro, &l->ro.help, &l->operands);
	if (nops < 0) {
		l->help_shown = nops == CMD_HELP_SHOWN;
		return -1;
	}
	runopt_take_args(&l->ro, l->operands, &nops);
	int rc = request_json_load(&l->ro, nops, false, NULL, &l->json_req, &l->tmp);
	if (rc != 0 || runopt_load_code(&l->ro, l->operands, nops, false) != 0 ||
	    runopt_finish(&l->ro) != 0)
		return -1;
	return 0;
}

/* `sbx run --warm-sandbox LANG ...`: a warm sandbox as sbx serve's pool
 * makes them (serve/warm_pool.c, through its runner: run/job.h's
 * run_job_warm), by hand; not a user's option. */
static int warm(int argc, char **argv)
{
	const char *lang = argv[2];
	memmove(&argv[1], &argv[3], (size_t)(argc - 2) * sizeof(*argv)); /* with the NULL */
	argc -= 2;
	struct run_load l = {.argc = argc, .argv = argv};
	request_init(&l.req);
	runopt_init(&l.ro, &l.req);
	int rc = EXIT_SBX_FAILURE;
	int nops = cmd_parse("run", l.argc, l.argv, runopt_handle, &l.ro, &l.ro.help, &l.operands);
	if (nops >= 0) {
		struct run_job job = {.format = l.req.format,
				      .state_dir = l.ro.state_dir_flag,
				      .config = l.ro.config_flag};
		rc = run_job_warm(&job, lang);
	}
	load_release(&l);
	return rc;
}

int cmd_run(int argc, char **argv)
{
	if (argc > 2 && !strcmp(argv[1], "--warm-sandbox"))
		return warm(argc, argv);
	struct run_load l = {.argc = argc, .argv = argv};
	int rc = EXIT_SBX_FAILURE;
	if (load(&l) != 0) {
		rc = l.help_shown ? 0 : rc;
		goto out;
	}
	profile_mark("options, config, code");
	rc = execute_and_render(&l.req);
out:
	load_release(&l);
	return rc;
}
