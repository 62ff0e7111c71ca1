/* sbx session — stateful sandboxes (SPEC "Sessions"):
 *   create [-l LANG] [-n NAME] [--ttl DUR] [--idle DUR] [limits] [-f FILE...]
 *   exec ID|NAME [run options] (-e CODE | FILE | -)
 *   list [--status S] [--language L] [--json]
 *   get|stop|delete ID|NAME
 *   ttl ID|NAME --ttl DUR
 *   files ID|NAME ls|get|put|rm|mkdir ...   (session/session_ws_cmd.c)
 * One option table serves every subcommand (so `sbx session -h`, the man
 * page and the completions list them once); each subcommand refuses the
 * options it does not take. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/request_keys.h"
#include "cli/cmd.h"
#include "core/config.h"
#include "core/lang.h"
#include "core/outcome.h"
#include "run/request_json.h"
#include "engine/engine_kernel.h"
#include "run/runopt.h"
#include "util/opt.h"
#include "session/session.h"
#include "session/session_admin.h"
#include "state/store.h"
#include "util/util.h"
#include "util/front.h"
#include "util/textout.h"

static const struct opt_spec session_opts[] = {
    {"name", 'n', OPT_ARG, SESSION_OPT_NAME, "NAME",
     "create: the session's name (as deployment names)"},
    {"ttl", 0, OPT_ARG, SESSION_OPT_TTL, "DURATION",
     "create, ttl: deleted this long after its last execution (default 24h, at most 14d "
     "unless the config's sessions.max_ttl raises it); ttl sets it anew, from now"},
    {"idle", 0, OPT_ARG, SESSION_OPT_IDLE, "DURATION",
     "create: state saved and processes stopped after this long idle (default 15m)"},
    {"disk", 0, OPT_ARG, SESSION_OPT_DISK, "SIZE",
     "create: the workspace's files together at most this big (default 1G)"},
    {"status", 0, OPT_ARG, SESSION_OPT_STATUS, "STATUS",
     "list: running, stopped, expired or broken (its manifest unreadable: delete it)"},
    {"fresh", 0, OPT_NOARG, SESSION_OPT_FRESH, NULL,
     "exec: in a new interpreter without the earlier executions' state (their files stay), "
     "so no earlier code can change it or its record; for grading"},
    {"recursive", 'r', OPT_NOARG, SESSION_OPT_RECURSIVE, NULL,
     "files rm: a directory and everything in it"},
    {"parents", 'p', OPT_NOARG, SESSION_OPT_PARENTS, NULL,
     "files mkdir: the missing parent directories too; an existing directory is no error"},
    {NULL, 0, 0, 0, NULL, NULL},
};

const struct opt_spec *const session_tables[] = {
    common_opts, session_opts, source_opts, request_opts, run_opts, format_opts, NULL};

/* Options of one execution: create, list, get, stop and delete refuse
 * them by name instead of ignoring them. */
static int session_runopt(void *ctx, int id, const char *arg)
{
	struct run_options *ro = ctx;
	struct session_admin *sc = ro->extra_ctx;
	if (id == RO_STDIN)
		sc->unsupported = "--stdin";
	else if (id == RO_ENV)
		sc->unsupported = "--env";
	else if (id == RO_CPU_TIME)
		sc->unsupported = "--cpu-time";
	else if (id == RO_TIMEOUT)
		sc->unsupported = "--timeout";
	return runopt_handle(ctx, id, arg);
}

static int exec_in(struct run_options *ro, char **operands, int nops, int *exit_code)
{
	char id[SESSION_ID_LEN + 1];
	if (session_exec_prepare(ro, operands[0], operands + 1, nops - 1, id) != 0)
		return -1;
	*exit_code = session_exec(ro->req->state_dir, id, ro->req);
	return 0;
}

/* --request (what the HTTP API sends): the code and the execution's
 * settings as one JSON object; the session stays an operand. */
static int do_exec(struct run_options *ro, const struct session_admin *sc, char **operands,
		   int nops, int *exit_code)
{
	if (session_admin_refuse(sc, ro->req, NULL) < 0)
		return -1;
	if (nops < 1)
		return error("session exec needs the session: sbx session exec ID|NAME (-e CODE | "
			     "FILE | - | --request FILE)");
	json_t *jreq = NULL;
	struct request_json_tmp tmp = {NULL, 0};
	int rc = request_json_load(ro, nops - 1, false, NULL, &jreq, &tmp);
	if (rc == 0)
		rc = session_admin_refuse(sc, ro->req, NULL); /* the request's engine */
	if (sc->fresh)
		ro->req->fresh = true;
	if (rc == 0)
		rc = exec_in(ro, operands, nops, exit_code);
	request_json_cleanup(&tmp);
	json_decref(jreq);
	return rc;
}

int cmd_session(int argc, char **argv)
{
	struct request req;
	struct run_options ro;
	struct session_admin sc = {0};
	char **operands = NULL;
	int rc = EXIT_SBX_FAILURE, code = 0;
	static const char *const subs[] = {"create", "exec",   "list",	"get",
					   "stop",   "delete", "files", "ttl"};
	const size_t nsubs = sizeof subs / sizeof subs[0];

	request_init(&req);
	runopt_init(&ro, &req);
	ro.extra = session_admin_option;
	ro.extra_ctx = &sc;
	const char *sub = argc > 1 ? argv[1] : NULL;
	if (sub && (!strcmp(sub, "-h") || !strcmp(sub, "--help"))) {
		cmd_print_help(cmd_find("session"));
		rc = 0;
		goto out;
	}
	size_t k = 0;
	while (sub && k < nsubs && strcmp(sub, subs[k]))
		k++;
	if (!sub || k == nsubs) {
		error("session needs a subcommand: create, exec, list, get, stop, delete, files or "
		      "ttl (see 'sbx session -h')");
		goto out;
	}
	int nops =
	    cmd_parse("session", argc - 1, argv + 1, session_runopt, &ro, &ro.help, &operands);
	if (nops < 0) {
		rc = nops == CMD_HELP_SHOWN ? 0 : rc;
		goto out;
	}
	if (ro.request_path && strcmp(sub, "exec")) {
		error("--request is for 'sbx session exec': session %s does not take it", sub);
		goto out;
	}
	if (!strcmp(sub, "exec")) {
		runopt_take_args(&ro, operands, &nops);
		if (do_exec(&ro, &sc, operands, nops, &code) == 0)
			rc = code;
	} else if (!strcmp(sub, "files")) {
		if (session_admin_files(&ro, &sc, operands, nops) == 0)
			rc = 0;
	} else if (!strcmp(sub, "ttl")) {
		if (session_admin_ttl(&ro, &sc, operands, nops) == 0)
			rc = 0;
	} else if (!strcmp(sub, "create")) {
		if (session_admin_create(&ro, &sc, nops) == 0)
			rc = 0;
	} else if (session_admin_manage(sub, &ro, &sc, operands, nops) == 0) {
		rc = 0;
	}
out:
	free(operands);
	request_release(&req);
	return rc;
}
