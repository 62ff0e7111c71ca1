/* sbx list — the deployments, one line each, or as JSON. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cmd.h"
#include "state/manifest.h"
#include "core/outcome.h"
#include "run/runopt.h"
#include "state/store.h"
#include "util/util.h"
#include "util/textout.h"

enum { LIST_LANGUAGE = RO_FIRST_FREE, LIST_STATUS };

static const struct opt_spec list_opts[] = {
    {"language", 'l', OPT_ARG, LIST_LANGUAGE, "LANG", "only deployments in this language"},
    {"status", 0, OPT_ARG, LIST_STATUS, "STATUS", "only active or damaged deployments"},
    {NULL, 0, 0, 0, NULL, NULL},
};

const struct opt_spec *const list_tables[] = {common_opts, list_opts, format_opts, NULL};

struct list_ctx {
	struct run_options *ro;
	const struct lang *lang;
	const char *status;
	int json; /* 0 text, 1 json (an array), 2 ndjson (a row per line) */
};

static int list_option(void *ctx, int id, const char *arg)
{
	struct list_ctx *lc = ctx;
	switch (id) {
	case LIST_LANGUAGE:
		lc->lang = lang_by_name(arg);
		if (!lc->lang)
			return error("unknown language '%s' for --language: use one of %s", arg,
				     lang_all_names());
		return 0;
	case LIST_STATUS:
		if (strcmp(arg, "active") && strcmp(arg, "damaged"))
			return error("invalid --status '%s': use active or damaged", arg);
		lc->status = arg;
		return 0;
	case RO_JSON: lc->json = 1; return 0;
	case RO_FORMAT:
		if (!strcmp(arg, "json"))
			lc->json = 1;
		else if (!strcmp(arg, "ndjson"))
			lc->json = 2;
		else if (!strcmp(arg, "text"))
			lc->json = 0;
		else
			return error("invalid --format '%s': use text, json or ndjson", arg);
		return 0;
	default: return runopt_handle(lc->ro, id, arg);
	}
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

int cmd_list(int argc, char **argv)
{
	struct request req;
	struct run_options ro;
	struct list_ctx lc = {&ro, NULL, NULL, 0};
	struct store st = {NULL, -1, -1, -1};
	char **operands = NULL, **names = NULL;
	char *state_dir = NULL;
	size_t n = 0;
	int rc = EXIT_SBX_FAILURE;

	request_init(&req);
	runopt_init(&ro, &req);
	int nops = cmd_parse("list", argc, argv, list_option, &lc, &ro.help, &operands);
	if (nops < 0) {
		rc = nops == CMD_HELP_SHOWN ? 0 : rc;
		goto out;
	}
	if (nops > 0) {
		error("list takes no operands ('%s'): to see one deployment use `sbx get %s`",
		      operands[0], operands[0]);
		goto out;
	}
	state_dir = store_state_dir(ro.state_dir_flag, ro.config_flag);
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
		if ((lc.status && strcmp(lc.status, status)) ||
		    (lc.lang && (!lang || strcmp(lc.lang->name, json_string_value(lang))))) {
			json_decref(row);
			continue;
		}
		json_array_append_new(rows, row);
	}
	int wrc;
	if (lc.json == 2) {
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
	} else if (lc.json) {
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
	rc = wrc == 0 ? 0 : EXIT_SBX_FAILURE;
out:
	store_free_names(names);
	free(operands);
	free(state_dir);
	store_close(&st);
	request_release(&req);
	return rc;
}
