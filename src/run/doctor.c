/* doctor — what `sbx doctor [--json]` reports (doctor.h): which interpreters
 * and which isolation layers this machine offers, and why a missing one is
 * missing. Moved here from the CLI's cmd_doctor.c. */
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sandbox/cgroup.h"
#include "run/doctor.h"
#include "core/config.h"
#include "engine/interp.h"
#include "engine/engine.h"
#include "sandbox/isolate.h"
#include "sandbox/landlock.h"
#include "core/lang.h"
#include "util/util.h"
#include "util/textout.h"

static const char *configured(const struct config *cfg, enum lang_id lang, enum config_tool tool,
			      const char *fallback)
{
	char *const *cmd = config_command(cfg, lang, tool);
	return cmd && cmd[0] ? cmd[0] : fallback;
}

static json_t *interpreter(const char *language, const char *command, const char *flag)
{
	char path[4096], version[256] = "";
	json_t *o = json_object();
	json_object_set_new(o, "language", json_string(language));
	json_object_set_new(o, "command", json_string(command));
	if (engine_spawn_resolve(command, NULL, path, sizeof(path)) < 0) {
		json_object_set_new(o, "available", json_false());
		json_object_set_new(o, "path", json_null());
		json_object_set_new(o, "version", json_null());
		return o;
	}
	interp_version_probe(path, flag, version, sizeof(version));
	json_object_set_new(o, "available", json_true());
	json_object_set_new(o, "path", json_string(path));
	json_object_set_new(o, "version", version[0] ? json_string(version) : json_null());
	return o;
}

static json_t *layer(bool ok, const char *detail)
{
	json_t *o = json_object();
	json_object_set_new(o, "available", json_boolean(ok));
	json_object_set_new(o, "detail", json_string(detail));
	return o;
}

static json_t *layers(void)
{
	json_t *l = json_object();
	char why[256] = "", detail[300];
	const char *reason = NULL, *cg;
	int abi;
	FILE *f;
	char line[256];
	int seccomp_mode = -1;

	/* seccomp: the kernel supports it when /proc/self/status has the field. */
	f = fopen("/proc/self/status", "re");
	while (f && fgets(line, sizeof(line), f))
		if (strncmp(line, "Seccomp:", 8) == 0)
			seccomp_mode = (int)strtol(line + 8, NULL, 10);
	if (f)
		fclose(f);
	if (seccomp_mode < 0)
		json_object_set_new(
		    l, "seccomp",
		    layer(false, "the kernel has no seccomp (CONFIG_SECCOMP_FILTER)"));
	else
		json_object_set_new(
		    l, "seccomp",
		    layer(true, seccomp_mode == 2
				    ? "filters stack on the one sbx already runs under"
				    : "seccomp-bpf filters"));

	/* namespaces: try the real thing once (clone, maps, the root). */
	{
		const char *off = getenv("SBX_NO_NAMESPACES");
		if (off && *off && strcmp(off, "0") != 0)
			json_object_set_new(l, "namespaces",
					    layer(false, "turned off by SBX_NO_NAMESPACES=1"));
		else if (isolate_probe_namespaces(why, sizeof(why)) == 0)
			json_object_set_new(
			    l, "namespaces",
			    layer(true,
				  geteuid() == 0
				      ? "user, mount, pid, net, ipc, uts (as root: a per-run uid)"
				      : "user, mount, pid, net, ipc, uts (unprivileged user "
					"namespaces)"));
		else
			json_object_set_new(l, "namespaces", layer(false, why));
	}

	abi = landlock_abi_version(&reason);
	if (abi > 0) {
		snprintf(detail, sizeof(detail), "ABI %d%s%s", abi,
			 abi >= 4 ? ", TCP bind/connect denied" : ", no network rules (ABI < 4)",
			 abi >= 6 ? ", abstract sockets and signals scoped" : "");
		json_object_set_new(l, "landlock", layer(true, detail));
		json_object_set_new(json_object_get(l, "landlock"), "abi", json_integer(abi));
	} else {
		json_object_set_new(l, "landlock", layer(false, reason ? reason : "unavailable"));
	}

	cg = cgroup_probe(why, sizeof(why));
	if (cg) {
		snprintf(detail, sizeof(detail),
			 "cgroup %s: memory limit, pids.max %d, peak memory, OOM detection%s", cg,
			 CGROUP_PIDS_MAX, cgroup_probe_cpu(cg) ? ", the run's CPU time" : "");
		json_object_set_new(l, "cgroup", layer(true, detail));
		json_object_set_new(json_object_get(l, "cgroup"), "version", json_string(cg));
	} else {
		json_object_set_new(l, "cgroup", layer(false, why));
	}
	json_object_set_new(l, "rlimits",
			    layer(true, "always: CPU, file size, processes, address space"));
	return l;
}

int doctor_report(const char *config_flag, bool json)
{
	struct config cfg;
	json_t *root, *interp, *lay;
	const char *key;
	json_t *v;
	size_t i;

	/* The interpreters runs would use: the config file's commands (as
	 * --config, $SBX_CONFIG or the default file name them), else the
	 * language table's. */
	memset(&cfg, 0, sizeof(cfg));
	if (config_load(config_flag, &cfg) != 0)
		return -1;
	interp = json_array();
	/* Every language an interpreter runs (the table's order), and its
	 * compiler when it has one. */
	for (int li = 0; li < LANG_COUNT; li++) {
		const struct lang *l = lang_get((enum lang_id)li);
		if (l->engine != ENGINE_SPAWN)
			continue;
		json_array_append_new(
		    interp,
		    interpreter(l->name, configured(&cfg, l->id, CONFIG_TOOL_RUN, l->interpreter),
				l->version_flag));
		if (l->compiler)
			json_array_append_new(
			    interp,
			    interpreter(l->name,
					configured(&cfg, l->id, CONFIG_TOOL_COMPILE, l->compiler),
					l->version_flag));
	}
	/* node: JavaScript's and TypeScript's second engine (--engine node). */
	char *const *node_cmd = config_node_command(&cfg, LANG_JAVASCRIPT);
	json_t *node =
	    interpreter("javascript", node_cmd && node_cmd[0] ? node_cmd[0] : "node", "--version");
	json_object_set_new(node, "engine", json_string("node"));
	if (json_is_false(json_object_get(node, "available")))
		json_object_set_new(node, "hint",
				    json_string("--engine node needs it: install the Debian "
						"package nodejs (sudo apt-get install nodejs)"));
	json_array_append_new(interp, node);
	/* sbx serve's warm sandboxes as configured (serve.warm_pool); how many
	 * a running server holds now is its /v1/ready's. */
	json_t *warm = json_object();
	for (int li = 0; li < LANG_COUNT; li++)
		if (config_warm_pool(&cfg, (enum lang_id)li))
			json_object_set_new(
			    warm, lang_get((enum lang_id)li)->name,
			    json_pack("{s:i}", "size",
				      (int)config_warm_pool(&cfg, (enum lang_id)li)));
	config_release(&cfg);
	lay = layers();
	root = json_object();
	json_object_set_new(root, "interpreters", interp);
	json_object_set_new(root, "layers", lay);
	json_object_set_new(root, "warm_pool", warm);
	json_object_set_new(root, "security",
			    json_string("what each layer stops and the known limits: the Security "
					"section of README.md and sbx(1)"));

	if (json) {
		char *s = json_dumps(root, JSON_COMPACT);
		if (s)
			puts(s);
		free(s);
	} else {
		text_printf(stdout, "interpreters:\n");
		json_array_foreach(interp, i, v)
		{
			const char *ver = json_string_value(json_object_get(v, "version"));
			const char *path = json_string_value(json_object_get(v, "path"));
			const char *hint = json_string_value(json_object_get(v, "hint"));
			text_printf(stdout, "  %-8s %-8s %s%s%s%s%s\n",
				    json_string_value(json_object_get(v, "command")),
				    path ? "ok" : "missing", path ? path : "not installed",
				    ver ? "  " : "", ver ? ver : "", hint ? ": " : "",
				    hint ? hint : "");
		}
		text_printf(stdout, "isolation layers:\n");
		json_object_foreach(lay, key, v)
		    text_printf(stdout, "  %-10s %-3s %s\n", key,
				json_is_true(json_object_get(v, "available")) ? "yes" : "no",
				json_string_value(json_object_get(v, "detail")));
		text_printf(stdout, "sbx serve's warm sandboxes (serve.warm_pool):");
		json_object_foreach(warm, key, v) text_printf(
		    stdout, " %s %d", key, (int)json_integer_value(json_object_get(v, "size")));
		text_printf(stdout, "%s\n",
			    json_object_size(warm) ? " (GET /v1/ready: how many are ready)"
						   : " none");
		text_printf(
		    stdout,
		    "\nWhat each layer stops, and the known limits: the Security section of\n"
		    "README.md and sbx(1). 'sbx run --require LAYERS' refuses to run without "
		    "them.\n");
	}
	json_decref(root);
	return fflush(stdout) != 0 ? -1 : 0;
}
