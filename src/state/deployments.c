/* deployments — sbx list, get and delete for every front (deployments.h).
 * Moved here from the CLI's commands, which now parse their options and
 * call these. */
#include "state/deployments.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/outcome.h"
#include "state/history.h"
#include "state/manifest.h"
#include "state/store.h"
#include "util/textout.h"
#include "util/util.h"

int deployments_filter_language(struct deployments_filter *f, const char *arg)
{
	f->lang = lang_by_name(arg);
	if (!f->lang)
		return error("unknown language '%s' for --language: use one of %s", arg,
			     lang_all_names());
	return 0;
}

int deployments_filter_status(struct deployments_filter *f, const char *arg)
{
	if (strcmp(arg, "active") && strcmp(arg, "damaged"))
		return error("invalid --status '%s': use active or damaged", arg);
	f->status = arg;
	return 0;
}

/* One row: the latest version's manifest, or "damaged" when it (or the
 * directory) cannot be read. The reason has gone to stderr already. */
static json_t *list_row(struct store *st, const char *name)
{
	int *vs = NULL;
	size_t nv = 0;
	json_t *row = json_pack("{s:s}", "name", name);
	if (!store_name_ok(name)) {
		warning("%s/deployments/%s: not a valid deployment name (left by something "
			"other than sbx?): remove it",
			st->state_dir, name);
		json_object_set_new(row, "status", json_string("damaged"));
		return row;
	}
	if (store_versions(st, name, &vs, &nv) != 0) {
		json_object_set_new(row, "status", json_string("damaged"));
		return row;
	}
	if (nv == 0) {
		/* Only a killed writer's leftovers: nothing is deployed. */
		json_decref(row);
		free(vs);
		return NULL;
	}
	json_t *va = json_array();
	for (size_t i = 0; i < nv; i++)
		json_array_append_new(va, json_integer(vs[i]));
	json_object_set_new(row, "version", json_integer(vs[nv - 1]));
	json_object_set_new(row, "versions", va);
	struct deployment d;
	int dirfd = -1;
	if (manifest_load(st, name, vs[nv - 1], &d, NULL, &dirfd) != 0) {
		json_object_set_new(row, "status", json_string("damaged"));
	} else {
		json_object_set_new(row, "language", json_string(d.lang->name));
		json_object_set_new(row, "created", json_string(d.created));
		json_object_set_new(row, "size", json_integer((json_int_t)store_dir_size(dirfd)));
		json_object_set_new(row, "code_sha256", json_string(d.code_sha256));
		json_object_set_new(row, "status", json_string("active"));
		close(dirfd);
	}
	deployment_release(&d);
	free(vs);
	return row;
}

static void size_text(json_int_t v, char out[24])
{
	if (v < 10 * 1024)
		snprintf(out, 24, "%lldB", (long long)v);
	else if (v < 10ll * 1024 * 1024)
		snprintf(out, 24, "%lldK", (long long)(v / 1024));
	else
		snprintf(out, 24, "%lldM", (long long)(v / (1024 * 1024)));
}

static int print_table(json_t *rows)
{
	size_t i, w = 4;
	json_t *r;
	json_array_foreach(rows, i, r)
	{
		size_t n = strlen(json_string_value(json_object_get(r, "name")));
		if (n > w)
			w = n;
	}
	text_printf(stdout, "%-*s  %7s  %-10s  %-24s  %6s  %s\n", (int)w, "NAME", "VERSION",
		    "LANGUAGE", "CREATED", "SIZE", "STATUS");
	json_array_foreach(rows, i, r)
	{
		json_t *lang = json_object_get(r, "language");
		json_t *created = json_object_get(r, "created");
		json_t *ver = json_object_get(r, "version");
		json_t *size = json_object_get(r, "size");
		char sz[24] = "-", vs[16] = "-";
		if (size)
			size_text(json_integer_value(size), sz);
		if (ver)
			snprintf(vs, sizeof(vs), "%lld", (long long)json_integer_value(ver));
		text_printf(stdout, "%-*s  %7s  %-10s  %-24s  %6s  %s\n", (int)w,
			    json_string_value(json_object_get(r, "name")), vs,
			    lang ? json_string_value(lang) : "-",
			    created ? json_string_value(created) : "-", sz,
			    json_string_value(json_object_get(r, "status")));
	}
	return ferror(stdout) ? -1 : 0;
}

int deployments_list(const char *state_dir_flag, const char *config_flag,
		     const struct deployments_filter *f, int json)
{
	struct store st = {NULL, -1, -1, -1};
	char **names = NULL;
	size_t n = 0;
	int rc = -1;
	char *state_dir = store_state_dir(state_dir_flag, config_flag);
	if (!state_dir || store_open(&st, state_dir, false) != 0 ||
	    store_names(&st, &names, &n) != 0)
		goto out;
	json_t *rows = json_array();
	for (size_t i = 0; i < n; i++) {
		json_t *row = list_row(&st, names[i]);
		if (!row)
			continue;
		const char *status = json_string_value(json_object_get(row, "status"));
		json_t *lang = json_object_get(row, "language");
		if ((f->status && strcmp(f->status, status)) ||
		    (f->lang && (!lang || strcmp(f->lang->name, json_string_value(lang))))) {
			json_decref(row);
			continue;
		}
		json_array_append_new(rows, row);
	}
	int wrc;
	if (json == 2) {
		size_t i;
		json_t *row;
		wrc = 0;
		json_array_foreach(rows, i, row)
		{
			char *text = json_dumps(row, JSON_COMPACT | JSON_PRESERVE_ORDER);
			if (!text || puts(text) < 0)
				wrc = -1;
			free(text);
		}
	} else if (json) {
		char *text = json_dumps(rows, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
		wrc = text && puts(text) >= 0 ? 0 : -1;
		free(text);
	} else {
		wrc = json_array_size(rows) ? print_table(rows) : 0;
		if (!json_array_size(rows) && !n)
			fprintf(stderr,
				"sbx: no deployments in %s yet: create one with `sbx "
				"deploy`\n",
				state_dir);
	}
	json_decref(rows);
	rc = wrc;
out:
	store_free_names(names);
	free(state_dir);
	store_close(&st);
	return rc;
}

int deployments_get(const char *state_dir_flag, const char *config_flag, const char *ref, int json)
{
	struct deployment d;
	struct store st = {NULL, -1, -1, -1};
	char *state_dir = NULL;
	int dirfd = -1, *vs = NULL;
	size_t nv = 0;
	int rc = -1;
	char name[STORE_NAME_MAX + 1];
	int version;
	deployment_init(&d);
	if (store_parse_ref(ref, name, &version) != 0)
		goto out;
	state_dir = store_state_dir(state_dir_flag, config_flag);
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
	rc = manifest_print(&st, &d, dirfd, extra, json) == 0 ? 0 : -1;
	json_decref(extra);
out:
	if (dirfd >= 0)
		close(dirfd);
	free(vs);
	free(state_dir);
	store_close(&st);
	deployment_release(&d);
	return rc;
}

int deployments_delete(const char *state_dir_flag, const char *config_flag, char **refs, int nrefs)
{
	struct store st = {NULL, -1, -1, -1};
	char name[STORE_NAME_MAX + 1];
	int version, rc = -1;
	/* Every name is checked before anything is removed: a typo in the
	 * third name must not leave the first two deleted. */
	for (int i = 0; i < nrefs; i++)
		if (store_parse_ref(refs[i], name, &version) != 0)
			return -1;
	char *state_dir = store_state_dir(state_dir_flag, config_flag);
	if (!state_dir || store_open(&st, state_dir, false) != 0)
		goto out;
	rc = 0;
	for (int i = 0; i < nrefs; i++) {
		store_parse_ref(refs[i], name, &version);
		if (store_delete(&st, name, version) != 0) {
			rc = -1;
			continue;
		}
		if (version)
			text_printf(stdout, "deleted %s@%d\n", name, version);
		else
			text_printf(stdout, "deleted %s\n", name);
	}
out:
	free(state_dir);
	store_close(&st);
	return rc;
}
