/* sbx history show ID — one execution's stored record, with the heads of
 * its stdout and stderr; export and import carry records between
 * machines. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd.h"
#include "state/history.h"
#include "core/outcome.h"
#include "run/runopt.h"
#include "state/store.h"
#include "util/buf.h"
#include "util/textout.h"
#include "util/util.h"

const struct opt_spec *const history_tables[] = {common_opts, format_opts, NULL};

struct history_ctx {
	struct run_options *ro;
	int json; /* 0 text, 1 json (indented), 2 ndjson (one line) */
};

static int history_option(void *ctx, int id, const char *arg)
{
	struct history_ctx *h = ctx;
	if (id == RO_JSON) {
		h->json = 1;
		return 0;
	}
	if (id == RO_FORMAT) {
		if (!strcmp(arg, "json"))
			h->json = 1;
		else if (!strcmp(arg, "ndjson"))
			h->json = 2;
		else if (!strcmp(arg, "text"))
			h->json = 0;
		else
			return error("invalid --format '%s': use text, json or ndjson", arg);
		return 0;
	}
	return runopt_handle(h->ro, id, arg);
}

static const char *str(json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));
	return s ? s : "";
}

/* A stream's head, as it was printed, under a heading that says how much
 * of it the history kept. */
static void print_stream(json_t *rec, const char *name)
{
	json_t *head = json_object_get(rec, name);
	char key[32];
	snprintf(key, sizeof(key), "%s_bytes", name);
	json_int_t total =
	    json_integer_value(json_object_get(json_object_get(rec, "truncated"), key));
	if (!json_is_string(head)) {
		text_printf(stdout,
			    "--- %s: %lld bytes, not kept (recorded before sbx kept output) ---\n",
			    name, (long long)total);
		return;
	}
	size_t len = json_string_length(head);
	if ((json_int_t)len < total)
		text_printf(stdout, "--- %s: the first %zu of %lld bytes ---\n", name, len,
			    (long long)total);
	else
		text_printf(stdout, "--- %s: %lld bytes ---\n", name, (long long)total);
	/* The code's output, shown as text: its lines and tabs kept, every
	 * other control character escaped (it is not a terminal's to obey
	 * when sbx shows a record). */
	struct buf b = BUF_INIT;
	buf_put_escaped(&b, json_string_value(head), len, true);
	if (b.len && b.data[b.len - 1] != '\n')
		buf_puts(&b, "\n");
	fwrite(b.data ? b.data : "", 1, b.len, stdout);
	buf_release(&b);
}

static void print_text(json_t *rec)
{
	json_t *v, *dep = json_object_get(rec, "deployment"), *err = json_object_get(rec, "error");
	text_printf(stdout, "id          %s\n", str(rec, "id"));
	text_printf(stdout, "time        %s\n", str(rec, "time"));
	text_printf(stdout, "language    %s\n", str(rec, "language"));
	text_printf(stdout, "status      %s", str(rec, "status"));
	if (json_is_integer(v = json_object_get(rec, "exit_code")))
		text_printf(stdout, " (exit %lld)", (long long)json_integer_value(v));
	if (json_is_string(v = json_object_get(rec, "signal")))
		text_printf(stdout, " (%s)", json_string_value(v));
	putchar('\n');
	if (json_is_object(dep))
		text_printf(stdout, "deployment  %s@%lld\n", str(dep, "name"),
			    (long long)json_integer_value(json_object_get(dep, "version")));
	if (json_is_object(err))
		text_printf(stdout, "error       %s: %s\n", str(err, "name"), str(err, "message"));
	json_t *t = json_object_get(rec, "time_ms");
	text_printf(stdout, "time_ms     wall %.1f, cpu %.1f\n",
		    json_number_value(json_object_get(t, "wall")),
		    json_number_value(json_object_get(t, "cpu")));
	text_printf(stdout, "memory      peak %lld KiB\n",
		    (long long)json_integer_value(
			json_object_get(json_object_get(rec, "memory_kb"), "peak")));
	text_printf(stdout, "code        %s (%lld bytes)\n", str(rec, "code_sha256"),
		    (long long)json_integer_value(json_object_get(rec, "code_bytes")));
	const char *k;
	json_object_foreach(json_object_get(rec, "labels"), k, v)
	    text_printf(stdout, "label       %s=%s\n", k, json_string_value(v));
	print_stream(rec, "stdout");
	print_stream(rec, "stderr");
}

/* sbx history export [SINCE]: this history's records as NDJSON, for
 * another machine's `sbx history import` (a cluster's view: every node's
 * records in one history). */
static int history_export_cmd(struct run_options *ro, char **operands, int nops)
{
	int64_t since = 0;
	if (nops > 2) {
		error("give at most a time: `sbx history export [SINCE]` (7d, 2026-11-01)");
		return EXIT_SBX_FAILURE;
	}
	if (nops == 2 && history_parse_time("history export", operands[1], (int64_t)now_wall_ms(),
					    false, &since) != 0)
		return EXIT_SBX_FAILURE;
	char *state_dir = store_state_dir(ro->state_dir_flag, ro->config_flag);
	if (!state_dir)
		return EXIT_SBX_FAILURE;
	size_t n = 0;
	int rc = history_export(state_dir, since, stdout, &n);
	free(state_dir);
	if (rc == 0 && (fflush(stdout) != 0 || ferror(stdout)))
		rc = error("writing the records failed");
	if (rc == 0)
		fprintf(stderr, "sbx: exported %zu record%s\n", n, n == 1 ? "" : "s");
	return rc == 0 ? 0 : EXIT_SBX_FAILURE;
}

/* sbx history import FILE: records from elsewhere into this history. */
static int history_import_cmd(struct run_options *ro, char **operands, int nops)
{
	if (nops != 2) {
		error("give one file of records: `sbx history import FILE` (NDJSON, as sbx batch "
		      "--out writes it)");
		return EXIT_SBX_FAILURE;
	}
	char *state_dir = store_state_dir(ro->state_dir_flag, ro->config_flag);
	if (!state_dir)
		return EXIT_SBX_FAILURE;
	struct history_ingest_counts c = {0};
	int rc = history_ingest(state_dir, operands[1], &c);
	size_t imported = c.imported, skipped = c.skipped, invalid = c.invalid;
	free(state_dir);
	struct buf b = BUF_INIT;
	buf_printf(&b, "imported %zu record%s from %s", imported, imported == 1 ? "" : "s",
		   operands[1]);
	if (c.known)
		buf_printf(&b, ", %zu already in the history", c.known);
	if (skipped || invalid)
		buf_puts(&b, ", skipped");
	if (skipped)
		buf_printf(&b, " %zu that never ran", skipped);
	if (invalid)
		buf_printf(&b, "%s %zu invalid (see above)", skipped ? " and" : "", invalid);

	/* Invalid records fail the import, after the valid ones were kept. */
	if (invalid && rc == 0)
		rc = error("%s", buf_cstr(&b));
	else
		fprintf(stderr, "sbx: %s\n", buf_cstr(&b));
	buf_release(&b);
	return rc == 0 ? 0 : EXIT_SBX_FAILURE;
}

int cmd_history(int argc, char **argv)
{
	struct request req;
	struct run_options ro;
	struct history_ctx h = {&ro, 0};
	char **operands = NULL;
	char *state_dir = NULL;
	int rc = EXIT_SBX_FAILURE;

	request_init(&req);
	runopt_init(&ro, &req);
	int nops = cmd_parse("history", argc, argv, history_option, &h, &ro.help, &operands);
	if (nops < 0) {
		rc = nops == CMD_HELP_SHOWN ? 0 : rc;
		goto out;
	}
	if (nops >= 1 && !strcmp(operands[0], "import")) {
		rc = history_import_cmd(&ro, operands, nops);
		goto out;
	}
	if (nops >= 1 && !strcmp(operands[0], "export")) {
		rc = history_export_cmd(&ro, operands, nops);
		goto out;
	}
	if (nops < 1 || strcmp(operands[0], "show")) {
		error(nops ? "unknown history command '%s': use `sbx history show ID`, `sbx "
			     "history export [SINCE]` or `sbx history import FILE`"
			   : "give a history command%s: `sbx history show ID`, `sbx history "
			     "export [SINCE]` or `sbx history import FILE`",
		      nops ? operands[0] : "");
		goto out;
	}
	if (nops != 2) {
		error("give one run id: `sbx history show ID` (the id is in the --json record)");
		goto out;
	}
	state_dir = store_state_dir(ro.state_dir_flag, ro.config_flag);
	if (!state_dir)
		goto out;
	json_t *rec = history_show(state_dir, operands[1]);
	if (!rec)
		goto out;
	if (h.json) {
		char *text = json_dumps(rec, (h.json == 2 ? JSON_COMPACT : JSON_INDENT(2)) |
						 JSON_PRESERVE_ORDER);
		if (text)
			puts(text);
		free(text);
		record_written_set();
	} else {
		print_text(rec);
	}
	json_decref(rec);
	rc = 0;
out:
	free(operands);
	free(state_dir);
	request_release(&req);
	return rc;
}
