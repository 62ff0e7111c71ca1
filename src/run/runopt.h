/* runopt — the options shared by run, prepare, deploy and exec-deployment,
 * parsed into a struct request; and loading the code they name. */
#ifndef SBX_RUNOPT_H
#define SBX_RUNOPT_H

#include <stdbool.h>

#include "util/opt.h"
#include "core/config.h"
#include "core/request.h"

enum runopt_id {
	RO_HELP = 1,
	RO_STATE_DIR,
	RO_CONFIG,
	RO_CODE,
	RO_LANG,
	RO_MARKDOWN,
	RO_BLOCK,
	RO_FORMAT,
	RO_JSON,
	RO_INPUT,
	RO_INPUTS,
	RO_TIMEOUT,
	RO_CPU_TIME,
	RO_MEMORY,
	RO_MAX_OUTPUT,
	RO_MAX_CODE,
	RO_FILE,
	RO_OUT_DIR,
	RO_OUT_DIR_DOTFILES,
	RO_LABEL,
	RO_STDIN,
	RO_REQUIRE,
	RO_NO_HISTORY,
	RO_PRINT_RESULT,
	RO_MERGE_OUTPUT,
	RO_ENV,
	RO_POLICY,
	RO_REQUEST,
	RO_ENGINE,
	RO_FIRST_FREE = 100 /* commands number their own options from here */
};

/* -h, --state-dir, --config: every command. */
extern const struct opt_spec common_opts[];
/* -e, -l, --markdown, --block: commands that take code. */
extern const struct opt_spec source_opts[];
/* --format and --json. */
extern const struct opt_spec format_opts[];
/* --request: the whole request as one JSON object (request_json.h). */
extern const struct opt_spec request_opts[];
/* --engine alone, for prepare (run_opts has it too). */
extern const struct opt_spec engine_opts[];
/* Limits, inputs, files, labels, --require, --no-history. */
extern const struct opt_spec run_opts[];

struct run_options {
	struct request *req;
	const char *code_arg;	  /* -e */
	const char *lang_arg;	  /* -l */
	const char *request_path; /* --request FILE|- */
	bool markdown;
	unsigned block; /* --block N (1-based); 0: all blocks */
	const char *state_dir_flag;
	const char *config_flag;
	int policy_profile; /* --policy: enum policy_profile + 1; 0: not given */
	bool help;
	/* What already reads sbx's standard input ("--inputs @-", "--stdin -"),
	 * so a second reader is an error instead of an empty read. */
	const char *stdin_taken;
	/* session exec: the session's engine is Duktape's, whatever the code
	 * needs (run/engine_choice.c refuses what only node runs). */
	bool session_exec;
	/* Called for ids >= RO_FIRST_FREE (command-specific options). */
	opt_handler extra;
	void *extra_ctx;
};

void runopt_init(struct run_options *ro, struct request *req);
/* The id of the option named flag ("--timeout", "-e") in the tables
 * above; 0 when none has it. */
int runopt_id_of_flag(const char *flag);
/* An opt_handler for all the tables above. */
int runopt_handle(void *ctx, int id, const char *arg);
/* Reads the code from -e, FILE or "-" (stdin), applies --markdown, picks
 * the language. With allow_none, no code is fine (exec-deployment).
 * Operands after "--" (opt_dashdash) are the program's arguments: call
 * runopt_take_args first. */
int runopt_load_code(struct run_options *ro, char **operands, int nops, bool allow_none);
/* Loads the config, resolves the state directory, fills defaults and
 * validates the request. */
int runopt_finish(struct run_options *ro);
/* Moves the operands after "--" into req->args; *nops keeps the rest. */
void runopt_take_args(struct run_options *ro, char **operands, int *nops);
/* --policy over the config file's policy.profile. */
void runopt_apply_policy(const struct run_options *ro, struct config *cfg);

#endif
