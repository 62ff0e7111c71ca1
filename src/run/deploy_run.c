/* deploy_run — sbx deploy once its options are taken (deploy_run.h). */
#include "run/deploy_run.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <duktape.h>

#include "core/config.h"
#include "engine/engine.h"
#include "run/execute.h"
#include "run/job.h"
#include "engine/interp.h"
#include "engine/build_cache.h"
#include "state/manifest.h"
#include "core/outcome.h"
#include "run/prepare_check.h"
#include "state/store.h"
#include "util/front.h"
#include "util/util.h"

int deploy_run_option(void *ctx, int id, const char *arg)
{
	const char **name = ctx;
	if (id != RO_DEPLOY_NAME)
		return error("internal: unhandled option %d", id);
	if (store_check_name(arg) != 0)
		return -1;
	*name = arg;
	return 0;
}

int deploy_run_flag_id(const char *flag)
{
	if (flag && (!strcmp(flag, "--name") || !strcmp(flag, "-n")))
		return RO_DEPLOY_NAME;
	return runopt_id_of_flag(flag);
}

/* The first line an interpreter prints for its version flag ("Python
 * 3.11.2", "openjdk version \"17.0.9\" ..."), so a deployment records what it
 * was checked against. NULL when the interpreter is not installed. */
static char *interpreter_version(const struct request *req)
{
	const struct lang *lang = req->lang;
	const struct config *cfg = req->config;
	bool node = request_uses_node(req);
	if (lang->engine == ENGINE_DUKTAPE && !node) {
		char v[48];
		long n = DUK_VERSION;
		snprintf(v, sizeof(v), "duktape %ld.%ld.%ld", n / 10000, n / 100 % 100, n % 100);
		return xstrdup(v);
	}
	/* The binary a run execs (engine_spawn_resolve: the configured path
	 * as given, else /usr/bin before PATH), not whatever PATH finds. */
	char *const *conf = node ? config_node_command(cfg, lang->id)
				 : config_command(cfg, lang->id, CONFIG_TOOL_RUN);
	const char *prog = conf ? conf[0] : lang->interpreter;
	if (!prog)
		return NULL;
	char exe[PATH_MAX], version[160] = "";
	if (engine_spawn_resolve(prog, NULL, exe, sizeof(exe)) == 0)
		interp_version_probe(exe, lang->version_flag, version, sizeof(version));
	char *line = NULL;
	if (version[0] && node) /* "v20.20.2" alone does not say what it is */
		(void)!asprintf(&line, "node %.120s", version);
	else if (version[0])
		line = xstrndup(version, strnlen(version, 120));
	if (!line)
		warning("%s was not found or gave no version: the deployment is stored, and "
			"running it reports 'unavailable' until %s is installed",
			prog, lang->debian_package ? lang->debian_package : prog);
	return line;
}

/* What `sbx prepare` checks (syntax by the language's own parser in the
 * sandbox, policy findings), then the build (javac, JavaScript lowering), so
 * that nothing is stored that could not run. Returns 1 when the code is
 * refused (after saying why), 0 when it may be stored, -1 on failure.
 * *findings gets {findings, risk} (or NULL). */
static int deploy_prepare(struct request *req, const struct config *cfg, json_t **findings)
{
	int verdict = 0;
	*findings = NULL;
	json_t *rep = prepare_check(req, cfg, &verdict);
	if (!rep)
		return -1;
	json_t *found = json_object_get(rep, "findings");
	if (json_array_size(found))
		*findings = json_pack("{s:O, s:O*}", "findings", found, "risk",
				      json_object_get(rep, "risk"));
	if (verdict) {
		json_t *e = json_object_get(json_object_get(rep, "syntax"), "error");
		size_t i;
		json_t *f;
		if (json_is_object(e)) {
			json_t *line = json_object_get(e, "line");
			const char *msg = json_string_value(json_object_get(e, "message"));
			/* Duktape's message names its line already ("... (line 1,
			 * end of input)"): not twice. */
			char at[40] = "";
			if (json_is_integer(line) && !(msg && strstr(msg, "(line ")))
				snprintf(at, sizeof at, " (line %lld)",
					 (long long)json_integer_value(line));
			error("not deployed: %s: %s%s",
			      json_string_value(json_object_get(e, "name")), msg ? msg : "", at);
		} else {
			json_array_foreach(found, i, f)
			{
				if (strcmp(json_string_value(json_object_get(f, "severity")),
					   "block"))
					continue;
				error(
				    "not deployed: blocked by policy rule %s at line %lld: %s (see "
				    "'sbx prepare')",
				    json_string_value(json_object_get(f, "rule")),
				    (long long)json_integer_value(json_object_get(f, "line")),
				    json_string_value(json_object_get(f, "message")));
				break;
			}
		}
		json_decref(rep);
		return 1;
	}
	json_decref(rep);

	/* The build: its result lands in the caches, and from there in the
	 * deployment's artefacts (deploy_artefacts). */
	struct outcome bo;
	outcome_init(&bo, req);
	engine_build(req, &bo);
	int rc = 0;
	if (bo.status != STATUS_OK) {
		json_t *msg = bo.error ? json_object_get(bo.error, "message") : NULL;
		json_t *line = bo.error ? json_object_get(bo.error, "line") : NULL;
		if (json_is_integer(line))
			error("not deployed: the build failed at line %lld: %s",
			      (long long)json_integer_value(line),
			      msg ? json_string_value(msg) : status_name(bo.status));
		else
			error("not deployed: the build failed: %s",
			      msg ? json_string_value(msg) : status_name(bo.status));
		rc = bo.status == STATUS_ERROR ? 1 : -1;
	}
	outcome_release(&bo);
	return rc;
}

/* Build artefacts, copied from the caches that deploy_prepare's build
 * filled, so exec-deployment starts from them even on a machine whose cache
 * is empty: the lowered code of TypeScript and modern JavaScript, the
 * compiled classes of Java. */
static int deploy_artefacts(struct store_txn *t, const struct request *req, struct deployment *d)
{
	char path[PATH_MAX];
	if (engine_lowered_path(req, path, sizeof path) == 0) {
		char sha[65];
		uint64_t size = 0;
		if (store_txn_copy(t, "artefacts/lowered.js", path, 64u << 20, &size, sha) != 0)
			return -1;
		json_array_append_new(d->artefacts, json_pack("{s:s, s:s, s:I, s:s}", "kind",
							      "lowered-javascript", "path",
							      "artefacts/lowered.js", "size",
							      (json_int_t)size, "sha256", sha));
		return 0;
	}
	/* The build's output (Java's classes), from the build cache. */
	const struct lang_ops *ops = lang_ops(req->lang);
	if (!ops->artefacts_path)
		return 0;
	char dir[PATH_MAX];
	int ap = ops->artefacts_path(req, dir, sizeof dir);
	if (ap > 0)
		return 0; /* a build the cache does not keep: it compiles when it runs */
	if (ap < 0)
		return error("the build cache's path is too long");
	DIR *dh = opendir(dir);
	if (!dh)
		return error("the build's output is missing from %s: %s", dir, strerror(errno));
	struct dirent *de;
	int rc = 0;
	while (rc == 0 && (de = readdir(dh))) {
		char src[PATH_MAX + 256], rel[300], sha[65];
		uint64_t size = 0;
		struct stat st;
		if (de->d_name[0] == '.')
			continue;
		snprintf(src, sizeof src, "%s/%s", dir, de->d_name);
		if (lstat(src, &st) != 0 || !S_ISREG(st.st_mode))
			continue;
		snprintf(rel, sizeof rel, "artefacts/%s/%s", ops->artefact_dir, de->d_name);
		rc = store_txn_copy(t, rel, src, BUILD_CACHE_MAX_BYTES, &size, sha);
		if (rc == 0)
			json_array_append_new(d->artefacts,
					      json_pack("{s:s, s:s, s:I, s:s}", "kind",
							ops->artefact_kind, "path", rel, "size",
							(json_int_t)size, "sha256", sha));
	}
	closedir(dh);
	return rc;
}

static void now_rfc3339(char out[32])
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	struct tm tm;
	gmtime_r(&ts.tv_sec, &tm);
	size_t n = strftime(out, 32, "%Y-%m-%dT%H:%M:%S", &tm);
	snprintf(out + n, 32 - n, ".%03dZ", (int)(ts.tv_nsec / 1000000) % 1000);
}

/* Copies the --file files into files/ of the new version. */
static int deploy_files(struct store_txn *t, const struct request *req, struct deployment *d)
{
	uint64_t budget = req->limits.files_bytes;
	for (size_t i = 0; i < req->nfiles; i++) {
		for (size_t k = 0; k < i; k++)
			if (!strcmp(req->files[k].name, req->files[i].name))
				return error("two --file options name '%s': give each a "
					     "different NAME with PATH:NAME",
					     req->files[i].name);
		struct buf rel = BUF_INIT;
		buf_printf(&rel, "files/%s", req->files[i].name);
		if (req->files[i].name[0] == '.') {
			buf_release(&rel);
			return error("--file name '%s' starts with '.': deployments keep plain "
				     "names only; give another NAME with PATH:NAME",
				     req->files[i].name);
		}
		uint64_t size = 0;
		char sha[65];
		int rc = store_txn_copy(t, buf_cstr(&rel), req->files[i].src, budget, &size, sha);
		if (rc == 0) {
			budget -= size;
			json_array_append_new(d->files,
					      json_pack("{s:s, s:s, s:I, s:s}", "name",
							req->files[i].name, "path", buf_cstr(&rel),
							"size", (json_int_t)size, "sha256", sha));
		}
		buf_release(&rel);
		if (rc != 0)
			return -1;
	}
	return 0;
}

static json_t *labels_json(const struct request *req)
{
	json_t *o = json_object();
	for (size_t i = 0; i < req->nlabels; i++)
		json_object_set_new(o, req->labels[i].key, json_string(req->labels[i].value));
	return o;
}

int deploy_run(struct run_options *ro, const char *given_name, char **operands, int nops)
{
	struct request *req = ro->req;
	struct deployment d;
	struct store st = {NULL, -1, -1, -1};
	struct store_txn txn;
	int rc = EXIT_SBX_FAILURE;
	char name[STORE_NAME_MAX + 1];

	deployment_init(&d);
	if (req->out_dir) {
		error("--out-dir is not stored in a deployment: give it to `sbx exec-deployment`");
		goto out;
	}
	if (req->stdin_path) {
		error("--stdin is not stored in a deployment: give it to `sbx exec-deployment`");
		goto out;
	}
	/* The environment often carries secrets, and arguments and the
	 * stream layout are per call: none of them is written into the
	 * deployment's files. */
	if (req->nenv) {
		error("--env is not stored in a deployment (it may hold secrets): give it to "
		      "`sbx exec-deployment`");
		goto out;
	}
	if (req->merge_output) {
		error("--merge-output is not stored in a deployment: give it to "
		      "`sbx exec-deployment`");
		goto out;
	}
	runopt_take_args(ro, operands, &nops);
	if (req->nargs) {
		error("program arguments (after --) are not stored in a deployment: give them "
		      "to `sbx exec-deployment NAME -- ARGS`");
		goto out;
	}
	if (runopt_load_code(ro, operands, nops, false) != 0)
		goto out;
	if (given_name) {
		snprintf(name, sizeof(name), "%s", given_name);
	} else if (!strcmp(req->code_origin, "-e") || !strcmp(req->code_origin, "-")) {
		if (front_get() == FRONT_CLI)
			error("a deployment of %s needs a name: add -n NAME",
			      !strcmp(req->code_origin, "-e") ? "-e code" : "standard input");
		else
			error("a deployment needs a name: add \"name\"");
		goto out;
	} else if (store_name_from_path(req->code_origin, name) != 0) {
		goto out;
	}
	/* The limits as given, before defaults fill them: a deployment keeps
	 * only what was asked for, so the config of the day applies to the
	 * rest when it runs. */
	d.limits = req->limits;
	if (runopt_finish(ro) != 0) /* loads the config into req->config */
		goto out;

	json_t *findings = NULL;
	int prep = deploy_prepare(req, req->config, &findings);
	if (prep != 0) {
		json_decref(findings);
		rc = prep > 0 ? 1 : EXIT_SBX_FAILURE;
		/* Not deployed (exit 1, as a failed check): still a failure of
		 * the caller's code with its kind, so a program reading the
		 * record (sbx serve: 400, not 500) learns why. */
		if (prep > 0 && req->format != FORMAT_TEXT)
			run_job_failure_record("deploy", req->format);
		goto out;
	}
	d.prepare = findings;

	snprintf(d.name, sizeof(d.name), "%s", name);
	d.lang = req->lang;
	d.interpreter = interpreter_version(req);
	/* Only node is stored: a Duktape deployment follows the default. */
	if (request_uses_node(req))
		d.engine = JS_ENGINE_NODE;
	now_rfc3339(d.created);
	d.source = xstrdup(req->code_origin);
	snprintf(d.code_file, sizeof(d.code_file), "code%s", req->lang->extensions[0]);
	d.code_size = req->code_len;
	memcpy(d.code_sha256, req->code_sha256, sizeof(d.code_sha256));
	json_object_update(d.inputs, req->inputs);
	json_decref(d.labels);
	d.labels = labels_json(req);
	d.require = req->require;
	d.no_history = req->no_history;

	if (store_open(&st, req->state_dir, true) != 0 || store_begin(&st, name, &txn) != 0)
		goto out;
	d.version = txn.version;
	struct buf yaml = BUF_INIT;
	if (store_txn_write(&txn, d.code_file, req->code, req->code_len) != 0 ||
	    deploy_files(&txn, req, &d) != 0 || deploy_artefacts(&txn, req, &d) != 0) {
		store_abort(&txn);
		goto out;
	}
	/* The manifest goes last: it describes what is already written. */
	manifest_format(&d, &yaml);
	int wrc = store_txn_write(&txn, STORE_MANIFEST, yaml.data, yaml.len);
	buf_release(&yaml);
	if (wrc != 0 || store_commit(&txn) != 0) {
		if (wrc != 0)
			store_abort(&txn);
		goto out;
	}
	rc = manifest_print(&st, &d, -1, NULL,
			    req->format == FORMAT_NDJSON ? 2 : req->format != FORMAT_TEXT) == 0
		 ? 0
		 : EXIT_SBX_FAILURE;
out:
	store_close(&st);
	deployment_release(&d);
	return rc;
}
