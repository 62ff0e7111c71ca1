/* request_keys — the request keys' table (request_keys.h). */
#include "core/request_keys.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/request.h"
#include "util/front.h"

/* What every run takes, however it is started. */
#define SETTINGS   (RK_RUN | RK_EXEC | RK_DEPLOY | RK_LINE)
#define EXECUTIONS (RK_RUN | RK_EXEC | RK_SESSION_EXEC | RK_LINE)

/* What MCP's tools take (mcp/tools.c): run_code, prepare_code,
 * exec_deployment, create_session, exec_in_session and deploy_code. */
#define MCP_RUNS (RK_RUN | RK_EXEC)

#define STRINGS "{\"additionalProperties\": {\"type\": \"string\"}}"
#define MAX_MEMORY                                                                                 \
	"; above the server's limits.max_memory (default: its physical memory) the request is "    \
	"refused (400 sbx_error)"

const struct request_key request_keys[] = {
    {"code", "-e", RK_STR, RK_RUN | RK_DEPLOY | RK_PREPARE | RK_SESSION_EXEC | RK_LINE,
     RK_RUN | RK_DEPLOY | RK_PREPARE | RK_SESSION_EXEC,
     RK_RUN | RK_PREPARE | RK_SESSION_EXEC | RK_DEPLOY, NULL, "the program", NULL,
     request_key_check_string, RK_FILL_CODE, 0},
    {"deployment", NULL, RK_STR, RK_LINE, 0, 0, NULL,
     "the deployment a batch line or request file runs: NAME or NAME@VERSION", NULL,
     request_key_check_string, RK_FILL_DEPLOYMENT, 0},
    {"language", "--language", RK_STR,
     RK_BATCH | RK_RUN | RK_DEPLOY | RK_PREPARE | RK_SESSION_CREATE | RK_SESSION_EXEC | RK_LINE, 0,
     RK_RUN | RK_PREPARE | RK_SESSION_CREATE | RK_SESSION_EXEC | RK_DEPLOY, NULL,
     "javascript (js), typescript (ts), python (py), java, r, bash (sh), c, cpp (c++) or go; "
     "default javascript",
     "a session's own language (python by default), the default of its executions; an "
     "execution's runs python, javascript, typescript, r or java in that language's own kernel "
     "in the session's working directory (a workspace, each keeping its own state), bash (or "
     "sh) a shell command there, keeping only the files; c, cpp and go are refused",
     request_key_check_string, RK_FILL_FLAG, 0},
    {"engine", "--engine", RK_STR, SETTINGS | RK_PREPARE, 0, RK_RUN,
     "{\"enum\": [\"duktape\", \"node\"]}",
     "JavaScript's and TypeScript's engine (--engine): duktape or node; unset: duktape, or node "
     "for code that needs what Duktape lacks (BigInt, regex lookbehind; the record's "
     "engine_reason says why)",
     NULL, request_key_check_string, RK_FILL_FLAG, 0},
    {"id", NULL, RK_STR, EXECUTIONS, 0, MCP_RUNS, "{\"maxLength\": 200}",
     "your id for this request, echoed as request_id", NULL, request_key_check_id, RK_FILL_TEXT,
     offsetof(struct request, request_id)},
    {"name", "--name", RK_STR, RK_DEPLOY | RK_SESSION_CREATE, 0, RK_SESSION_CREATE,
     "{\"pattern\": \"^[a-z0-9][a-z0-9._-]{0,63}$\"}",
     "the deployment's name: [a-z0-9][a-z0-9._-]*, at most 64 characters",
     "a name to use instead of the id, as deployment names", NULL, RK_FILL_NONE, 0},
    {"inputs", "--inputs", RK_OBJ, SETTINGS | RK_SESSION_EXEC, 0, MCP_RUNS | RK_SESSION_EXEC, NULL,
     "values the code sees as `inputs` (a JS object, a Python dict, an R list; Java reads "
     "inputs.json)",
     NULL, request_key_check_object, RK_FILL_FLAG_JSON, 0},
    {"timeout", "--timeout", RK_NUM | RK_STR, RK_BATCH | SETTINGS | RK_SESSION_EXEC, 0,
     MCP_RUNS | RK_SESSION_EXEC, NULL,
     "wall-clock limit in seconds, or a duration like \"500ms\", \"2m\" (default 5 s)", NULL,
     request_key_check_scalar, RK_FILL_FLAG_SCALAR, 0},
    {"cpu_time", "--cpu-time", RK_NUM | RK_STR, RK_BATCH | SETTINGS | RK_SESSION_EXEC, 0,
     MCP_RUNS | RK_SESSION_EXEC, NULL, "CPU time limit of the whole run (default: the timeout)",
     "this execution's CPU-time limit (the interpreter's CPU time during it)",
     request_key_check_scalar, RK_FILL_FLAG_SCALAR, 0},
    {"memory", "--memory", RK_NUM | RK_STR, RK_BATCH | SETTINGS | RK_SESSION_CREATE, 0,
     MCP_RUNS | RK_SESSION_CREATE, NULL,
     "memory limit in bytes or a size like \"512M\" (default 256M)" MAX_MEMORY,
     "the session's memory limit (256M, 1G)" MAX_MEMORY, request_key_check_scalar,
     RK_FILL_FLAG_SCALAR, 0},
    {"disk", "--disk", RK_NUM | RK_STR, RK_SESSION_CREATE, 0, RK_SESSION_CREATE, NULL, NULL,
     "the workspace's disk quota: its files together, in bytes or a size like \"1G\" (default "
     "1G, the config's limits.disk); a files write past it is refused (400, kind limit), code's "
     "writes are "
     "cut at it (README \"Known limits\")",
     NULL, RK_FILL_NONE, 0},
    {"max_output", "--max-output", RK_NUM | RK_STR, RK_BATCH | SETTINGS | RK_SESSION_EXEC, 0,
     MCP_RUNS, NULL, "output kept per stream (default 1M)", NULL, request_key_check_scalar,
     RK_FILL_FLAG_SCALAR, 0},
    {"env", "--env", RK_OBJ, SETTINGS | RK_SESSION_EXEC, 0, MCP_RUNS | RK_SESSION_EXEC, STRINGS,
     "environment variables", "environment variables for this execution only (not for Java)",
     request_key_check_pairs, RK_FILL_FLAG_PAIRS, 0},
    {"labels", "--label", RK_OBJ, SETTINGS | RK_SESSION_EXEC, 0, MCP_RUNS, STRINGS,
     "labels kept in sbx's history", NULL, request_key_check_pairs, RK_FILL_FLAG_PAIRS, 0},
    {"merge_output", "--merge-output", RK_BOOL, SETTINGS, 0, 0, NULL,
     "stdout and stderr as one stream, in the order written (--merge-output)", NULL,
     request_key_check_bool, RK_FILL_BOOL, offsetof(struct request, merge_output)},
    {"print_result", "--print-result", RK_BOOL, SETTINGS, 0, 0, NULL,
     "print the value of the last expression, as a REPL does (--print-result)", NULL,
     request_key_check_bool, RK_FILL_PRINT_RESULT, 0},
    {"files", "--file", RK_OBJ, EXECUTIONS, 0, MCP_RUNS,
     "{\"additionalProperties\": {\"type\": \"object\", \"properties\": {\"text\": {\"type\": "
     "\"string\"}, \"base64\": {\"type\": \"string\"}}}}",
     "files copied into the working directory: {\"name\": {\"text\": \"...\"} or {\"base64\": "
     "\"...\"}}",
     NULL, request_key_check_files, RK_FILL_FLAG_FILES, 0},
    {"stdin", "--stdin", RK_STR, EXECUTIONS, 0, MCP_RUNS | RK_SESSION_EXEC, NULL,
     "the program's standard input",
     "this execution's standard input (not for JavaScript and TypeScript)", request_key_check_stdin,
     RK_FILL_FLAG_FILE, 0},
    {"args", NULL, RK_ARR, EXECUTIONS, 0, MCP_RUNS | RK_SESSION_EXEC,
     "{\"items\": {\"type\": \"string\"}}", "program arguments",
     "program arguments for this execution (not for Java)", request_key_check_args, RK_FILL_ARGS,
     0},
    {"expected_stdout", NULL, RK_STR, RK_RUN | RK_EXEC | RK_LINE, 0, MCP_RUNS, NULL,
     "the record gets `verdict`: passed or failed", NULL, request_key_check_string, RK_FILL_TEXT,
     offsetof(struct request, expected_stdout)},
    {"return_files", NULL, RK_BOOL, RK_RUN | RK_EXEC | RK_SESSION_EXEC, 0, 0, NULL,
     "the files the code made come back in the record's returned_files (base64; at most 8 MiB "
     "a file and 16 MiB in all, past that base64 null and left_out says why); needs the JSON "
     "answer (Accept: application/json), not a stream",
     "the files the execution made come back in the record's returned_files (as for POST "
     "/v1/run); needs the JSON answer",
     NULL, RK_FILL_NONE, 0},
    {"ttl", "--ttl", RK_STR, RK_SESSION_CREATE | RK_SESSION_TTL, RK_SESSION_TTL, RK_SESSION_CREATE,
     NULL, NULL, "deleted this long after its last execution, e.g. \"24h\" (at most 14d)", NULL,
     RK_FILL_NONE, 0},
    {"idle", "--idle", RK_STR, RK_SESSION_CREATE, 0, RK_SESSION_CREATE, NULL, NULL,
     "state saved and processes stopped after this long idle, e.g. \"15m\"", NULL, RK_FILL_NONE, 0},
    /* false: answered 202 at once, polled at /v1/runs/ID (HTTP only) */
    {"wait", NULL, RK_BOOL, RK_RUN | RK_EXEC | RK_SESSION_EXEC, 0, 0, NULL,
     "false: answered 202 at once with the run's id and Location: /v1/runs/ID (GET it for the "
     "state and, once ended, the record; DELETE cancels); true or absent: the answer comes "
     "when the run ends",
     NULL, NULL, RK_FILL_NONE, 0},
    {"fresh", "--fresh", RK_BOOL, RK_SESSION_EXEC | RK_LINE, 0, RK_SESSION_EXEC, NULL, NULL,
     "run in a new interpreter that restores none of the earlier executions' state (the "
     "working directory's files stay), so that no earlier execution's code can change this one "
     "or its record; for grading",
     request_key_check_bool, RK_FILL_BOOL, offsetof(struct request, fresh)},
    {NULL, NULL, 0, 0, 0, 0, NULL, NULL, NULL, NULL, RK_FILL_NONE, 0},
};

const struct request_key *request_key_find(const char *key)
{
	for (const struct request_key *k = request_keys; key && k->key; k++)
		if (!strcmp(k->key, key))
			return k;
	return NULL;
}

const struct request_key *request_key_by_flag(const char *long_name, unsigned route)
{
	for (const struct request_key *k = request_keys; long_name && k->key; k++)
		if ((k->routes & route) && k->flag && !strncmp(k->flag, "--", 2) &&
		    !strcmp(k->flag + 2, long_name))
			return k;
	return NULL;
}

const char *request_key_name(const char *key)
{
	const struct request_key *k = request_key_find(key);
	return front_option(k && k->flag ? k->flag : key, key);
}

const char *request_key_types_words(int types)
{
	switch (types) {
	case RK_STR: return "a string";
	case RK_NUM | RK_STR: return "a number or a string";
	case RK_OBJ: return "an object";
	case RK_ARR: return "an array of strings";
	case RK_BOOL: return "true or false";
	default: return "another type";
	}
}

const char *request_route_name(unsigned route)
{
	switch (route) {
	case RK_RUN: return "a run";
	case RK_EXEC: return "a deployment's execution";
	case RK_DEPLOY: return "a new deployment";
	case RK_PREPARE: return "prepare";
	case RK_SESSION_CREATE: return "a new session";
	case RK_SESSION_EXEC: return "a session execution";
	case RK_SESSION_TTL: return "a session's new TTL";
	default: return "this request";
	}
}

void request_key_list(unsigned route, char *out, size_t n)
{
	size_t count = 0, seen = 0, used = 0;
	for (const struct request_key *k = request_keys; k->key; k++)
		count += (k->routes & route) != 0;
	out[0] = '\0';
	for (const struct request_key *k = request_keys; k->key && used < n; k++) {
		if (!(k->routes & route))
			continue;
		seen++;
		int w = snprintf(out + used, n - used, "%s%s",
				 seen == 1	 ? ""
				 : seen == count ? " and "
						 : ", ",
				 k->key);
		used += w > 0 ? (size_t)w : 0;
	}
}

static json_t *type_of(int types)
{
	switch (types) {
	case RK_STR: return json_string("string");
	case RK_NUM | RK_STR: return json_pack("[s, s]", "number", "string");
	case RK_OBJ: return json_string("object");
	case RK_ARR: return json_string("array");
	default: return json_string("boolean");
	}
}

json_t *request_keys_schema(unsigned route, bool mcp)
{
	json_t *props = json_object(), *required = json_array();
	for (const struct request_key *k = request_keys; k->key; k++) {
		if (!((mcp ? k->mcp : k->routes) & route))
			continue;
		json_t *p = json_pack("{s:o}", "type", type_of(k->types));
		if (k->schema) {
			json_t *more = json_loads(k->schema, 0, NULL);
			if (!more)
				abort(); /* a typo in the table: every test catches it */
			json_object_update(p, more);
			json_decref(more);
		}
		const char *doc = k->session_doc && (route & (RK_SESSION_CREATE | RK_SESSION_EXEC))
				      ? k->session_doc
				      : k->doc;
		if (doc)
			json_object_set_new(p, "description", json_string(doc));
		json_object_set_new(props, k->key, p);
		if (k->required & route)
			json_array_append_new(required, json_string(k->key));
	}
	return json_pack("{s:s, s:b, s:o, s:o}", "type", "object", "additionalProperties", 0,
			 "required", required, "properties", props);
}
