/* sbx session — stateful sandboxes (SPEC "Sessions"):
 *   create [-l LANG] [-n NAME] [--ttl DUR] [--idle DUR] [limits] [-f FILE...]
 *   exec ID|NAME [run options] (-e CODE | FILE | -)
 *   list [--status S] [--language L] [--json]
 *   get|stop|delete ID|NAME
 *   ttl ID|NAME --ttl DUR
 *   files ID|NAME ls|get|put|rm|mkdir ...   (cmd_session_files.c)
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
#include "state/store.h"
#include "util/util.h"
#include "util/front.h"
#include "util/textout.h"

enum {
	SO_NAME = RO_FIRST_FREE,
	SO_TTL,
	SO_IDLE,
	SO_DISK,
	SO_STATUS,
	SO_FRESH,
	SO_RECURSIVE,
	SO_PARENTS
};

static const struct opt_spec session_opts[] = {
    {"name", 'n', OPT_ARG, SO_NAME, "NAME", "create: the session's name (as deployment names)"},
    {"ttl", 0, OPT_ARG, SO_TTL, "DURATION",
     "create, ttl: deleted this long after its last execution (default 24h, at most 14d "
     "unless the config's sessions.max_ttl raises it); ttl sets it anew, from now"},
    {"idle", 0, OPT_ARG, SO_IDLE, "DURATION",
     "create: state saved and processes stopped after this long idle (default 15m)"},
    {"disk", 0, OPT_ARG, SO_DISK, "SIZE",
     "create: the workspace's files together at most this big (default 1G)"},
    {"status", 0, OPT_ARG, SO_STATUS, "STATUS",
     "list: running, stopped, expired or broken (its manifest unreadable: delete it)"},
    {"fresh", 0, OPT_NOARG, SO_FRESH, NULL,
     "exec: in a new interpreter without the earlier executions' state (their files stay), "
     "so no earlier code can change it or its record; for grading"},
    {"recursive", 'r', OPT_NOARG, SO_RECURSIVE, NULL, "files rm: a directory and everything in it"},
    {"parents", 'p', OPT_NOARG, SO_PARENTS, NULL,
     "files mkdir: the missing parent directories too; an existing directory is no error"},
    {NULL, 0, 0, 0, NULL, NULL},
};

const struct opt_spec *const session_tables[] = {
    common_opts, session_opts, source_opts, request_opts, run_opts, format_opts, NULL};

struct session_cli {
	const char *name, *status;
	uint64_t ttl_ms, idle_ms;
	uint64_t disk_bytes;	 /* create --disk; 0: the config's, else 1G */
	bool fresh;		 /* exec --fresh */
	bool recursive, parents; /* files rm -r, files mkdir -p */
	int given;		 /* session options seen, for the subcommands that take none */
	/* An execution's option given to another subcommand (refused, never
	 * ignored). */
	const char *unsupported;
};

/* Options of one execution: create, list, get, stop and delete refuse
 * them by name instead of ignoring them. */
static int session_runopt(void *ctx, int id, const char *arg)
{
	struct run_options *ro = ctx;
	struct session_cli *sc = ro->extra_ctx;
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

/* sub: NULL for exec, which takes them all (session_exec_prepare then
 * checks what its language cannot take). */
static int refuse_unsupported(const struct session_cli *sc, const struct request *req,
			      const char *sub)
{
	const char *o = sc->unsupported;
	if (session_exec_refuse(req) < 0) /* the engine, for every subcommand */
		return -1;
	if (!sub)
		return 0;
	if (req->nargs > 0)
		return error("session %s takes no program arguments after '--': they are for "
			     "one execution ('sbx session exec ID -e CODE -- ARG...')",
			     sub);
	if (o)
		return error("session %s does not take %s: it is for one execution ('sbx session "
			     "exec ID %s ...')",
			     sub, o, o);
	return 0;
}

static int session_handle(void *ctx, int id, const char *arg)
{
	struct session_cli *sc = ctx; /* runopt passes extra_ctx */
	sc->given++;
	switch (id) {
	case SO_NAME: sc->name = arg; return 0;
	case SO_RECURSIVE: sc->recursive = true; return 0;
	case SO_PARENTS: sc->parents = true; return 0;
	case SO_FRESH:
		sc->fresh = true;
		sc->unsupported = "--fresh";
		return 0;
	case SO_STATUS:
		if (strcmp(arg, "running") && strcmp(arg, "stopped") && strcmp(arg, "expired") &&
		    strcmp(arg, "broken"))
			return error(
			    "invalid --status '%s': use running, stopped, expired or broken", arg);
		sc->status = arg;
		return 0;
	case SO_TTL:
		if (opt_duration_ms(request_key_name("ttl"), arg, &sc->ttl_ms) < 0)
			return -1;
		if (sc->ttl_ms == 0)
			return error("invalid %s '%s': at least 1s", request_key_name("ttl"), arg);
		return 0; /* the maximum is the config's: checked in do_create */
	case SO_DISK:
		if (parse_size(arg, &sc->disk_bytes) != 0 || sc->disk_bytes == 0)
			return error("invalid %s '%s': use bytes or a K, M, G suffix (e.g. 1G)",
				     request_key_name("disk"), arg);
		return 0;
	case SO_IDLE:
		if (opt_duration_ms(request_key_name("idle"), arg, &sc->idle_ms) < 0)
			return -1;
		if (sc->idle_ms < 1000)
			return error("invalid --idle '%s': at least 1s", arg);
		return 0;
	}
	return -1;
}

static void print_text(json_t *s, bool header)
{
	if (header)
		text_printf(stdout, "%-24s  %-16s  %-10s  %-8s  %5s  %s\n", "ID", "NAME",
			    "LANGUAGE", "STATUS", "EXECS", "EXPIRES");
	const char *name = json_string_value(json_object_get(s, "name"));
	const char *lang = json_string_value(json_object_get(s, "language"));
	const char *exp = json_string_value(json_object_get(s, "expires_at"));
	text_printf(stdout, "%-24s  %-16s  %-10s  %-8s  %5lld  %s\n",
		    json_string_value(json_object_get(s, "id")), name ? name : "-",
		    lang ? lang : "-", json_string_value(json_object_get(s, "status")),
		    (long long)json_integer_value(json_object_get(s, "execution_count")),
		    exp ? exp : "-");
	/* A broken session's reason (its manifest cannot be read), on stderr. */
	if (json_object_get(s, "error"))
		warning("session %s is broken: %s", json_string_value(json_object_get(s, "id")),
			json_string_value(json_object_get(s, "error")));
}

/* A workspace's kernels, a line each: "kernel  r running, 2 executions,
 * 61.3 MiB". */
static void print_kernels(json_t *kernels)
{
	size_t i;
	json_t *k;
	json_array_foreach(kernels, i, k)
	{
		json_int_t n = json_integer_value(json_object_get(k, "executions"));
		json_t *kb = json_object_get(k, "memory_kb");
		char mem[48] = "";
		if (json_is_integer(kb))
			snprintf(mem, sizeof mem, ", %.1f MiB",
				 (double)json_integer_value(kb) / 1024);
		text_printf(stdout, "%-16s %s %s, %lld execution%s%s\n", "kernel",
			    json_string_value(json_object_get(k, "language")),
			    json_string_value(json_object_get(k, "state")), (long long)n,
			    n == 1 ? "" : "s", mem);
	}
}

static int emit(json_t *j, const struct request *req)
{
	if (req->format == FORMAT_NDJSON && json_is_array(j)) { /* one object a line */
		size_t i;
		json_t *s;
		json_array_foreach(j, i, s)
		{
			char *line = json_dumps(s, JSON_COMPACT | JSON_ENSURE_ASCII);
			puts(line);
			free(line);
		}
	} else if (req->format != FORMAT_TEXT) {
		char *s = json_dumps(j, JSON_COMPACT | JSON_ENSURE_ASCII);
		puts(s);
		free(s);
	} else if (json_is_array(j)) {
		size_t i;
		json_t *s;
		json_array_foreach(j, i, s) print_text(s, i == 0);
	} else {
		json_t *v;
		const char *k;
		json_object_foreach(j, k, v)
		{
			if (!strcmp(k, "kernels") && json_is_array(v)) {
				print_kernels(v);
				continue;
			}
			/* a duration in ms to a hundredth, not JSON's 17 digits */
			if (json_is_real(v)) {
				text_printf(stdout, "%-16s %.2f\n", k, json_real_value(v));
				continue;
			}
			char *s = json_is_string(v) ? NULL : json_dumps(v, JSON_ENCODE_ANY);
			text_printf(stdout, "%-16s %s\n", k, s ? s : json_string_value(v));
			free(s);
		}
	}
	return 0;
}

/* --ttl within the config's sessions.max_ttl. */
static int check_ttl(const struct session_cli *sc, const struct request *req)
{
	uint64_t max_ttl = config_session_max_ttl_ms(req->config);
	if (sc->ttl_ms <= max_ttl)
		return 0;
	char got[32], most[32];
	opt_format_duration(sc->ttl_ms, got);
	opt_format_duration(max_ttl, most);
	return error("invalid %s %s: at most %s (%s)", request_key_name("ttl"), got, most,
		     front_get() == FRONT_CLI ? "the config's sessions.max_ttl raises it"
					      : "the server's sessions.max_ttl");
}

static int do_create(struct run_options *ro, struct session_cli *sc, int nops)
{
	struct request *req = ro->req;
	if (refuse_unsupported(sc, req, "create") < 0)
		return -1;
	if (nops > 0)
		return error("session create takes no operand (code goes to 'sbx session exec')");
	if (ro->code_arg)
		return error("session create takes no -e: run code with 'sbx session exec'");
	/* Python unless -l says otherwise. */
	const struct lang *l = lang_by_name(ro->lang_arg ? ro->lang_arg : "python");
	if (!l)
		return error("unknown language '%s': use %s", ro->lang_arg, lang_all_names());
	if (runopt_load_code(ro, NULL, 0, true) != 0)
		return -1;
	req->lang = l;
	if (runopt_finish(ro) != 0)
		return -1;
	req->lang = l;
	if (check_ttl(sc, req) < 0)
		return -1;
	struct session_new sn = {
	    .lang = req->lang,
	    .name = sc->name,
	    .ttl_ms = sc->ttl_ms ? sc->ttl_ms : SESSION_TTL_DEFAULT_MS,
	    .idle_ms = sc->idle_ms ? sc->idle_ms : SESSION_IDLE_DEFAULT_MS,
	    .memory_bytes = req->limits.memory_bytes,
	    .disk_bytes = sc->disk_bytes ? sc->disk_bytes : req->limits.disk_bytes,
	    .require = req->require,
	    .files_bytes = req->limits.files_bytes,
	    .files = req->files,
	    .nfiles = req->nfiles,
	};
	if (!engine_kernel_supported(req->lang))
		return error("sessions do not support %s yet: use 'sbx run -l %s' for one-shot "
			     "runs",
			     req->lang->name, req->lang->name);
	char id[SESSION_ID_LEN + 1];
	if (session_create(req->state_dir, &sn, id) < 0)
		return -1;
	if (req->format == FORMAT_TEXT) {
		puts(id);
		return 0;
	}
	json_t *d = session_describe(req->state_dir, id);
	int rc = d ? emit(d, req) : -1;
	json_decref(d);
	return rc;
}

/* ttl: the session expires --ttl from now, and each execution renews it
 * by that much (E2B's setTimeout over HTTP); the description as get
 * prints it for a program, nothing for a person. */
static int do_ttl(struct run_options *ro, struct session_cli *sc, char **operands, int nops)
{
	struct request *req = ro->req;
	if (refuse_unsupported(sc, req, "ttl") < 0)
		return -1;
	if (ro->code_arg || nops != 1 || !sc->ttl_ms || sc->name || sc->idle_ms || sc->disk_bytes ||
	    sc->status || sc->fresh)
		return error(
		    "usage: sbx session ttl ID|NAME --ttl DURATION (see 'sbx session -h')");
	if (runopt_load_code(ro, NULL, 0, true) != 0 || runopt_finish(ro) != 0 ||
	    check_ttl(sc, req) < 0)
		return -1;
	char id[SESSION_ID_LEN + 1];
	if (session_resolve(req->state_dir, operands[0], id) < 0 ||
	    session_set_ttl(req->state_dir, id, sc->ttl_ms) < 0)
		return -1;
	if (req->format == FORMAT_TEXT)
		return 0;
	json_t *d = session_describe(req->state_dir, id);
	int rc = d ? emit(d, req) : -1;
	json_decref(d);
	return rc;
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
static int do_exec(struct run_options *ro, const struct session_cli *sc, char **operands, int nops,
		   int *exit_code)
{
	if (refuse_unsupported(sc, ro->req, NULL) < 0)
		return -1;
	if (nops < 1)
		return error("session exec needs the session: sbx session exec ID|NAME (-e CODE | "
			     "FILE | - | --request FILE)");
	json_t *jreq = NULL;
	struct request_json_tmp tmp = {NULL, 0};
	int rc = request_json_load(ro, nops - 1, false, NULL, &jreq, &tmp);
	if (rc == 0)
		rc = refuse_unsupported(sc, ro->req, NULL); /* the request's engine */
	if (sc->fresh)
		ro->req->fresh = true;
	if (rc == 0)
		rc = exec_in(ro, operands, nops, exit_code);
	request_json_cleanup(&tmp);
	json_decref(jreq);
	return rc;
}

static int do_manage(const char *sub, struct run_options *ro, struct session_cli *sc,
		     char **operands, int nops)
{
	struct request *req = ro->req;
	bool list = !strcmp(sub, "list");
	if (refuse_unsupported(sc, req, sub) < 0)
		return -1;
	if (ro->code_arg || (list ? nops != 0 : nops < 1) || sc->name || sc->ttl_ms ||
	    sc->idle_ms || sc->disk_bytes || (!list && sc->status))
		return error("usage: sbx session %s: see 'sbx session -h'", sub);
	if (runopt_load_code(ro, NULL, 0, true) != 0 || runopt_finish(ro) != 0)
		return -1;
	if (list) {
		const struct lang *l = ro->lang_arg ? lang_by_name(ro->lang_arg) : NULL;
		if (ro->lang_arg && !l)
			return error("unknown --language '%s': use %s", ro->lang_arg,
				     lang_all_names());
		json_t *all = session_list(req->state_dir), *keep = json_array();
		size_t i;
		json_t *s;
		json_array_foreach(all, i, s)
		{
			if (sc->status &&
			    strcmp(json_string_value(json_object_get(s, "status")), sc->status))
				continue;
			const char *sl = json_string_value(json_object_get(s, "language"));
			if (l && (!sl || strcmp(sl, l->name)))
				continue;
			json_array_append(keep, s);
		}
		emit(keep, req);
		json_decref(all);
		json_decref(keep);
		return 0;
	}
	int rc = 0;
	for (int i = 0; i < nops; i++) {
		char id[SESSION_ID_LEN + 1];
		if (session_resolve(req->state_dir, operands[i], id) < 0) {
			rc = -1;
			continue;
		}
		if (!strcmp(sub, "get")) {
			json_t *d = session_describe(req->state_dir, id);
			rc |= d ? emit(d, req) : -1;
			json_decref(d);
		} else if (!strcmp(sub, "stop")) {
			int st = session_stop(req->state_dir, id);
			rc |= st;
			/* A program asked for a record: the stopped session's
			 * description, as get prints it (text stays quiet). */
			json_t *d = st == 0 && req->format != FORMAT_TEXT
					? session_describe(req->state_dir, id)
					: NULL;
			if (d)
				rc |= emit(d, req);
			json_decref(d);
		} else {
			int st = session_delete(req->state_dir, id);
			rc |= st;
			/* as `sbx delete` says it: text a line, a program a record */
			if (st == 0 && req->format == FORMAT_TEXT) {
				text_printf(stdout, "deleted %s\n", id);
			} else if (st == 0) {
				json_t *d = json_pack("{s:s, s:s}", "id", id, "status", "deleted");
				rc |= emit(d, req);
				json_decref(d);
			}
		}
	}
	return rc;
}

static int do_files(struct run_options *ro, struct session_cli *sc, char **operands, int nops)
{
	if (refuse_unsupported(sc, ro->req, "files") < 0)
		return -1;
	if (ro->code_arg || sc->name || sc->ttl_ms || sc->idle_ms || sc->disk_bytes || sc->status ||
	    sc->fresh)
		return error("usage: sbx session files ID|NAME ls|get|put|rm|mkdir ...: see 'sbx "
			     "session -h'");
	if (runopt_load_code(ro, NULL, 0, true) != 0 || runopt_finish(ro) != 0)
		return -1;
	return cmd_session_files(ro->req, operands, nops, sc->recursive, sc->parents);
}

int cmd_session(int argc, char **argv)
{
	struct request req;
	struct run_options ro;
	struct session_cli sc = {0};
	char **operands = NULL;
	int rc = EXIT_SBX_FAILURE, code = 0;
	static const char *const subs[] = {"create", "exec",   "list",	"get",
					   "stop",   "delete", "files", "ttl"};
	const size_t nsubs = sizeof subs / sizeof subs[0];

	request_init(&req);
	runopt_init(&ro, &req);
	ro.extra = session_handle;
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
		if (do_files(&ro, &sc, operands, nops) == 0)
			rc = 0;
	} else if (!strcmp(sub, "ttl")) {
		if (do_ttl(&ro, &sc, operands, nops) == 0)
			rc = 0;
	} else if (!strcmp(sub, "create")) {
		if (do_create(&ro, &sc, nops) == 0)
			rc = 0;
	} else if (do_manage(sub, &ro, &sc, operands, nops) == 0) {
		rc = 0;
	}
out:
	free(operands);
	request_release(&req);
	return rc;
}
