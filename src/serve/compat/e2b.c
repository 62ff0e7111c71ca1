/* e2b — the mapping between E2B's SDK and sbx's sessions (e2b.h). */
#include "serve/compat/e2b.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/lang.h"
#include "serve/compat/e2b_wire.h"
#include "util/jsonout.h"
#include "util/util.h"

/* The templates an E2B client names for a code interpreter: all are one
 * sbx session; any other is a custom image sbx cannot build. */
static const char *const templates[] = {"code-interpreter-v1", "code-interpreter", "base", NULL};

json_t *e2b_create_request(json_t *body, char *msg, size_t n)
{
	if (!json_is_object(body)) {
		snprintf(msg, n, "the body must be a JSON object (the SDK's NewSandbox)");
		return NULL;
	}
	const char *tpl = json_string_value(json_object_get(body, "templateID"));
	bool known = !tpl;
	for (size_t i = 0; tpl && templates[i]; i++)
		known |= !strcmp(tpl, templates[i]);
	if (!known) {
		snprintf(msg, n,
			 "template '%.80s' is not served: sbx has no custom templates (its sandbox "
			 "is a session with sbx's interpreters); use Sandbox.create() without one",
			 tpl);
		return NULL;
	}
	if (json_is_true(json_object_get(body, "allow_internet_access")) ||
	    json_object_get(body, "network")) {
		snprintf(msg, n,
			 "internet access is not mapped: sbx's sandboxes have no network (leave "
			 "allowInternetAccess and network unset)");
		return NULL;
	}
	json_t *env = json_object_get(body, "envVars");
	if (json_object_size(env)) {
		snprintf(msg, n,
			 "envs are not mapped: an sbx session's code gets no environment of "
			 "the caller's (pass values in the code or in files)");
		return NULL;
	}
	if (json_is_true(json_object_get(body, "autoPause")) ||
	    json_object_get(body, "volumeMounts") || json_object_get(body, "mcp")) {
		snprintf(msg, n,
			 "auto-pause, volumes and MCP gateways are not mapped: sbx keeps a "
			 "session's files, not its memory, and mounts nothing");
		return NULL;
	}
	json_t *req = json_pack("{s:s}", "language", "python");
	json_t *t = json_object_get(body, "timeout");
	if (json_is_integer(t) && json_integer_value(t) > 0) {
		char ttl[32];
		snprintf(ttl, sizeof ttl, "%llds", (long long)json_integer_value(t));
		json_object_set_new(req, "ttl", json_string(ttl));
	}
	return req;
}

json_t *e2b_sandbox(json_t *s)
{
	const char *status = json_string_value(json_object_get(s, "status"));
	json_int_t mem = json_integer_value(json_object_get(s, "memory_bytes"));
	/* A stopped session keeps its files and starts again with the next
	 * execution: E2B's nearest word is "paused". */
	return json_pack(
	    "{s:O?, s:s, s:s, s:s, s:O?, s:O?, s:s, s:i, s:I, s:{}, s:s}", "sandboxID",
	    json_object_get(s, "id"), "templateID", "code-interpreter-v1", "clientID", "sbx",
	    "alias", "code-interpreter-v1", "startedAt", json_object_get(s, "created_at"), "endAt",
	    json_object_get(s, "expires_at"), "state",
	    status && !strcmp(status, "running") ? "running" : "paused", "cpuCount", 1, "memoryMB",
	    (json_int_t)(mem >> 20), "metadata", "envdVersion", E2B_ENVD_VERSION);
}

const char *e2b_language(const char *e2b_name)
{
	const struct lang *l = lang_by_name(e2b_name);
	return l ? l->name : NULL;
}

json_t *e2b_context(const char *name)
{
	return json_pack("{s:s, s:s, s:s}", "id", name, "language", name, "cwd", E2B_HOME);
}

json_t *e2b_exec_request(json_t *body, char *lang, size_t lang_n, char *msg, size_t n)
{
	json_t *code = json_object_get(body, "code");
	if (!json_is_string(code)) {
		snprintf(msg, n, "\"code\" must be a string");
		return NULL;
	}
	const char *l = json_string_value(json_object_get(body, "language"));
	const char *ctx = json_string_value(json_object_get(body, "context_id"));
	const char *name = l ? l : ctx ? ctx : "python";
	const char *sbx_name = e2b_language(name);
	if (!sbx_name) {
		snprintf(msg, n,
			 "language '%.40s' is not run by sbx: use python, javascript (js), "
			 "typescript (ts), r, java or bash",
			 name);
		return NULL;
	}
	snprintf(lang, lang_n, "%s", name);
	json_t *req = json_pack("{s:O}", "code", code);
	/* The session's own language needs no key; another language's kernel
	 * in the same session is the "language" key of a session execution. */
	if (strcmp(sbx_name, "python"))
		json_object_set_new(req, "language", json_string(sbx_name));
	json_t *env = json_object_get(body, "env_vars");
	if (json_object_size(env))
		json_object_set(req, "env", env);
	return req;
}

/* Python's repr of a string: single quotes unless it holds one and no
 * double quote, backslash escapes for the rest. */
static void py_repr_string(struct buf *b, const char *s)
{
	char q = strchr(s, '\'') && !strchr(s, '"') ? '"' : '\'';
	buf_append(b, &q, 1);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '\\' || *p == (unsigned char)q)
			buf_printf(b, "\\%c", *p);
		else if (*p == '\n')
			buf_puts(b, "\\n");
		else if (*p == '\t')
			buf_puts(b, "\\t");
		else if (*p == '\r')
			buf_puts(b, "\\r");
		else if (*p < 0x20 || *p == 0x7f)
			buf_printf(b, "\\x%02x", *p);
		else
			buf_append(b, p, 1);
	}
	buf_append(b, &q, 1);
}

/* The shortest text that reads back as v, in Python's repr ("2.0",
 * "1e+16"); other languages' REPLs print a whole number without ".0". */
static void shortest_real(struct buf *b, double v, bool python)
{
	char t[40];
	if (isnan(v) || isinf(v)) {
		buf_puts(b, isnan(v) ? "nan" : v > 0 ? "inf" : "-inf");
		return;
	}
	size_t n = jsonout_double(v, t, sizeof t);
	if (!python && n > 2 && !strcmp(t + n - 2, ".0"))
		t[n - 2] = '\0';
	buf_puts(b, t);
}

char *e2b_result_text(json_t *v, const char *lang)
{
	bool py = !strcmp(e2b_language(lang) ? e2b_language(lang) : "", "python");
	struct buf b;
	buf_init(&b, 1u << 26);
	if (json_is_string(v) && py)
		py_repr_string(&b, json_string_value(v));
	else if (json_is_string(v))
		buf_puts(&b, json_string_value(v));
	else if (json_is_boolean(v))
		buf_puts(&b, json_is_true(v) ? (py ? "True" : "true") : (py ? "False" : "false"));
	else if (json_is_null(v))
		buf_puts(&b, py ? "None" : "null");
	else if (json_is_real(v))
		shortest_real(&b, json_real_value(v), py);
	else {
		char *d = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);
		buf_puts(&b, d ? d : "");
		free(d);
	}
	char *s = xstrdup(buf_cstr(&b));
	buf_release(&b);
	return s;
}

static void emit(struct buf *out, json_t *line)
{
	char *s = json_dumps(line, JSON_COMPACT);
	json_decref(line);
	if (s) {
		buf_puts(out, s);
		buf_puts(out, "\n");
		free(s);
	}
}

/* A rich result's MIME type as the key of E2B's Result. */
static const char *mime_key(const char *mime)
{
	static const char *const map[][2] = {
	    {"image/png", "png"},	   {"image/jpeg", "jpeg"},
	    {"image/svg+xml", "svg"},	   {"text/html", "html"},
	    {"text/markdown", "markdown"}, {"text/plain", "text"},
	    {"text/latex", "latex"},	   {"application/json", "json"},
	    {"application/pdf", "pdf"},	   {"application/javascript", "javascript"}};
	for (size_t i = 0; mime && i < sizeof map / sizeof map[0]; i++)
		if (!strcmp(mime, map[i][0]))
			return map[i][1];
	return NULL;
}

/* What a record that did not end well says, as an ExecutionError: the
 * code's own error (name, message, traceback), else sbx's verdict (a
 * timeout, a memory limit, a policy refusal) named by its status. */
static void emit_error(struct buf *out, json_t *rec)
{
	json_t *err = json_object_get(rec, "error");
	const char *status = json_string_value(json_object_get(rec, "status"));
	const char *name = json_string_value(json_object_get(err, "name"));
	const char *value = json_string_value(json_object_get(err, "message"));
	const char *tb = json_string_value(json_object_get(err, "traceback"));
	char verdict[160];
	snprintf(verdict, sizeof verdict, "the execution ended with status %s",
		 status ? status : "unknown");
	if (status && !strcmp(status, "timeout")) /* sbx's WallTimeLimit...: Python's name */
		name = "TimeoutError";
	if (!name)
		name = "SandboxError";
	emit(out, json_pack("{s:s, s:s, s:s, s:s}", "type", "error", "name", name, "value",
			    value ? value : verdict, "traceback", tb ? tb : ""));
}

/* The record's results as E2B's Results: sbx lists one MIME type an
 * entry, an object's forms in a row and its text/plain last, so a Result
 * ends after text/plain or before a type it already has (two figures are
 * two Results). */
static json_t *result_groups(json_t *results)
{
	json_t *groups = json_array(), *g = NULL;
	size_t i;
	json_t *r;
	json_array_foreach(results, i, r)
	{
		const char *key = mime_key(json_string_value(json_object_get(r, "mime")));
		json_t *data = json_object_get(r, "data");
		if (!key || !json_is_string(data))
			continue;
		if (g && json_object_get(g, key))
			g = NULL;
		if (!g) {
			g = json_pack("{s:s, s:b}", "type", "result", "is_main_result", 0);
			json_array_append_new(groups, g);
		}
		json_object_set(g, key, data);
		if (!strcmp(key, "text"))
			g = NULL;
	}
	return groups;
}

static void emit_record(struct buf *out, json_t *rec, const char *lang)
{
	json_t *groups = result_groups(json_object_get(rec, "results"));
	json_t *v = json_object_get(rec, "result");
	/* A value with notebook forms comes last, its text/plain what sbx
	 * gives as the result (a string when JSON has no type for it): that
	 * Result is the main one, as Jupyter's execute_result. */
	json_t *last = json_array_get(groups, json_array_size(groups) - 1);
	const char *plain = json_string_value(json_object_get(last, "text"));
	bool own = plain && json_is_string(v) && !strcmp(plain, json_string_value(v));
	if (own)
		json_object_set_new(last, "is_main_result", json_true());
	size_t i;
	json_t *g;
	json_array_foreach(groups, i, g) emit(out, json_incref(g));
	json_decref(groups);
	if (v && !json_is_null(v) && !own) {
		char *text = e2b_result_text(v, lang);
		emit(out, json_pack("{s:s, s:s, s:b}", "type", "result", "text", text,
				    "is_main_result", 1));
		free(text);
	}
	if (!json_is_true(json_object_get(rec, "ok")))
		emit_error(out, rec);
	json_t *count = json_object_get(json_object_get(rec, "session"), "execution_count");
	if (json_is_integer(count))
		emit(out, json_pack("{s:s, s:O}", "type", "number_of_executions", "execution_count",
				    count));
	emit(out, json_pack("{s:s}", "type", "end_of_execution"));
}

/* The lines are sbx's own events, whose output and results may hold
 * U+0000 (the code's to print): JSON_ALLOW_NUL, and lengths, not strlen. */
bool e2b_exec_line(const char *line, size_t len, const char *lang, struct buf *out)
{
	json_t *ev = json_loadb(line, len, JSON_ALLOW_NUL, NULL);
	const char *kind = json_string_value(json_object_get(ev, "event"));
	bool ended = false;
	if (!kind) {
		/* Not an event: sbx's own failure record ({"status":
		 * "sbx_error", "error": ...}), or worse. */
		json_t *rec = json_is_object(ev) ? ev : NULL;
		if (!rec)
			emit(out, json_pack("{s:s, s:s, s:s, s:s}", "type", "error", "name",
					    "SandboxError", "value",
					    "sbx answered what is not an event", "traceback", ""));
		else
			emit_error(out, rec);
		emit(out, json_pack("{s:s}", "type", "end_of_execution"));
		ended = true;
	} else if (!strcmp(kind, "stdout") || !strcmp(kind, "stderr")) {
		json_t *d = json_object_get(ev, "data");
		if (json_is_string(d))
			emit(out, json_pack("{s:s, s:O, s:O?}", "type", kind, "text", d,
					    "timestamp", json_object_get(ev, "ts")));
	} else if (!strcmp(kind, "execution_completed") || !strcmp(kind, "execution_failed") ||
		   json_object_get(ev, "record")) {
		emit_record(out, json_object_get(ev, "record"), lang);
		ended = true;
	}
	json_decref(ev);
	return ended;
}

const char *e2b_workspace_path(const char *path, char *out, size_t n, char *msg, size_t mn)
{
	const char *p = path ? path : "";
	size_t hl = strlen(E2B_HOME);
	if (!strncmp(p, E2B_HOME, hl) && (p[hl] == '/' || !p[hl]))
		p += hl;
	else if (*p == '/') {
		snprintf(msg, mn,
			 "'%.200s' is outside the sandbox's files: sbx serves %s (the session's "
			 "workspace) and paths relative to it",
			 path, E2B_HOME);
		return NULL;
	}
	while (*p == '/')
		p++;
	if (strlen(p) >= n) {
		snprintf(msg, mn, "the path is longer than %zu bytes", n - 1);
		return NULL;
	}
	snprintf(out, n, "%s", p);
	size_t l = strlen(out);
	while (l && out[l - 1] == '/')
		out[--l] = '\0';
	return out;
}

json_t *e2b_entry(json_t *e, const char *dir)
{
	const char *name = json_string_value(json_object_get(e, "name"));
	const char *type = json_string_value(json_object_get(e, "type"));
	const char *mode = json_string_value(json_object_get(e, "mode"));
	char path[8192];
	snprintf(path, sizeof path, "%s%s%s/%s", E2B_HOME, *dir ? "/" : "", dir, name ? name : "");
	unsigned long m = mode ? strtoul(mode, NULL, 8) : 0;
	bool is_dir = type && !strcmp(type, "directory");
	char perms[11] = "-rwxrwxrwx";
	perms[0] = is_dir ? 'd' : '-';
	for (int i = 0; i < 9; i++)
		if (!(m & (1u << (8 - i))))
			perms[1 + i] = '-';
	char size[32];
	snprintf(size, sizeof size, "%lld",
		 (long long)json_integer_value(json_object_get(e, "size")));
	return json_pack("{s:s, s:s, s:s, s:s, s:i, s:s, s:s, s:s, s:O?}", "name", name ? name : "",
			 "type",
			 is_dir				 ? "FILE_TYPE_DIRECTORY"
			 : type && !strcmp(type, "file") ? "FILE_TYPE_FILE"
							 : "FILE_TYPE_UNSPECIFIED",
			 "path", path, "size", size, "mode", (int)(m | (is_dir ? 040000 : 0100000)),
			 "permissions", perms, "owner", "user", "group", "user", "modifiedTime",
			 json_object_get(e, "mtime"));
}

/* One process event (a StartResponse) in Connect's JSON, framed. */
static void emit_process(struct buf *out, json_t *event)
{
	json_t *msg = json_pack("{s:o}", "event", event ? event : json_object());
	char *s = json_dumps(msg, JSON_COMPACT);
	json_decref(msg);
	if (s) {
		e2b_connect_frame(out, 0, s, strlen(s));
		free(s);
	}
}

/* bytes in proto3 JSON: base64. */
static json_t *b64(const char *s, size_t n)
{
	static const char tbl[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	struct buf b;
	buf_init(&b, 4 * (n / 3 + 1) + 1);
	const unsigned char *u = (const unsigned char *)s;
	for (size_t i = 0; i < n; i += 3) {
		unsigned v = (unsigned)u[i] << 16 | (i + 1 < n ? (unsigned)u[i + 1] << 8 : 0) |
			     (i + 2 < n ? u[i + 2] : 0);
		char q[4] = {tbl[v >> 18 & 63], tbl[v >> 12 & 63],
			     i + 1 < n ? tbl[v >> 6 & 63] : '=', i + 2 < n ? tbl[v & 63] : '='};
		buf_append(&b, q, 4);
	}
	json_t *j = json_string(buf_cstr(&b));
	buf_release(&b);
	return j;
}

bool e2b_process_line(const char *line, size_t len, bool *started, struct buf *out)
{
	json_t *ev = json_loadb(line, len, JSON_ALLOW_NUL, NULL);
	const char *kind = json_string_value(json_object_get(ev, "event"));
	json_t *rec = json_object_get(ev, "record");
	bool ended = false;
	/* The SDK waits for the start first: whatever comes first makes it
	 * (a refused or failed execution too, which then ends at once). */
	if (!*started) {
		emit_process(out, json_pack("{s:{s:i}}", "start", "pid", 1));
		*started = true;
	}
	if (kind && (!strcmp(kind, "stdout") || !strcmp(kind, "stderr"))) {
		json_t *d = json_object_get(ev, "data");
		if (json_is_string(d))
			emit_process(out,
				     json_pack("{s:{s:o}}", "data", kind,
					       b64(json_string_value(d), json_string_length(d))));
	} else if (!kind || rec) {
		json_t *r = rec ? rec : ev;
		json_t *code = json_object_get(r, "exit_code");
		const char *status = json_string_value(json_object_get(r, "status"));
		const char *m =
		    json_string_value(json_object_get(json_object_get(r, "error"), "message"));
		int ec = json_is_integer(code) ? (int)json_integer_value(code) : -1;
		char st[80];
		snprintf(st, sizeof st, "exit status %d", ec);
		json_t *end = json_pack("{s:i, s:b, s:s}", "exitCode", ec, "exited",
					json_is_integer(code), "status", st);
		if (!json_is_true(json_object_get(r, "ok")) && (m || (status && ec < 0)))
			json_object_set_new(end, "error", json_string(m ? m : status));
		emit_process(out, json_pack("{s:o}", "end", end));
		ended = true;
	}
	json_decref(ev);
	return ended;
}
