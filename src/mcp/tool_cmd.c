/* tool_cmd — a tool call's arguments become one child's work, a job its
 * fork runs in-process (call_child.c): no command line, no exec.
 *
 * Runs and deployment executions hand the arguments over whole as a JSON
 * request (the keys of a batch line) to the run pipeline, called in the
 * forked child (run/job.h: as `sbx run --request -` runs it), so each key
 * is applied exactly as the equivalent flag, with the same limits and
 * messages; prepare_code and deploy_code are jobs too (the code on the
 * child's stdin). The other tools are one sbx command each, called as a
 * library (session/session_admin.h, state/deployments.h), their few
 * arguments given as that command's flags by name, which the fork applies
 * by id. Here we only check what such a flag itself needs: known argument
 * names, required ones present, strings where a flag takes a string,
 * nothing that reads as an option. */
#include "mcp/tools_int.h"
#include "core/results.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/buf.h"

static int fail(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

static char *copy(const char *s)
{
	char *c = strdup(s);
	if (!c)
		abort();
	return c;
}

/* One of the command's flags and its value, as its command line would
 * take them (the fork applies them by id, in order). */
static void flag(struct mcp_cmd *cmd, const char *name, const char *value)
{
	if (cmd->nflags < MCP_CMD_MAX_ARGS) {
		cmd->flags[cmd->nflags][0] = copy(name);
		cmd->flags[cmd->nflags++][1] = copy(value);
	}
}

static void operand(struct mcp_cmd *cmd, const char *arg)
{
	if (cmd->nops < MCP_CMD_MAX_ARGS) {
		cmd->ops[cmd->nops++] = copy(arg);
		cmd->ops[cmd->nops] = NULL;
	}
}

void mcp_cmd_release(struct mcp_cmd *cmd)
{
	for (int i = 0; i < cmd->nflags; i++)
		free(cmd->flags[i][0]), free(cmd->flags[i][1]);
	for (int i = 0; i < cmd->nops; i++)
		free(cmd->ops[i]);
	free(cmd->input);
	free(cmd->file_path);
	free(cmd->language);
	free(cmd->ref);
	memset(cmd, 0, sizeof(*cmd));
}

/* Names, required keys and string-ness, read from the tool's own schema
 * so the check and what tools/list promises cannot drift apart. */
static int check_names(const struct mcp_tool *t, json_t *args, char *err, size_t errlen)
{
	json_t *schema = mcp_tool_input_schema(t);
	json_t *props = json_object_get(schema, "properties");
	const char *key;
	json_t *val;
	int rc = 0;
	json_object_foreach(args, key, val)
	{
		json_t *p = json_object_get(props, key);
		if (!p) {
			char names[512] = "";
			const char *k;
			json_t *v;
			json_object_foreach(props, k, v)
			{
				if (strlen(names) + strlen(k) + 3 < sizeof(names)) {
					strcat(names, names[0] ? ", " : "");
					strcat(names, k);
				}
			}
			rc = fail(err, errlen, "unknown argument '%s' for %s: the arguments are %s",
				  key, t->name, names);
			break;
		}
		const char *type = json_string_value(json_object_get(p, "type"));
		if (type && !strcmp(type, "string") && !json_is_string(val)) {
			rc =
			    fail(err, errlen, "argument '%s' of %s must be a string", key, t->name);
			break;
		}
		if (type && !strcmp(type, "object") && !json_is_object(val)) {
			rc = fail(err, errlen, "argument '%s' of %s must be an object", key,
				  t->name);
			break;
		}
	}
	size_t i;
	json_array_foreach(json_object_get(schema, "required"), i, val)
	{
		if (rc == 0 && !json_object_get(args, json_string_value(val)))
			rc = fail(err, errlen, "missing argument '%s' for %s",
				  json_string_value(val), t->name);
	}
	json_decref(schema);
	return rc;
}

/* A string argument given to a flag or as an operand: never empty, never
 * something getopt would read as an option. */
static const char *word(json_t *args, const char *key, char *err, size_t errlen, int *bad)
{
	const char *s = json_string_value(json_object_get(args, key));
	if (s && (!s[0] || s[0] == '-')) {
		*bad = fail(err, errlen, "argument '%s' must not be empty or start with '-'", key);
		return NULL;
	}
	return s;
}

/* Flag FLAG with a string, or a number written as sbx's flags read it. */
static int add_value(struct mcp_cmd *cmd, json_t *args, const char *key, const char *name,
		     char *err, size_t errlen)
{
	json_t *v = json_object_get(args, key);
	char num[64];
	const char *s;
	if (!v)
		return 0;
	if (json_is_integer(v)) {
		snprintf(num, sizeof(num), "%lld", (long long)json_integer_value(v));
		s = num;
	} else if (json_is_real(v)) {
		snprintf(num, sizeof(num), "%.17g", json_real_value(v));
		s = num;
	} else if (json_is_string(v) && json_string_value(v)[0] != '-') {
		s = json_string_value(v);
	} else {
		return fail(err, errlen, "argument '%s' must be a number or a string like \"2s\"",
			    key);
	}
	flag(cmd, name, s);
	return 0;
}

static void set_input(struct mcp_cmd *cmd, const char *text, size_t len)
{
	cmd->input = malloc(len + 1);
	if (!cmd->input)
		abort();
	memcpy(cmd->input, text, len);
	cmd->input[len] = '\0';
	cmd->input_len = len;
}

static int request_command(struct mcp_cmd *cmd, enum mcp_job job, const struct mcp_context *ctx,
			   json_t *args)
{
	cmd->job = job;
	cmd->state_dir = ctx->state_dir;
	cmd->config = ctx->config;
	cmd->ndjson = true;
	cmd->is_record = true;
	char *text = json_dumps(args, JSON_COMPACT);
	if (!text)
		abort();
	set_input(cmd, text, strlen(text));
	free(text);
	return 0;
}

/* prepare: `sbx prepare [-l LANG] --json -` in the forked child, the code
 * on its stdin. */
static int prepare_command(struct mcp_cmd *cmd, const struct mcp_context *ctx, json_t *args,
			   char *err, size_t errlen)
{
	int bad = 0;
	const char *lang = word(args, "language", err, errlen, &bad);
	if (bad)
		return -1;
	cmd->job = MCP_JOB_PREPARE;
	cmd->state_dir = ctx->state_dir;
	cmd->config = ctx->config;
	if (lang && !(cmd->language = strdup(lang)))
		abort();
	json_t *code = json_object_get(args, "code");
	set_input(cmd, json_string_value(code), json_string_length(code));
	return 0;
}

/* Seed 004's code_execute: JavaScript or TypeScript, timeout in ms
 * (default 5 s, at most 30 s), context as the code's data. */
static int code_execute_command(struct mcp_cmd *cmd, const struct mcp_context *ctx, json_t *args,
				char *err, size_t errlen)
{
	json_t *t = json_object_get(args, "timeout");
	json_int_t ms = 5000;
	if (t &&
	    (!json_is_integer(t) || json_integer_value(t) < 1 || json_integer_value(t) > 30000))
		return fail(err, errlen,
			    "code_execute: timeout must be an integer of milliseconds from 1 to "
			    "30000 (default 5000)");
	if (t)
		ms = json_integer_value(t);
	json_t *lang = json_object_get(args, "language");
	const char *l = lang ? json_string_value(lang) : "javascript";
	if (!l || (strcmp(l, "javascript") && strcmp(l, "typescript")))
		return fail(err, errlen,
			    "code_execute: language must be \"javascript\" or \"typescript\"");
	json_t *data = json_object_get(args, "context");
	if (data && !json_is_object(data))
		return fail(err, errlen, "code_execute: context must be an object");
	json_t *code = json_object_get(args, "code");
	if (!json_is_string(code))
		return fail(err, errlen, "code_execute: code must be a string");
	/* The context is the code's `inputs`, and `context` too (a prologue
	 * that keeps the code's line numbers: it is on the first line). A
	 * global's property, not a declaration: code that declares its own
	 * `context` (let, const, class) is then no redeclaration. */
	struct buf src = BUF_INIT;
	buf_puts(&src, "globalThis.context = inputs; ");
	buf_append(&src, json_string_value(code), json_string_length(code));
	char timeout[32];
	snprintf(timeout, sizeof timeout, "%lldms", (long long)ms);
	/* "O" for the caller's context (a reference of ours), "o" for a fresh
	 * empty one (the request takes it: no leak when none is given). */
	json_t *req =
	    data ? json_pack("{s:s, s:s%, s:s, s:O}", "language", l, "code", buf_cstr(&src),
			     src.len, "timeout", timeout, "inputs", data)
		 : json_pack("{s:s, s:s%, s:s, s:o}", "language", l, "code", buf_cstr(&src),
			     src.len, "timeout", timeout, "inputs", json_object());
	buf_release(&src);
	int rc = request_command(cmd, MCP_JOB_RUN, ctx, req);
	json_decref(req);
	cmd->code_execute = true;
	return rc;
}

/* The context's state directory and config, for the fork's job. */
static void job_of(struct mcp_cmd *cmd, enum mcp_job job, const struct mcp_context *ctx)
{
	cmd->job = job;
	cmd->state_dir = ctx->state_dir;
	cmd->config = ctx->config;
}

/* create_session, stop_session: `sbx session create|stop --json ...` in
 * the forked child (session/session_admin.h); exec_in_session: `sbx
 * session exec --json --request - ID` there (session/session_exec_job.h). */
static int session_command(const struct mcp_tool *t, json_t *args, const struct mcp_context *ctx,
			   struct mcp_cmd *cmd, char *err, size_t errlen)
{
	int bad = 0;
	if (t->kind == TOOL_CREATE_SESSION) {
		const char *lang = word(args, "language", err, errlen, &bad);
		const char *name = word(args, "name", err, errlen, &bad);
		const char *ttl = word(args, "ttl", err, errlen, &bad);
		const char *idle = word(args, "idle", err, errlen, &bad);
		if (bad)
			return -1;
		job_of(cmd, MCP_JOB_SESSION_ADMIN, ctx);
		cmd->sub = "create";
		const char *flags[][2] = {
		    {"-l", lang}, {"-n", name}, {"--ttl", ttl}, {"--idle", idle}};
		for (size_t i = 0; i < sizeof(flags) / sizeof(flags[0]); i++)
			if (flags[i][1])
				flag(cmd, flags[i][0], flags[i][1]);
		return add_value(cmd, args, "memory", "--memory", err, errlen);
	}
	const char *id = word(args, "session", err, errlen, &bad);
	if (bad)
		return -1;
	if (t->kind == TOOL_EXEC_IN_SESSION) {
		/* Its events as they happen (output, rich results): progress
		 * notifications; the record is the last one's. */
		cmd->ndjson = true;
		/* The rest of the arguments is the execution's request, read
		 * and checked as `session exec --json --request - ID` reads
		 * serve's body, in the forked child (session/session_exec_job.h): code,
		 * inputs, timeout, stdin, args, env, cpu_time. */
		job_of(cmd, MCP_JOB_SESSION_EXEC, ctx);
		cmd->is_record = true;
		cmd->ref = copy(id);
		json_t *req = json_deep_copy(args);
		if (!req)
			abort();
		json_object_del(req, "session");
		char *text = json_dumps(req, JSON_COMPACT);
		json_decref(req);
		if (!text)
			abort();
		set_input(cmd, text, strlen(text));
		free(text);
		return 0;
	}
	job_of(cmd, MCP_JOB_SESSION_ADMIN, ctx);
	cmd->sub = "stop";
	operand(cmd, id);
	return 0;
}

/* list_sessions, get_session, delete_session: `sbx session list|get|delete
 * --json`, so an agent can see what it made and clean up after itself. */
static int session_admin_command(const struct mcp_tool *t, json_t *args,
				 const struct mcp_context *ctx, struct mcp_cmd *cmd, char *err,
				 size_t errlen)
{
	int bad = 0;
	job_of(cmd, MCP_JOB_SESSION_ADMIN, ctx);
	if (t->kind == TOOL_LIST_SESSIONS) {
		const char *status = word(args, "status", err, errlen, &bad);
		const char *lang = word(args, "language", err, errlen, &bad);
		if (bad)
			return -1;
		cmd->sub = "list";
		if (status)
			flag(cmd, "--status", status);
		if (lang)
			flag(cmd, "--language", lang);
		cmd->wrap = "sessions";
		return 0;
	}
	const char *id = word(args, "session", err, errlen, &bad);
	if (bad)
		return -1;
	cmd->sub = t->kind == TOOL_GET_SESSION ? "get" : "delete";
	operand(cmd, id);
	return 0;
}

/* deploy_code: `sbx deploy -n NAME [-l LANG] --json -` in the forked
 * child (run/deploy_run.h), the code on its stdin: checked (syntax,
 * policy) and built as sbx deploy does. */
static int deploy_command(json_t *args, const struct mcp_context *ctx, struct mcp_cmd *cmd,
			  char *err, size_t errlen)
{
	int bad = 0;
	const char *name = word(args, "name", err, errlen, &bad);
	const char *lang = word(args, "language", err, errlen, &bad);
	if (bad)
		return -1;
	cmd->job = MCP_JOB_DEPLOY;
	cmd->state_dir = ctx->state_dir;
	cmd->config = ctx->config;
	if (!(cmd->ref = strdup(name)) || (lang && !(cmd->language = strdup(lang))))
		abort();
	json_t *code = json_object_get(args, "code");
	set_input(cmd, json_string_value(code), json_string_length(code));
	return 0;
}

/* session_files_*: `sbx session files ID ls|get|put` in the forked child
 * (session/session_admin.h), the file's bytes through its stdout or
 * stdin. */
static int files_command(const struct mcp_tool *t, json_t *args, const struct mcp_context *ctx,
			 struct mcp_cmd *cmd, char *err, size_t errlen)
{
	int bad = 0;
	const char *id = word(args, "session", err, errlen, &bad);
	const char *path = word(args, "path", err, errlen, &bad);
	if (bad)
		return -1;
	job_of(cmd, MCP_JOB_SESSION_ADMIN, ctx);
	cmd->sub = "files";
	operand(cmd, id);
	if (t->kind == TOOL_FILES_LIST) {
		operand(cmd, "ls");
		if (path)
			operand(cmd, path);
		return 0;
	}
	cmd->format = "text"; /* the bytes themselves, or nothing */
	cmd->file_path = copy(path);
	if (t->kind == TOOL_FILES_READ) {
		operand(cmd, "get");
		operand(cmd, path);
		operand(cmd, "-");
		cmd->file_read = true;
		return 0;
	}
	json_t *text = json_object_get(args, "text"), *b64 = json_object_get(args, "base64");
	if (!text == !b64)
		return fail(err, errlen,
			    "session_files_write takes the content as 'text' or as 'base64' (one "
			    "of them)");
	if (text) {
		set_input(cmd, json_string_value(text), json_string_length(text));
	} else {
		size_t len = json_string_length(b64);
		cmd->input = malloc(len / 4 * 3 + 4);
		if (!cmd->input)
			abort();
		long n = results_base64_decode(json_string_value(b64), len,
					       (unsigned char *)cmd->input, len / 4 * 3 + 3);
		if (n < 0)
			return fail(err, errlen,
				    "argument 'base64' of session_files_write is not base64 (no "
				    "whitespace; '=' padding optional)");
		cmd->input_len = (size_t)n;
	}
	cmd->file_size = cmd->input_len;
	operand(cmd, "put");
	operand(cmd, "-");
	operand(cmd, path);
	return 0;
}

/* list_deployments: `sbx list --json [--language L] [--status S]` in the
 * forked child (state/deployments.h). */
static int list_command(json_t *args, const struct mcp_context *ctx, struct mcp_cmd *cmd, char *err,
			size_t errlen)
{
	int bad = 0;
	const char *lang = word(args, "language", err, errlen, &bad);
	const char *status = word(args, "status", err, errlen, &bad);
	if (bad)
		return -1;
	job_of(cmd, MCP_JOB_LIST_DEPLOYMENTS, ctx);
	if (lang)
		flag(cmd, "--language", lang);
	if (status)
		flag(cmd, "--status", status);
	cmd->wrap = "deployments";
	return 0;
}

int mcp_tool_command(const struct mcp_tool *t, json_t *args, const struct mcp_context *ctx,
		     struct mcp_cmd *cmd, char *err, size_t errlen)
{
	memset(cmd, 0, sizeof(*cmd));
	if (!json_is_object(args))
		return fail(err, errlen, "the arguments of %s must be an object", t->name);
	if (check_names(t, args, err, errlen))
		return -1;
	/* Every tool is a job its fork runs in-process (cmd->job): no
	 * command line, no exec. */
	switch (t->kind) {
	case TOOL_RUN: return request_command(cmd, MCP_JOB_RUN, ctx, args);
	case TOOL_CODE_EXECUTE: return code_execute_command(cmd, ctx, args, err, errlen);
	case TOOL_EXEC_DEPLOYMENT: return request_command(cmd, MCP_JOB_DEPLOYMENT, ctx, args);
	case TOOL_PREPARE: return prepare_command(cmd, ctx, args, err, errlen);
	case TOOL_DEPLOY: return deploy_command(args, ctx, cmd, err, errlen);
	case TOOL_LIST_SESSIONS:
	case TOOL_GET_SESSION:
	case TOOL_DELETE_SESSION:
		if (!ctx->have_sessions)
			return fail(err, errlen,
				    "%s: this build of sbx has no sessions (`sbx session` is "
				    "missing): update sbx",
				    t->name);
		return session_admin_command(t, args, ctx, cmd, err, errlen);
	case TOOL_LIST_DEPLOYMENTS: return list_command(args, ctx, cmd, err, errlen);
	case TOOL_CREATE_SESSION:
	case TOOL_EXEC_IN_SESSION:
	case TOOL_STOP_SESSION:
	case TOOL_FILES_LIST:
	case TOOL_FILES_READ:
	case TOOL_FILES_WRITE:
		if (!ctx->have_sessions)
			return fail(err, errlen,
				    "%s: this build of sbx has no sessions (`sbx session` is "
				    "missing): use run_code, or update sbx",
				    t->name);
		return t->kind == TOOL_FILES_LIST || t->kind == TOOL_FILES_READ ||
			       t->kind == TOOL_FILES_WRITE
			   ? files_command(t, args, ctx, cmd, err, errlen)
			   : session_command(t, args, ctx, cmd, err, errlen);
	}
	return 0;
}
