/* remote_batch — `sbx --remote URL batch [options] (FILE | -)`: the input
 * is read here and sent as the body of POST /v1/batch; the server streams
 * the records as they are done, and they are written out (stdout in the
 * chosen format, --out) and summed up here exactly as a local sbx batch
 * does (batch_printer). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch/batch.h"
#include "core/outcome.h"
#include "core/request_keys.h"
#include "serve/curl.h"
#include "serve/remote.h"
#include "serve/routes.h"
#include "util/util.h"

/* The input is sent in one body: the server takes at most its --max-body
 * (16 MiB unless told otherwise) and refuses more with its own message. */
#define BATCH_BODY_MAX (256u << 20)

struct rb_ctx {
	const struct opt_spec *const *tables;
	struct batch_options o;
	struct buf query;
	struct batch_printer *printer;
	size_t records;
	bool failed;
};

static const char *long_name(const struct opt_spec *const *t, int id)
{
	for (size_t i = 0; t[i]; i++)
		for (const struct opt_spec *o = t[i]; o->long_name; o++)
			if (o->id == id)
				return o->long_name;
	return "?";
}

static int rb_option(void *ctx, int id, const char *arg)
{
	struct rb_ctx *c = ctx;
	const char *n = long_name(c->tables, id);
	if (!strcmp(n, "json") || !strcmp(n, "format")) {
		const char *f = arg ? arg : "json";
		c->o.format_given = true;
		return batch_parse_format(f, &c->o.format);
	}
	if (!strcmp(n, "out")) {
		c->o.out_path = arg;
		return 0;
	}
	if (!strcmp(n, "resume")) {
		c->o.resume = true;
		return 0;
	}
	if (!strcmp(n, "quiet")) {
		c->o.quiet = true;
		return 0;
	}
	/* What the server's batch takes as query parameters (api.c): its
	 * own jobs and shard, and the lines' defaults (request_keys.c). */
	const struct request_key *row = request_key_by_flag(n, RK_BATCH);
	if (row || !strcmp(n, "jobs") || !strcmp(n, "shard")) {
		char *v = curl.easy_escape(NULL, arg, 0);
		buf_printf(&c->query, "%c%s=%s", c->query.len ? '&' : '?', row ? row->key : n,
			   v ? v : "");
		curl.free(v);
		return 0;
	}
	return error("--%s is not available with --remote batch (the server decides it): run "
		     "without --remote",
		     n);
}

static void on_record(void *ctx, const char *line, size_t len)
{
	struct rb_ctx *c = ctx;
	if (!len || c->failed)
		return;
	json_t *rec = json_loadb(line, len, JSON_ALLOW_NUL, NULL);
	if (!rec) {
		error("the server sent a line that is not a record: %.80s", line);
		c->failed = true;
		return;
	}
	c->records++;
	if (batch_printer_add(c->printer, rec) != 0)
		c->failed = true;
}

int remote_batch(const struct opt_spec *const *tables, int argc, char **argv)
{
	struct rb_ctx c = {.tables = tables, .query = BUF_INIT};
	c.o.format = BATCH_NDJSON;
	char **ops = NULL;
	int rc = EXIT_SBX_FAILURE;
	struct buf in = BUF_INIT;
	int nops = opt_parse(argc, argv, "batch", tables, rb_option, &c, &ops);
	if (nops < 0)
		goto out;
	if (nops != 1) {
		error(nops ? "give one input: sbx batch [options] (FILE | -)"
			   : "give the requests: sbx batch [options] (FILE | -), one JSON object "
			     "per line");
		goto out;
	}
	if (c.o.resume && !c.o.out_path) {
		error("--resume continues an --out file: add --out FILE");
		goto out;
	}
	if ((!strcmp(ops[0], "-") ? read_fd(0, BATCH_BODY_MAX, &in)
				  : read_file(ops[0], BATCH_BODY_MAX, &in)) != 0) {
		/* As batch_input.c says it locally. */
		if (errno == EFBIG)
			error("cannot read the batch input %s: over %u MiB, the most --remote "
			      "sends (split it, or run sbx batch on the server)",
			      ops[0], BATCH_BODY_MAX >> 20);
		else
			error("cannot read the batch input %s: %s (give an NDJSON file, or - for "
			      "stdin)",
			      ops[0], strerror(errno));
		goto out;
	}
	if (!(c.printer = batch_printer_open(&c.o)))
		goto out;
	char path[4096];
	route_path(API_BATCH, NULL, path, sizeof path);
	snprintf(path + strlen(path), sizeof path - strlen(path), "%s", buf_cstr(&c.query));
	struct remote_reply r = {0};
	r.on_line = on_record;
	r.ctx = &c;
	if (remote_call("POST", path, in.data ? in.data : "", in.len, "application/x-ndjson", &r) !=
	    0) {
		c.o.quiet = true;
		batch_printer_close(c.printer, false);
		buf_release(&r.body);
		goto out;
	}
	if (r.status != 200) {
		c.o.quiet = true; /* no summary of a batch that did not run */
		batch_printer_close(c.printer, false);
		rc = remote_fail(&r);
	} else {
		if (r.line_start < r.body.len) /* a last line without its newline */
			on_record(&c, r.body.data + r.line_start, r.body.len - r.line_start);
		rc = batch_printer_close(c.printer, !c.failed);
		if (rc == 0 || rc == 1)
			record_written_set();
	}
	buf_release(&r.body);
out:
	buf_release(&in);
	buf_release(&c.query);
	free(ops);
	return rc;
}
