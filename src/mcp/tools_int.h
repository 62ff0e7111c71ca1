/* tools_int — the tool table shared by tools.c (schemas) and tool_cmd.c
 * (commands). */
#ifndef SBX_MCP_TOOLS_INT_H
#define SBX_MCP_TOOLS_INT_H

#include "mcp/tools.h"

enum mcp_tool_kind {
	TOOL_RUN,
	TOOL_PREPARE,
	TOOL_LIST_DEPLOYMENTS,
	TOOL_EXEC_DEPLOYMENT,
	TOOL_CREATE_SESSION,
	TOOL_EXEC_IN_SESSION,
	TOOL_STOP_SESSION,
	TOOL_FILES_LIST,
	TOOL_FILES_READ,
	TOOL_FILES_WRITE,
	TOOL_CODE_EXECUTE, /* seed 004's code_execute: its arguments and result */
	TOOL_LIST_SESSIONS,
	TOOL_GET_SESSION,
	TOOL_DELETE_SESSION,
	TOOL_DEPLOY,
};

struct mcp_tool {
	const char *name;
	const char *title;
	const char *description;
	/* JSON text: its arguments, or (keys != 0) its own beside the
	 * request's */
	const char *input_schema;
	const char *output_schema; /* JSON text */
	enum mcp_tool_kind kind;
	bool read_only;
	unsigned keys; /* the request's route (RK_*) whose keys it takes; 0: none */
};

extern const struct mcp_tool mcp_tools[];
/* t's inputSchema (new reference): its own arguments and its route's
 * request keys (core/request_keys.h). */
json_t *mcp_tool_input_schema(const struct mcp_tool *t);

#endif
