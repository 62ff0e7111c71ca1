/* batch_printer — records that ran elsewhere (sbx --remote URL batch: the
 * server's POST /v1/batch streams them) written out and summed up exactly
 * as sbx batch does with its own: the same sink (stdout in the chosen
 * format, --out), the same tally and summary. */
#include <stdlib.h>
#include <unistd.h>

#include "batch/batch_int.h"
#include "core/outcome.h"
#include "util/util.h"

struct batch_printer {
	const struct batch_options *o;
	struct batch_sink sink;
	struct batch_tally tally;
	bool write_failed;
};

struct batch_printer *batch_printer_open(const struct batch_options *o)
{
	struct batch_printer *p = xcalloc(1, sizeof(*p));
	p->o = o;
	if (o->resume) {
		error("--resume reads its --out here and the requests there: run the batch on "
		      "one side (drop --remote, or --resume)");
		free(p);
		return NULL;
	}
	if (sink_open(&p->sink, o, NULL) != 0) {
		if (p->sink.out_fd >= 0)
			close(p->sink.out_fd);
		json_decref(p->sink.all);
		free(p);
		return NULL;
	}
	tally_init(&p->tally, -1, !o->quiet && isatty(2));
	return p;
}

int batch_printer_add(struct batch_printer *p, json_t *rec)
{
	tally_record(&p->tally, rec);
	if (!p->write_failed && sink_write(&p->sink, rec) != 0)
		p->write_failed = true;
	else if (p->write_failed)
		json_decref(rec);
	tally_progress(&p->tally, false);
	return p->write_failed ? -1 : 0;
}

int batch_printer_close(struct batch_printer *p, bool complete)
{
	json_t *summary = tally_summary(&p->tally);
	/* As batch_pool classifies: a sandbox_error (or no status) is sbx's
	 * own failure, a refused request makes 1. */
	int rc = p->tally.failures ? EXIT_SBX_FAILURE : p->tally.invalid ? 1 : 0;
	if (sink_close(&p->sink, summary) != 0 || p->write_failed || !complete)
		rc = EXIT_SBX_FAILURE;
	if (!p->o->quiet)
		tally_print_summary(&p->tally, summary);
	json_decref(summary);
	tally_release(&p->tally);
	free(p);
	return rc;
}
