/* session_admin — the session commands that run no code (session_admin.h).
 * Moved here from the CLI's cmd_session.c, so sbx serve and sbx mcp call
 * them in-process: the messages and the output are the command's. */
#include "session/session_admin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/config.h"
#include "core/lang.h"
#include "core/request_keys.h"
#include "engine/engine_kernel.h"
#include "session/session.h"
#include "util/front.h"
#include "util/opt.h"
#include "util/textout.h"
#include "util/util.h"

/* sub: NULL for exec, which takes them all (session_exec_prepare then
 * checks what its language cannot take). */
int session_admin_refuse(const struct session_admin *sc, const struct request *req, const char *sub)
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

int session_admin_option(void *ctx, int id, const char *arg)
{
	struct session_admin *sc = ctx; /* runopt passes extra_ctx */
	sc->given++;
	switch (id) {
	case SESSION_OPT_NAME: sc->name = arg; return 0;
	case SESSION_OPT_RECURSIVE: sc->recursive = true; return 0;
	case SESSION_OPT_PARENTS: sc->parents = true; return 0;
	case SESSION_OPT_FRESH:
		sc->fresh = true;
		sc->unsupported = "--fresh";
		return 0;
	case SESSION_OPT_STATUS:
		if (strcmp(arg, "running") && strcmp(arg, "stopped") && strcmp(arg, "expired") &&
		    strcmp(arg, "broken"))
			return error(
			    "invalid --status '%s': use running, stopped, expired or broken", arg);
		sc->status = arg;
		return 0;
	case SESSION_OPT_TTL:
		if (opt_duration_ms(request_key_name("ttl"), arg, &sc->ttl_ms) < 0)
			return -1;
		if (sc->ttl_ms == 0)
			return error("invalid %s '%s': at least 1s", request_key_name("ttl"), arg);
		return 0; /* the maximum is the config's: checked in do_create */
	case SESSION_OPT_DISK:
		if (parse_size(arg, &sc->disk_bytes) != 0 || sc->disk_bytes == 0)
			return error("invalid %s '%s': use bytes or a K, M, G suffix (e.g. 1G)",
				     request_key_name("disk"), arg);
		return 0;
	case SESSION_OPT_IDLE:
		if (opt_duration_ms(request_key_name("idle"), arg, &sc->idle_ms) < 0)
			return -1;
		if (sc->idle_ms < 1000)
			return error("invalid --idle '%s': at least 1s", arg);
		return 0;
	}
	return -1;
}

int session_admin_flag_id(const char *flag)
{
	static const struct {
		const char *flag;
		int id;
	} own[] = {{"--name", SESSION_OPT_NAME}, {"-n", SESSION_OPT_NAME},
		   {"--ttl", SESSION_OPT_TTL},	 {"--idle", SESSION_OPT_IDLE},
		   {"--disk", SESSION_OPT_DISK}, {"--status", SESSION_OPT_STATUS}};
	for (size_t i = 0; flag && i < sizeof own / sizeof own[0]; i++)
		if (!strcmp(flag, own[i].flag))
			return own[i].id;
	return runopt_id_of_flag(flag);
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

void session_admin_print(json_t *j, enum output_format format)
{
	if (format == FORMAT_NDJSON && json_is_array(j)) { /* one object a line */
		size_t i;
		json_t *s;
		json_array_foreach(j, i, s)
		{
			char *line = json_dumps(s, JSON_COMPACT | JSON_ENSURE_ASCII);
			puts(line);
			free(line);
		}
	} else if (format != FORMAT_TEXT) {
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
}

static int emit(json_t *j, const struct request *req)
{
	session_admin_print(j, req->format);
	return 0;
}

/* --ttl within the config's sessions.max_ttl. */
static int check_ttl(const struct session_admin *sc, const struct request *req)
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

int session_admin_create(struct run_options *ro, struct session_admin *sc, int nops)
{
	struct request *req = ro->req;
	if (session_admin_refuse(sc, req, "create") < 0)
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
int session_admin_ttl(struct run_options *ro, struct session_admin *sc, char **operands, int nops)
{
	struct request *req = ro->req;
	if (session_admin_refuse(sc, req, "ttl") < 0)
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

int session_admin_manage(const char *sub, struct run_options *ro, struct session_admin *sc,
			 char **operands, int nops)
{
	struct request *req = ro->req;
	bool list = !strcmp(sub, "list");
	if (session_admin_refuse(sc, req, sub) < 0)
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

int session_admin_files(struct run_options *ro, struct session_admin *sc, char **operands, int nops)
{
	if (session_admin_refuse(sc, ro->req, "files") < 0)
		return -1;
	if (ro->code_arg || sc->name || sc->ttl_ms || sc->idle_ms || sc->disk_bytes || sc->status ||
	    sc->fresh)
		return error("usage: sbx session files ID|NAME ls|get|put|rm|mkdir ...: see 'sbx "
			     "session -h'");
	if (runopt_load_code(ro, NULL, 0, true) != 0 || runopt_finish(ro) != 0)
		return -1;
	return session_ws_command(ro->req, operands, nops, sc->recursive, sc->parents);
}

int session_admin_job_run(const struct session_admin_job *job)
{
	struct request req;
	struct run_options ro;
	struct session_admin sa = {0};
	int rc = -1;
	request_init(&req);
	runopt_init(&ro, &req);
	ro.extra = session_admin_option;
	ro.extra_ctx = &sa;
	/* As `sbx session SUB --state-dir S --config C --format F FLAGS...
	 * OPERANDS` takes them: the flags in order, by their ids. */
	ro.state_dir_flag = job->state_dir;
	ro.config_flag = job->config;
	if (runopt_handle(&ro, RO_FORMAT, job->format) != 0)
		goto out;
	for (size_t i = 0; i < job->nsettings; i++) {
		const char *flag = job->settings[i][0];
		int id = session_admin_flag_id(flag);
		if (!id) {
			error("internal: %s is not an option of sbx session", flag);
			goto out;
		}
		if (runopt_handle(&ro, id, job->settings[i][1]) != 0)
			goto out;
	}
	if (!strcmp(job->sub, "create"))
		rc = session_admin_create(&ro, &sa, job->nops);
	else if (!strcmp(job->sub, "ttl"))
		rc = session_admin_ttl(&ro, &sa, job->operands, job->nops);
	else if (!strcmp(job->sub, "list") || !strcmp(job->sub, "get") ||
		 !strcmp(job->sub, "stop") || !strcmp(job->sub, "delete"))
		rc = session_admin_manage(job->sub, &ro, &sa, job->operands, job->nops);
	else if (!strcmp(job->sub, "files"))
		rc = session_admin_files(&ro, &sa, job->operands, job->nops);
	else
		error("internal: no session subcommand '%s'", job->sub);
out:
	request_release(&req);
	return rc == 0 ? 0 : EXIT_SBX_FAILURE;
}
