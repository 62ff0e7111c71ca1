/* result — what an sbx command printed becomes an MCP CallToolResult:
 * structuredContent (the record, or the command's JSON), a text a model
 * can read, images from the record's rich results, and isError. */
#ifndef SBX_MCP_RESULT_H
#define SBX_MCP_RESULT_H

#include <jansson.h>

#include "mcp/call_child.h"
#include "util/util.h"

/* Most bytes of stdout or stderr quoted in the text content: the whole
 * streams are in structuredContent. */
#define MCP_TEXT_STREAM_MAX (16u << 10)

/* The result of a finished (reaped) child. */
json_t *mcp_result_from_child(struct mcp_call_child *c);
/* A tool error before any command ran (bad arguments, no sessions):
 * isError with the message, and an sbx_error record when the tool
 * promises one. */
json_t *mcp_result_error(enum error_kind kind, const char *message, bool record);
/* The CallToolResult for a record: summary text, images, isError. */
json_t *mcp_result_from_record(json_t *record);
/* A run's record in seed 004's code_execute shape (tools.c). */
json_t *mcp_result_code_execute(json_t *record);

#endif
