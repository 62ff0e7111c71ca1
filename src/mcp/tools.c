/* tools — the tool table and its JSON Schemas (MCP tools/list).
 *
 * The argument names are the keys of a batch request line (SPEC "Batch"),
 * so a model, a batch file and an HTTP body spell a run the same way. The
 * schemas are JSON text checked once at start-up (mcp_tools_list aborts on
 * a typo, which tests catch), and are what sbx's own validation accepts:
 * the child sbx command still checks every value and names the key. */
#include "mcp/tools_int.h"

#include "core/request_keys.h"

#include <stdlib.h>
#include <string.h>

/* A tool that carries a request (keys != 0) takes the request keys' table's
 * arguments for that route (core/request_keys.c, the rows' mcp column) after
 * its own: the schema below holds only its own (which deployment, which
 * session). */
#define NO_OWN_PROPS "{\"type\": \"object\", \"additionalProperties\": false, \"properties\": {}}"

/* The result record (SPEC "The result record"): the keys a model reads
 * first, loosely typed so every status, sbx_error included, validates. */
#define RECORD_SCHEMA                                                                              \
	"{\"type\": \"object\", \"required\": [\"status\", \"ok\"], \"properties\": {"             \
	"\"id\": {\"type\": [\"string\", \"null\"]},"                                              \
	"\"status\": {\"type\": \"string\", \"description\": \"ok, error, timeout, "               \
	"memory_limit, output_limit, signaled, syscall_blocked, blocked, unavailable, "            \
	"sandbox_error or sbx_error\"},"                                                           \
	"\"ok\": {\"type\": \"boolean\"},"                                                         \
	"\"language\": {\"type\": [\"string\", \"null\"]},"                                        \
	"\"exit_code\": {\"type\": [\"integer\", \"null\"]},"                                      \
	"\"signal\": {\"type\": [\"string\", \"null\"]},"                                          \
	"\"result\": {},"                                                                          \
	"\"stdout\": {\"type\": \"string\"}, \"stderr\": {\"type\": \"string\"},"                  \
	"\"error\": {\"type\": [\"object\", \"null\"]},"                                           \
	"\"files\": {\"type\": \"array\"}, \"results\": {\"type\": \"array\"},"                    \
	"\"time_ms\": {\"type\": \"object\"}, \"memory_kb\": {\"type\": \"object\"},"              \
	"\"deployment\": {\"type\": [\"object\", \"null\"]},"                                      \
	"\"session\": {\"type\": [\"object\", \"null\"]}}}"

#define SESSION_PROP "\"session\": {\"type\": \"string\", \"description\": \"session id or name\"}"

#define FILES_PATH_PROP                                                                            \
	"\"path\": {\"type\": \"string\", \"description\": \"a path relative to the session's "    \
	"workspace, e.g. data/out.csv\"}"

const struct mcp_tool mcp_tools[] = {
    {"run_code", "Run code in a sandbox",
     "Run a program once in a fresh sandbox (no network, no access to the user's files) and "
     "return its record: status, exit_code, stdout, stderr, result (the value of the last "
     "expression or a top-level return), error, and rich results (images). Languages: "
     "JavaScript and TypeScript (embedded engine), Python, Java, R, bash, C, C++, Go.",
     NO_OWN_PROPS, RECORD_SCHEMA, TOOL_RUN, false, RK_RUN},
    {"prepare_code", "Check code without running it",
     "Check a program without running it: syntax (by the language's own parser), policy "
     "findings, dependencies and whether sbx would run it (runnable).",
     NO_OWN_PROPS,
     "{\"type\": \"object\", \"required\": [\"status\"], \"properties\": {\"status\": "
     "{\"type\": \"string\"}, \"runnable\": {\"type\": \"boolean\"}, \"syntax\": {\"type\": "
     "[\"object\", \"null\"]}, \"findings\": {\"type\": \"array\"}}}",
     TOOL_PREPARE, true, RK_PREPARE},
    {"list_deployments", "List deployments",
     "List the deployments stored with `sbx deploy` (name, latest version, language, status).",
     "{\"type\": \"object\", \"additionalProperties\": false, \"properties\": {\"language\": "
     "{\"type\": \"string\", \"description\": \"only this language\"}, \"status\": {\"type\": "
     "\"string\", \"description\": \"only this status (active, ...)\"}}}",
     "{\"type\": \"object\", \"required\": [\"deployments\"], \"properties\": {\"deployments\": "
     "{\"type\": \"array\", \"items\": {\"type\": \"object\"}}}}",
     TOOL_LIST_DEPLOYMENTS, true},
    {"exec_deployment", "Run a deployment",
     "Run a stored deployment (its latest version, or NAME@VERSION) with inputs and optional "
     "limits; returns the same record as run_code.",
     "{\"type\": \"object\", \"required\": [\"deployment\"], \"additionalProperties\": false, "
     "\"properties\": {\"deployment\": {\"type\": \"string\", \"description\": "
     "\"NAME or NAME@VERSION\"}}}",
     RECORD_SCHEMA, TOOL_EXEC_DEPLOYMENT, false, RK_EXEC},
    {"create_session", "Create a session",
     "Start a session: a sandbox that keeps its variables, functions, imports and files "
     "across executions, like a notebook kernel. Returns its id.",
     NO_OWN_PROPS, "{\"type\": \"object\"}", TOOL_CREATE_SESSION, false, RK_SESSION_CREATE},
    {"exec_in_session", "Run code in a session",
     "Run code in a session: state from earlier executions is kept. A session is a workspace: "
     "code of another language (python, javascript, typescript, r, java) runs in that "
     "language's own kernel in the same working directory, and bash runs a shell command "
     "there. Returns the same record as run_code, with `session` filled in.",
     "{\"type\": \"object\", \"required\": [\"session\"], \"additionalProperties\": false, "
     "\"properties\": {" SESSION_PROP "}}",
     RECORD_SCHEMA, TOOL_EXEC_IN_SESSION, false, RK_SESSION_EXEC},
    {"stop_session", "Stop a session",
     "Save a session's state and stop its processes; the next exec_in_session restores it.",
     "{\"type\": \"object\", \"required\": [\"session\"], \"additionalProperties\": false, "
     "\"properties\": {" SESSION_PROP "}}",
     "{\"type\": \"object\"}", TOOL_STOP_SESSION, false},
    {"session_files_list", "List a session's files",
     "List a directory of a session's workspace (the files its code made and the files "
     "written into it): name, type, size, mode, mtime of each entry. path is relative to the "
     "workspace (default: the workspace itself); '..', absolute paths and links are refused.",
     "{\"type\": \"object\", \"required\": [\"session\"], \"additionalProperties\": false, "
     "\"properties\": {" SESSION_PROP ", " FILES_PATH_PROP "}}",
     "{\"type\": \"object\", \"required\": [\"entries\"], \"properties\": {\"path\": "
     "{\"type\": \"string\"}, \"entries\": {\"type\": \"array\", \"items\": {\"type\": "
     "\"object\"}}, \"truncated\": {\"type\": \"boolean\"}}}",
     TOOL_FILES_LIST, true},
    {"session_files_read", "Read a session's file",
     "Read a file of a session's workspace: text as text, an image as image content, other "
     "bytes as base64 (structuredContent.base64). At most the files limit (100 MiB by "
     "default).",
     "{\"type\": \"object\", \"required\": [\"session\", \"path\"], "
     "\"additionalProperties\": false, \"properties\": {" SESSION_PROP ", " FILES_PATH_PROP "}}",
     "{\"type\": \"object\", \"required\": [\"path\", \"size\", \"mimeType\"], "
     "\"properties\": {\"path\": {\"type\": \"string\"}, \"size\": {\"type\": "
     "\"integer\"}, \"mimeType\": {\"type\": \"string\"}, \"text\": {\"type\": "
     "\"string\"}, \"base64\": {\"type\": \"string\"}}}",
     TOOL_FILES_READ, true},
    {"session_files_write", "Write a session's file",
     "Write a file into a session's workspace (replacing a file of that name; missing "
     "directories are made), for its code to read: the content as text or as base64.",
     "{\"type\": \"object\", \"required\": [\"session\", \"path\"], "
     "\"additionalProperties\": false, \"properties\": {" SESSION_PROP ", " FILES_PATH_PROP
     ", \"text\": {\"type\": \"string\", \"description\": \"the content as text\"}, "
     "\"base64\": {\"type\": \"string\", \"description\": \"the content as base64 "
     "(binary files)\"}}}",
     "{\"type\": \"object\", \"required\": [\"path\", \"size\"], \"properties\": "
     "{\"path\": {\"type\": \"string\"}, \"size\": {\"type\": \"integer\"}}}",
     TOOL_FILES_WRITE, false},
    /* Seed 004's tool, for agents written against that service: its own
     * arguments and result (not sbx's request keys or record). */
    {"code_execute", "Execute JavaScript or TypeScript code",
     "Execute JavaScript or TypeScript in an isolated sandbox (no file system, no network, no "
     "processes) and return {success, output, logs, error, executionTime, resourceUsage}. "
     "The code's top-level `return` (or its last expression) is the output; console lines are "
     "the logs; `context` is available to the code as `context` (and `inputs`).",
     "{\"type\": \"object\", \"required\": [\"code\"], \"additionalProperties\": false, "
     "\"properties\": {\"code\": {\"type\": \"string\"}, \"language\": {\"type\": "
     "\"string\", \"enum\": [\"javascript\", \"typescript\"], \"default\": \"javascript\"}, "
     "\"timeout\": {\"type\": \"integer\", \"minimum\": 1, \"maximum\": 30000, \"default\": "
     "5000, \"description\": \"milliseconds\"}, \"context\": {\"type\": \"object\", "
     "\"description\": \"data the code reads as `context`\"}}}",
     "{\"type\": \"object\", \"required\": [\"success\", \"logs\", \"executionTime\", "
     "\"resourceUsage\"], \"properties\": {\"success\": {\"type\": \"boolean\"}, "
     "\"output\": {}, \"logs\": {\"type\": \"array\", \"items\": {\"type\": \"string\"}}, "
     "\"error\": {\"type\": \"string\"}, \"executionTime\": {\"type\": \"number\"}, "
     "\"resourceUsage\": {\"type\": \"object\", \"properties\": {\"memory\": {\"type\": "
     "\"number\"}, \"timeout\": {\"type\": \"boolean\"}}}}}",
     TOOL_CODE_EXECUTE, false},
    {"list_sessions", "List sessions",
     "List the sessions (id, name, language, status: running, stopped or expired, executions, "
     "expiry).",
     "{\"type\": \"object\", \"additionalProperties\": false, \"properties\": {\"status\": "
     "{\"type\": \"string\", \"description\": \"only this status (running, stopped, expired)\"}, "
     "\"language\": {\"type\": \"string\", \"description\": \"only this language\"}}}",
     "{\"type\": \"object\", \"required\": [\"sessions\"], \"properties\": {\"sessions\": "
     "{\"type\": \"array\", \"items\": {\"type\": \"object\"}}}}",
     TOOL_LIST_SESSIONS, true},
    {"get_session", "Describe a session",
     "A session's description: language, status, executions, limits, expiry, and its "
     "kernels (language, state, executions, memory_kb), one per language that ran in it.",
     "{\"type\": \"object\", \"required\": [\"session\"], \"additionalProperties\": false, "
     "\"properties\": {" SESSION_PROP "}}",
     "{\"type\": \"object\"}", TOOL_GET_SESSION, true},
    {"delete_session", "Delete a session",
     "Delete a session: its processes stopped, its state and its workspace's files removed. "
     "It cannot be undone.",
     "{\"type\": \"object\", \"required\": [\"session\"], \"additionalProperties\": false, "
     "\"properties\": {" SESSION_PROP "}}",
     "{\"type\": \"object\"}", TOOL_DELETE_SESSION, false},
    {"deploy_code", "Deploy code",
     "Store code as a named, versioned deployment (checked and built first: syntax, policy, "
     "compilation), to run later with exec_deployment.",
     "{\"type\": \"object\", \"required\": [\"name\"], \"additionalProperties\": "
     "false, \"properties\": {\"name\": {\"type\": \"string\", \"description\": \"the "
     "deployment's name: [a-z0-9][a-z0-9._-]*\"}}}",
     "{\"type\": \"object\"}", TOOL_DEPLOY, false, RK_DEPLOY},
    {NULL, NULL, NULL, NULL, NULL, 0, false, 0},
};

const struct mcp_tool *mcp_tool_find(const char *name)
{
	for (const struct mcp_tool *t = mcp_tools; t->name; t++)
		if (!strcmp(t->name, name))
			return t;
	return NULL;
}

static json_t *schema(const char *text)
{
	json_error_t e;
	json_t *s = json_loads(text, 0, &e);
	if (!s)
		abort(); /* a typo in the table above: caught by every test */
	return s;
}

json_t *mcp_tool_input_schema(const struct mcp_tool *t)
{
	json_t *own = schema(t->input_schema);
	if (!t->keys)
		return own;
	json_t *keys = request_keys_schema(t->keys, true);
	json_object_update_missing(json_object_get(own, "properties"),
				   json_object_get(keys, "properties"));
	json_t *req = json_object_get(own, "required");
	if (!req)
		json_object_set_new(own, "required", req = json_array());
	json_array_extend(req, json_object_get(keys, "required"));
	if (!json_array_size(req))
		json_object_del(own, "required");
	json_decref(keys);
	return own;
}

json_t *mcp_tools_list(void)
{
	json_t *list = json_array();
	for (const struct mcp_tool *t = mcp_tools; t->name; t++) {
		json_t *ann = json_pack("{s:s, s:b, s:b, s:b}", "title", t->title, "readOnlyHint",
					t->read_only, "destructiveHint",
					t->kind == TOOL_DELETE_SESSION, "openWorldHint", false);
		json_array_append_new(
		    list, json_pack("{s:s, s:s, s:s, s:o, s:o, s:o}", "name", t->name, "title",
				    t->title, "description", t->description, "inputSchema",
				    mcp_tool_input_schema(t), "outputSchema",
				    schema(t->output_schema), "annotations", ann));
	}
	return json_pack("{s:o}", "tools", list);
}
