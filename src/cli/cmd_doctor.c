/* cmd_doctor — `sbx doctor [--json]`: its options, then run/doctor.h. */
#include <stdlib.h>
#include <string.h>

#include "cli/cmd.h"
#include "core/outcome.h"
#include "run/doctor.h"
#include "run/runopt.h"
#include "util/util.h"

static const struct opt_spec doctor_opts[] = {
    {"format", 0, OPT_ARG, RO_FORMAT, "FMT", "text (default), json or ndjson (one line)"},
    {"json", 0, OPT_NOARG, RO_JSON, NULL, "print one JSON object"},
    {NULL, 0, 0, 0, NULL, NULL},
};

const struct opt_spec *const doctor_tables[] = {common_opts, doctor_opts, NULL};

struct doctor_ctx {
	bool json;
	bool help;
	const char *config_flag;
};

static int doctor_option(void *ctx, int id, const char *arg)
{
	struct doctor_ctx *dc = ctx;
	switch (id) {
	case RO_JSON: dc->json = true; return 0;
	case RO_FORMAT:
		/* One compact object is both the json and the ndjson form. */
		if (!strcmp(arg, "json") || !strcmp(arg, "ndjson"))
			dc->json = true;
		else if (!strcmp(arg, "text"))
			dc->json = false;
		else
			return error("invalid --format '%s': use text, json or ndjson", arg);
		return 0;
	case RO_HELP: dc->help = true; return 0;
	case RO_CONFIG: dc->config_flag = arg; return 0;
	default: return 0; /* --state-dir: not needed here */
	}
}

int cmd_doctor(int argc, char **argv)
{
	struct doctor_ctx dc = {false, false, NULL};
	char **operands = NULL;
	const struct command *self = cmd_find("doctor");
	int nops = opt_parse(argc, argv, "doctor", self->opts, doctor_option, &dc, &operands);
	free(operands);
	if (nops < 0)
		return EXIT_SBX_FAILURE;
	if (dc.help) {
		cmd_print_help(self);
		return 0;
	}
	if (nops > 0)
		return error("doctor takes no operands: run `sbx doctor` or `sbx doctor --json`"),
		       EXIT_SBX_FAILURE;
	return doctor_report(dc.config_flag, dc.json) == 0 ? 0 : EXIT_SBX_FAILURE;
}
