/* sbx run — run code once in a fresh sandbox. */
#include <stdlib.h>
#include <string.h>

#include "cli/cmd.h"
#include "run/execute.h"
#include "core/outcome.h"
#include "run/request_json.h"
#include "run/runopt.h"
#include "run/warm_run.h"
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

/* template: the request JSON to take instead of --request's (a warm
 * sandbox's, made before its code is known); NULL: --request's. */
static int load(struct run_load *l, json_t *template)
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
	int rc = template ? request_json_apply(&l->ro, template, false, NULL, &l->tmp)
			  : request_json_load(&l->ro, nops, false, NULL, &l->json_req, &l->tmp);
	if (rc != 0 || runopt_load_code(&l->ro, l->operands, nops, false) != 0 ||
	    runopt_finish(&l->ro) != 0)
		return -1;
	return 0;
}

/* The real request of a warm sandbox (run/warm_run.h). */
static int load_real(void *ctx, struct request **req)
{
	struct run_load *l = ctx;
	if (load(l, NULL) != 0)
		return -1;
	*req = &l->req;
	return 0;
}

/* `sbx run --warm-sandbox LANG ...`: sbx serve's warm pool (serve/warm_pool.c)
 * starts these; not a user's option. */
static int warm(int argc, char **argv)
{
	const char *lang = argv[2];
	memmove(&argv[1], &argv[3], (size_t)(argc - 2) * sizeof(*argv)); /* with the NULL */
	argc -= 2;
	struct run_load tmpl = {.argc = argc, .argv = argv};
	struct run_load real = {.argc = argc, .argv = argv};
	json_t *t = json_pack("{s:s, s:s}", "language", lang, "code", "pass\n"); /* replaced */
	int rc = EXIT_SBX_FAILURE;
	if (load(&tmpl, t) == 0)
		rc = warm_run(&tmpl.req, load_real, &real);
	json_decref(t);
	load_release(&tmpl);
	load_release(&real);
	return rc;
}

int cmd_run(int argc, char **argv)
{
	if (argc > 2 && !strcmp(argv[1], "--warm-sandbox"))
		return warm(argc, argv);
	struct run_load l = {.argc = argc, .argv = argv};
	int rc = EXIT_SBX_FAILURE;
	if (load(&l, NULL) != 0) {
		rc = l.help_shown ? 0 : rc;
		goto out;
	}
	profile_mark("options, config, code");
	rc = execute_and_render(&l.req);
out:
	load_release(&l);
	return rc;
}
