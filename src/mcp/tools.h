/* tools — the MCP tools sbx offers: names, JSON Schemas, and how each call
 * becomes a child process: a run (the run pipeline called in a fork, run/job.h)
 * or an sbx command. */
#ifndef SBX_MCP_TOOLS_H
#define SBX_MCP_TOOLS_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#define MCP_CMD_MAX_ARGS 24

/* What the children get besides their own arguments. */
struct mcp_context {
	const char *self;      /* the sbx binary: /proc/self/exe resolved */
	const char *state_dir; /* --state-dir passed on, or NULL */
	const char *config;    /* --config passed on, or NULL */
	bool have_sessions;    /* this build has `sbx session` */
};

/* What a run tool's child runs: no command line, the run pipeline. */
enum mcp_job {
	MCP_JOB_NONE,	    /* an sbx command: argv */
	MCP_JOB_RUN,	    /* run_code, code_execute: `sbx run --request -` */
	MCP_JOB_DEPLOYMENT, /* exec_deployment: `sbx exec-deployment --request -` */
	MCP_JOB_PREPARE,    /* prepare: `sbx prepare [-l LANG] --json -`, the code in input */
	MCP_JOB_DEPLOY,	    /* deploy_code: `sbx deploy -n NAME [-l LANG] --json -`, likewise */
	/* exec_in_session: `sbx session exec --json --request - ID`, the
	 * request in input (session/session_exec_job.h) */
	MCP_JOB_SESSION_EXEC,
};

/* One child process to run for a tool call. */
struct mcp_cmd {
	/* A run tool's: the request in input, read by the forked child as
	 * --request - reads it and run in-process (run/job.h), its record in
	 * NDJSON; state_dir and config are the context's (borrowed). */
	enum mcp_job job;
	const char *state_dir, *config;
	char *language; /* a prepare's or deploy's -l (owned; NULL: none) */
	char *ref;	/* a deploy's -n NAME, a session execution's ID|NAME (owned) */
	char *argv[MCP_CMD_MAX_ARGS + 1]; /* the other tools': owned, NULL-terminated */
	int argc;
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
