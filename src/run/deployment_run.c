/* deployment_run — running a stored deployment (deployment_run.h). */
#include "run/deployment_run.h"

#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/outcome.h"
#include "engine/engine.h"
#include "run/execute.h"
#include "state/manifest.h"
#include "state/store.h"
#include "util/util.h"

/* Fills what the options left unset from the deployment. */
static void apply_limits(struct limits *l, const struct limits *stored)
{
	if (!l->timeout_ms)
		l->timeout_ms = stored->timeout_ms;
	if (!l->cpu_ms)
		l->cpu_ms = stored->cpu_ms;
	if (!l->memory_bytes)
		l->memory_bytes = stored->memory_bytes;
	if (!l->output_bytes)
		l->output_bytes = stored->output_bytes;
	if (!l->files_bytes)
		l->files_bytes = stored->files_bytes;
}

static bool has_label(const struct request *req, const char *key)
{
	for (size_t i = 0; i < req->nlabels; i++)
		if (!strcmp(req->labels[i].key, key))
			return true;
	return false;
}

static bool has_file(const struct request *req, const char *name, size_t upto)
{
	for (size_t i = 0; i < upto; i++)
		if (!strcmp(req->files[i].name, name))
			return true;
	return false;
}

/* The stored files go in first; a --file of the same name given now wins.
 * Each is checked to be a regular file reached without links before its
 * path is handed to the engine. */
static int apply_files(struct request *req, struct store *s, const struct deployment *d, int dirfd)
{
	size_t given = req->nfiles;
	size_t i;
	json_t *f;
	json_array_foreach(d->files, i, f)
	{
		const char *name = json_string_value(json_object_get(f, "name"));
		const char *rel = json_string_value(json_object_get(f, "path"));
		if (has_file(req, name, given))
			continue;
		char *dir = store_version_path(s, d->name, d->version);
		struct buf probe = BUF_INIT;
		/* A stored file is read once here (capped by its recorded
		 * size) so a link or a swapped file is refused, not copied. */
		uint64_t size = (uint64_t)json_integer_value(json_object_get(f, "size"));
		int rc = store_read_at(dirfd, rel, (size_t)size, &probe, dir);
		if (rc == 0) {
			char sha[65];
			sha256_hex(probe.data ? probe.data : "", probe.len, sha);
			if (strcmp(sha, json_string_value(json_object_get(f, "sha256"))))
				rc = error("%s/%s does not match the SHA-256 in its manifest "
					   "(deploy again, or remove it with `sbx delete`)",
					   dir, rel);
		}
		buf_release(&probe);
		if (rc == 0) {
			struct buf spec = BUF_INIT;
			buf_printf(&spec, "%s/%s:%s", dir, rel, name);
			rc = request_add_file(req, buf_cstr(&spec));
			buf_release(&spec);
		}
		free(dir);
		if (rc != 0)
			return -1;
	}
	return 0;
}

/* Builds the request from the deployment under what the options set. */
static int apply_deployment(struct request *req, struct store *s, const struct deployment *d,
			    struct buf *code, int dirfd)
{
	size_t len;
	char *text = buf_detach(code, &len);
	if (!text)
		text = xstrdup("");
	request_set_code(req, text, len, d->source ? d->source : d->code_file);
	req->lang = d->lang;
	/* Stored inputs are defaults: an input given now replaces the one of
	 * the same key. */
	json_t *inputs = json_deep_copy(d->inputs);
	json_object_update(inputs, req->inputs);
	json_decref(req->inputs);
	req->inputs = inputs;
	const char *k;
	json_t *v;
	json_object_foreach(d->labels, k, v)
	{
		if (has_label(req, k))
			continue;
		struct buf kv = BUF_INIT;
		buf_printf(&kv, "%s=%s", k, json_string_value(v));
		int rc = request_add_label(req, buf_cstr(&kv));
		buf_release(&kv);
		if (rc != 0)
			return -1;
	}
	apply_limits(&req->limits, &d->limits);
	/* Layers asked for at deploy time stay required. */
	req->require |= d->require;
	req->no_history |= d->no_history;
	/* The engine it was deployed for, unless --engine says otherwise. */
	if (req->engine == JS_ENGINE_UNSET)
		req->engine = d->engine;
	free(req->deployment_name);
	req->deployment_name = xstrdup(d->name);
	req->deployment_version = d->version;
	return apply_files(req, s, d, dirfd);
}

int deployment_run(struct run_options *ro, const char *ref)
{
	struct request *req = ro->req;
	struct deployment d;
	struct store st = {NULL, -1, -1, -1};
	struct buf code = BUF_INIT;
	char *state_dir = NULL;
	int dirfd = -1;
	int rc = EXIT_SBX_FAILURE;
	char name[STORE_NAME_MAX + 1];
	int version;

	deployment_init(&d);
	if (store_parse_ref(ref, name, &version) != 0)
		goto out;
	state_dir = store_state_dir(ro->state_dir_flag, ro->config_flag);
	if (!state_dir || store_open(&st, state_dir, false) != 0)
		goto out;
	deployment_release(&d);
	if (manifest_load(&st, name, version, &d, &code, &dirfd) != 0)
		goto out;
	if (apply_deployment(req, &st, &d, &code, dirfd) != 0)
		goto out;
	if (runopt_finish(ro) != 0)
		goto out;
	/* A Java deployment carries its compiled classes: put them where the
	 * engine looks (the javac cache), so the run is just the JVM start
	 * even on a machine that never compiled this code. */
	struct stat ast;
	char lpath[PATH_MAX];
	if (engine_lowered_path(req, lpath, sizeof lpath) == 0 &&
	    fstatat(dirfd, "artefacts/lowered.js", &ast, AT_SYMLINK_NOFOLLOW) == 0) {
		struct buf lowered = BUF_INIT;
		if (store_read_at(dirfd, "artefacts/lowered.js", 64u << 20, &lowered,
				  "the lowered code") == 0)
			engine_lowered_restore(req, lowered.data ? lowered.data : "", lowered.len);
		buf_release(&lowered);
	} else if (lang_ops(req->lang)->artefacts_restore) {
		const struct lang_ops *ops = lang_ops(req->lang);
		char rel[64];
		snprintf(rel, sizeof rel, "artefacts/%s", ops->artefact_dir);
		int cfd = openat(dirfd, rel, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (cfd >= 0) {
			ops->artefacts_restore(req, cfd);
			close(cfd);
		}
	}
	rc = execute_and_render(req);
out:
	if (dirfd >= 0)
		close(dirfd);
	free(state_dir);
	buf_release(&code);
	store_close(&st);
	deployment_release(&d);
	return rc;
}
