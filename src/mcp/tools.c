/* tools — the tool table and its JSON Schemas (MCP tools/list).
 *
 * The argument names are the keys of a batch request line (SPEC "Batch"),
 * so a model, a batch file and an HTTP body spell a run the same way. The
 * schemas are JSON text checked once at start-up (mcp_tools_list aborts on
 * a typo, which tests catch), and are what sbx's own validation accepts:
 * the child sbx command still checks every value and names the key. */
#include "mcp/tools_int.h"

#include <stdlib.h>
#include <string.h>

/* Run options shared by run_code and exec_deployment. */
#define RUN_OPTION_PROPS                                                                           \
	"\"inputs\": {\"type\": \"object\", \"description\": \"values the code sees as `inputs` "  \
	"(a JS object, a Python dict, an R list; Java reads inputs.json)\"},"                      \
	"\"timeout\": {\"type\": [\"number\", \"string\"], \"description\": \"wall-clock limit "   \
	"in "                                                                                      \
	"seconds, or a duration like \\\"500ms\\\", \\\"2m\\\" (default 5 s)\"},"                  \
	"\"cpu_time\": {\"type\": [\"number\", \"string\"], \"description\": \"CPU time limit of " \
	"the whole run (default: the timeout)\"},"                                                 \
	"\"memory\": {\"type\": [\"integer\", \"string\"], \"description\": \"memory limit in "    \
	"bytes or a size like \\\"512M\\\" (default 256M)\"},"                                     \
	"\"max_output\": {\"type\": [\"integer\", \"string\"], \"description\": \"output kept "    \
	"per "                                                                                     \
	"stream (default 1M)\"},"                                                                  \
	"\"files\": {\"type\": \"object\", \"description\": \"files copied into the working "      \
	"directory: {\\\"name\\\": {\\\"text\\\": \\\"...\\\"} or {\\\"base64\\\": "               \
	"\\\"...\\\"}}\", "                                                                        \
	"\"additionalProperties\": {\"type\": \"object\", \"properties\": {\"text\": {\"type\": "  \
	"\"string\"}, \"base64\": {\"type\": \"string\"}}}},"                                      \
	"\"stdin\": {\"type\": \"string\", \"description\": \"the program's standard input\"},"    \
	"\"args\": {\"type\": \"array\", \"items\": {\"type\": \"string\"}, \"description\": "     \
	"\"program arguments\"},"                                                                  \
	"\"env\": {\"type\": \"object\", \"additionalProperties\": {\"type\": \"string\"}, "       \
	"\"description\": \"environment variables\"},"                                             \
	"\"labels\": {\"type\": \"object\", \"additionalProperties\": {\"type\": \"string\"}, "    \
	"\"description\": \"labels kept in sbx's history\"},"                                      \
	"\"expected_stdout\": {\"type\": \"string\", \"description\": \"the record gets "          \
	"`verdict`: passed or failed\"},"                                                          \
	"\"id\": {\"type\": \"string\", \"description\": \"your id for this request, echoed as "   \
	"request_id\"}"

#define LANGUAGE_PROP                                                                              \
	"\"language\": {\"type\": \"string\", \"description\": \"javascript (js), typescript "     \
	"(ts), python (py), java, r, bash (sh), c, cpp (c++) or go; default javascript\"}"

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
     "{\"type\": \"object\", \"required\": [\"code\"], \"additionalProperties\": false, "
     "\"properties\": {" LANGUAGE_PROP ", \"code\": {\"type\": \"string\", \"description\": "
     "\"the program\"}, \"engine\": {\"type\": \"string\", \"enum\": [\"duktape\", \"node\"], "
     "\"description\": \"JavaScript/TypeScript engine: duktape (default, fast start) or node "
     "(V8, for CPU-heavy code or node's modules); unset, code that needs what Duktape lacks "
     "(BigInt, regex lookbehind) runs under node\"}, " RUN_OPTION_PROPS "}}",
     RECORD_SCHEMA, TOOL_RUN, false},
    {"prepare_code", "Check code without running it",
     "Check a program without running it: syntax (by the language's own parser), policy "
     "findings, dependencies and whether sbx would run it (runnable).",
     "{\"type\": \"object\", \"required\": [\"code\"], \"additionalProperties\": false, "
     "\"properties\": {" LANGUAGE_PROP ", \"code\": {\"type\": \"string\"}}}",
     "{\"type\": \"object\", \"required\": [\"status\"], \"properties\": {\"status\": "
     "{\"type\": \"string\"}, \"runnable\": {\"type\": \"boolean\"}, \"syntax\": {\"type\": "
     "[\"object\", \"null\"]}, \"findings\": {\"type\": \"array\"}}}",
     TOOL_PREPARE, true},
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
     "\"NAME or NAME@VERSION\"}, " RUN_OPTION_PROPS "}}",
     RECORD_SCHEMA, TOOL_EXEC_DEPLOYMENT, false},
    {"create_session", "Create a session",
     "Start a session: a sandbox that keeps its variables, functions, imports and files "
     "across executions, like a notebook kernel. Returns its id.",
     "{\"type\": \"object\", \"additionalProperties\": false, \"properties\": {" LANGUAGE_PROP
     ", \"name\": {\"type\": \"string\", \"description\": \"a name to use instead of the id\"}, "
     "\"ttl\": {\"type\": \"string\", \"description\": \"lifetime after the last execution, "
     "e.g. \\\"24h\\\"\"}, \"idle\": {\"type\": \"string\", \"description\": \"stop after this "
     "long without an execution, e.g. \\\"15m\\\"\"}, \"memory\": {\"type\": [\"integer\", "
     "\"string\"]}}}",
     "{\"type\": \"object\"}", TOOL_CREATE_SESSION, false},
    {"exec_in_session", "Run code in a session",
     "Run code in a session: state from earlier executions is kept. A session is a workspace: "
     "code of another language (python, javascript, typescript, r, java) runs in that "
     "language's own kernel in the same working directory, and bash runs a shell command "
     "there. Returns the same record as run_code, with `session` filled in.",
     "{\"type\": \"object\", \"required\": [\"session\", \"code\"], \"additionalProperties\": "
     "false, \"properties\": {" SESSION_PROP ", \"code\": {\"type\": \"string\"}, "
     "\"language\": {\"type\": \"string\", \"description\": \"this execution's language "
     "(default: the session's): its kernel in the session's workspace; bash: a shell "
     "command\"}, \"inputs\": "
     "{\"type\": \"object\"}, \"timeout\": {\"type\": [\"number\", \"string\"]}, "
     "\"cpu_time\": {\"type\": [\"number\", \"string\"]}, \"stdin\": {\"type\": \"string\", "
     "\"description\": \"this execution's standard input (python, r, java)\"}, \"args\": "
     "{\"type\": \"array\", \"items\": {\"type\": \"string\"}, \"description\": \"this "
     "execution's program arguments (python, r, javascript, typescript)\"}, \"env\": "
     "{\"type\": \"object\", \"additionalProperties\": {\"type\": \"string\"}, "
     "\"description\": \"environment variables for this execution only (not java)\"}, "
     "\"fresh\": {\"type\": \"boolean\", \"description\": \"run in a new interpreter "
     "without the earlier executions' state, so that no earlier code can change what this "
     "one does or how it is reported (its files stay); use for grading\"}}}",
     RECORD_SCHEMA, TOOL_EXEC_IN_SESSION, false},
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
     "A session's description: language, status, executions, limits, expiry.",
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
     "{\"type\": \"object\", \"required\": [\"name\", \"code\"], \"additionalProperties\": "
     "false, \"properties\": {\"name\": {\"type\": \"string\", \"description\": \"the "
     "deployment's name: [a-z0-9][a-z0-9._-]*\"}, " LANGUAGE_PROP ", \"code\": {\"type\": "
     "\"string\"}}}",
     "{\"type\": \"object\"}", TOOL_DEPLOY, false},
    {NULL, NULL, NULL, NULL, NULL, 0, false},
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

json_t *mcp_tools_list(void)
{
	json_t *list = json_array();
	for (const struct mcp_tool *t = mcp_tools; t->name; t++) {
		json_t *ann = json_pack("{s:s, s:b, s:b, s:b}", "title", t->title, "readOnlyHint",
					t->read_only, "destructiveHint",
					t->kind == TOOL_DELETE_SESSION, "openWorldHint", false);
		json_array_append_new(
		    list,
		    json_pack("{s:s, s:s, s:s, s:o, s:o, s:o}", "name", t->name, "title", t->title,
			      "description", t->description, "inputSchema", schema(t->input_schema),
			      "outputSchema", schema(t->output_schema), "annotations", ann));
	}
	return json_pack("{s:o}", "tools", list);
}
