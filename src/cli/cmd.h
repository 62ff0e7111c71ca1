/* cmd — the one command table: dispatch, help, --list-commands and the docs
 * test all read it. Register only commands that work. */
#ifndef SBX_CMD_H
#define SBX_CMD_H

#include "util/opt.h"

struct command {
	const char *name;
	const char *summary;
	const char *usage;		    /* after "sbx NAME " */
	const struct opt_spec *const *opts; /* NULL-terminated list of tables */
	int (*fn)(int argc, char **argv);   /* argv[0] is the command name */
};

extern const struct command commands[];

const struct command *cmd_find(const char *name);
/* The closest command name, for "did you mean"; NULL if none is close. */
const char *cmd_suggest(const char *name);
void cmd_print_help(const struct command *c);

#define CMD_HELP_SHOWN (-2)
/* The opening of every command: parses argv against the command's option
 * tables (opt_parse) and, when the handler set *help (-h), prints the
 * command's help. Returns the number of operands, -1 after an error
 * message, or CMD_HELP_SHOWN (the command then exits 0). */
int cmd_parse(const char *name, int argc, char **argv, opt_handler fn, void *ctx, const bool *help,
	      char ***operands);
void cmd_print_overview(void);
/* One line per option: "--long[=ARG] -s" (for completions and docs tests). */
void cmd_print_options(const struct command *c);

/* All of main (main.c): what a new `sbx ARGS...` process does. */
int cmd_main(int argc, char **argv);
/* The argv cmd_main runs with once the global options are moved after the
 * command (NULL when none were): it lives as long as the process. */
extern char **cmd_main_argv;
int cmd_run(int argc, char **argv);
int cmd_help(int argc, char **argv);
int cmd_prepare(int argc, char **argv); /* cmd_prepare.c */
extern const struct opt_spec *const prepare_tables[];
int cmd_stats(int argc, char **argv); /* cmd_stats.c */
extern const struct opt_spec *const cmd_stats_tables[];
int cmd_gc(int argc, char **argv); /* cmd_gc.c */
extern const struct opt_spec *const cmd_gc_tables[];

/* Deployments (cmd_deploy.c, cmd_exec_deployment.c, cmd_list.c, cmd_get.c,
 * cmd_delete.c); each file holds its option tables. */
extern const struct opt_spec *const deploy_tables[],
    *const exec_deployment_tables[], *const list_tables[], *const get_tables[],
							       *const delete_tables[];
int cmd_deploy(int argc, char **argv);
int cmd_exec_deployment(int argc, char **argv);
int cmd_list(int argc, char **argv);
int cmd_get(int argc, char **argv);
int cmd_delete(int argc, char **argv);
int cmd_batch(int argc, char **argv); /* cmd_batch.c */
extern const struct opt_spec *const batch_tables[];
int cmd_doctor(int argc, char **argv); /* cmd_doctor.c */
int cmd_mcp(int argc, char **argv);    /* cmd_mcp.c */
extern const struct opt_spec *const mcp_tables[];
int cmd_history(int argc, char **argv); /* cmd_history.c */
extern const struct opt_spec *const history_tables[];
extern const struct opt_spec *const doctor_tables[];
int cmd_serve(int argc, char **argv); /* cmd_serve.c */
extern const struct opt_spec *const serve_tables[];

int cmd_events(int argc, char **argv); /* cmd_events.c */
extern const struct opt_spec *const events_tables[];

int cmd_session(int argc, char **argv); /* cmd_session.c */
/* `sbx session sh ID [OPTIONS] -- CMD ARG...` rewritten in place as
 * `sbx session exec ID [OPTIONS] -l bash -e 'CMD' 'ARG'...` (each word
 * shell-quoted), before --remote or the command sees it; argv[0] is sbx,
 * argv[1] "session". Returns the new argc, or -1 after a message.
 * cmd_session_sh.c */
int cmd_session_sh_argv(int argc, char ***argvp);
extern const struct opt_spec *const session_tables[];

#endif
