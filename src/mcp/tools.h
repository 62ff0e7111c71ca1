/* tools — the MCP tools sbx offers: names, JSON Schemas, and how each call
 * becomes a child process: a fork that runs its job in-process (a run: the
 * run pipeline, run/job.h; the other tools: the command's library
 * function), never an exec of sbx. */
#ifndef SBX_MCP_TOOLS_H
#define SBX_MCP_TOOLS_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#define MCP_CMD_MAX_ARGS 24

/* What the children get besides their own arguments. */
struct mcp_context {
	const char *state_dir; /* --state-dir passed on, or NULL */
	const char *config;    /* --config passed on, or NULL */
	bool have_sessions;    /* this build has `sbx session` */
};

/* What a tool's child runs: no command line, a library call. */
enum mcp_job {
	MCP_JOB_NONE,	    /* none yet (mcp_tool_command sets one) */
	MCP_JOB_RUN,	    /* run_code, code_execute: `sbx run --request -` */
	MCP_JOB_DEPLOYMENT, /* exec_deployment: `sbx exec-deployment --request -` */
	MCP_JOB_PREPARE,    /* prepare: `sbx prepare [-l LANG] --json -`, the code in input */
	MCP_JOB_DEPLOY,	    /* deploy_code: `sbx deploy -n NAME [-l LANG] --json -`, likewise */
	/* exec_in_session: `sbx session exec --json --request - ID`, the
	 * request in input (session/session_exec_job.h) */
	MCP_JOB_SESSION_EXEC,
	/* create_session, stop_session, list_sessions, get_session,
	 * delete_session: `sbx session SUB --json FLAGS... ID`
	 * (session/session_admin.h), sub, flags and ops */
	MCP_JOB_SESSION_ADMIN,
	/* list_deployments: `sbx list --json [--language L] [--status S]`
	 * (state/deployments.h), flags */
	MCP_JOB_LIST_DEPLOYMENTS,
	/* function() in the fork, its return the exit code: no tool's; the
	 * unit tests' child that leaves a process holding its stdout */
	MCP_JOB_FUNCTION,
};

/* One child process to run for a tool call. */
struct mcp_cmd {
	/* A run tool's: the request in input, read by the forked child as
	 * --request - reads it and run in-process (run/job.h), its record in
	 * NDJSON; state_dir and config are the context's (borrowed). */
	enum mcp_job job;
	const char *state_dir, *config;
	char *language;	       /* a prepare's or deploy's -l (owned; NULL: none) */
	char *ref;	       /* a deploy's -n NAME, a session execution's ID|NAME (owned) */
	int (*function)(void); /* MCP_JOB_FUNCTION's */
	const char *sub;       /* MCP_JOB_SESSION_ADMIN's subcommand (static) */
	const char *format;    /* its --format (static); NULL: json */
	/* The command's flags as name and value, in order, and its operands
	 * (owned). */
	char *flags[MCP_CMD_MAX_ARGS][2];
	int nflags;
	char *ops[MCP_CMD_MAX_ARGS + 1];
	int nops;
	char *input; /* written to the child's stdin (owned, may be NULL) */
	size_t input_len;
	bool ndjson;	  /* stdout is --format ndjson events */
	bool is_record;	  /* the output is a run record (ok decides isError) */
	const char *wrap; /* wrap a non-object output as {wrap: output} */
	/* session_files_read: stdout is this file's bytes (owned); write: the
	 * file written, its size in file_size, stdout empty */
	bool code_execute; /* answer in seed 004's code_execute shape */
	char *file_path;
	bool file_read;
	size_t file_size;
};

struct mcp_tool;

/* The tools/list result: {"tools": [...]}. */
json_t *mcp_tools_list(void);
const struct mcp_tool *mcp_tool_find(const char *name);

/* Checks args against the tool and builds its command. -1 with a message
 * in err naming the argument and the fix (the model reads it). */
int mcp_tool_command(const struct mcp_tool *t, json_t *args, const struct mcp_context *ctx,
		     struct mcp_cmd *cmd, char *err, size_t errlen);
void mcp_cmd_release(struct mcp_cmd *cmd);

#endif
