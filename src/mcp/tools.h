/* tools — the MCP tools sbx offers: names, JSON Schemas, and how each call
 * becomes an sbx command run as a child process. */
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

/* One child process to run for a tool call. */
struct mcp_cmd {
	char *argv[MCP_CMD_MAX_ARGS + 1]; /* owned, NULL-terminated */
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
