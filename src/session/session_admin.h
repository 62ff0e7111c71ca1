/* session_admin — the session commands that run no code, one home for
 * every front: `sbx session create|list|get|stop|delete|ttl`, sbx serve's
 * /v1/sessions routes and sbx mcp's create_session, list_sessions,
 * get_session, stop_session and delete_session. The CLI parses its flags
 * into a struct run_options (session_admin_option for the session's own)
 * and calls these; a front's fork gives the same flags by id
 * (session_admin_job_run), so the checks, messages, records and exit codes
 * are the command's, with no exec and no command line.
 */
#ifndef SBX_SESSION_ADMIN_H
#define SBX_SESSION_ADMIN_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/outcome.h"
#include "run/runopt.h"

/* The session commands' own options (after runopt's). */
enum {
	SESSION_OPT_NAME = RO_FIRST_FREE,
	SESSION_OPT_TTL,
	SESSION_OPT_IDLE,
	SESSION_OPT_DISK,
	SESSION_OPT_STATUS,
	SESSION_OPT_FRESH,
	SESSION_OPT_RECURSIVE,
	SESSION_OPT_PARENTS
};

/* What the session's own options said. */
struct session_admin {
	const char *name, *status;
	uint64_t ttl_ms, idle_ms;
	uint64_t disk_bytes;	 /* create --disk; 0: the config's, else 1G */
	bool fresh;		 /* exec --fresh */
	bool recursive, parents; /* files rm -r, files mkdir -p */
	int given;		 /* session options seen, for the subcommands that take none */
	/* An execution's option given to another subcommand (refused, never
	 * ignored). */
	const char *unsupported;
};

/* An opt_handler for SESSION_OPT_*: ctx is a struct session_admin. */
int session_admin_option(void *ctx, int id, const char *arg);
/* The option id of one of the session commands' flags by name ("--ttl",
 * "-n", "--memory"); 0 for none. */
int session_admin_flag_id(const char *flag);

/* The engine for every subcommand; for sub (NULL: exec, which takes them
 * all) no program arguments and none of an execution's options. */
int session_admin_refuse(const struct session_admin *sa, const struct request *req,
			 const char *sub);

/* create, ttl, and list|get|stop|delete over operands (nops of them):
 * checked, done, and printed in ro->req's format as `sbx session SUB`
 * prints it. ro: the options taken (runopt_handle), runopt_finish not yet
 * called (these call it). 0, or -1 after an error message. */
int session_admin_create(struct run_options *ro, struct session_admin *sa, int nops);
int session_admin_ttl(struct run_options *ro, struct session_admin *sa, char **operands, int nops);
int session_admin_manage(const char *sub, struct run_options *ro, struct session_admin *sa,
			 char **operands, int nops);
/* files ID|NAME ls|get|put|rm|mkdir ...: the options checked, then
 * session_ws_command. */
int session_admin_files(struct run_options *ro, struct session_admin *sa, char **operands,
			int nops);
/* The files of a session's workspace (session_ws_cmd.c): ops[0] the
 * session, ops[1] ls|get|put|rm|mkdir, then its operands; get's DEST and
 * put's SRC are the caller's own files, "-" standard output or input. */
int session_ws_command(struct request *req, char **ops, int nops, bool recursive, bool parents);

/* One description (an object) or a list of them (an array), in format:
 * JSON, a line each for NDJSON, a table or "key value" lines for text. */
void session_admin_print(json_t *j, enum output_format format);

/* One subcommand as a front's fork runs it: `sbx session SUB --state-dir S
 * --config C --format F FLAG VALUE... OPERAND...`, its flags given by name
 * ("--ttl", "-l") and applied in order. Returns sbx's exit code (0, or
 * EXIT_SBX_FAILURE after an error message). */
struct session_admin_job {
	const char *sub;		/* create, list, get, stop, delete, ttl, files */
	const char *state_dir, *config; /* NULL: the defaults */
	const char *format;		/* "json", "ndjson" or "text" */
	const char *const (*settings)[2];
	size_t nsettings;
	char **operands;
	int nops;
};
int session_admin_job_run(const struct session_admin_job *job);

#endif
