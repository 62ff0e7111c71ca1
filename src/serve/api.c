/* api — routes, body keys and query parameters of the HTTP API (api.h). */
#include "serve/api.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/error_kinds.h"
#include "util/util.h"

int api_fail(struct api_error *e, enum error_kind kind, const char *code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(e->message, sizeof(e->message), fmt, ap);
	va_end(ap);
	const struct error_kind_row *row = error_kind_row(kind);
	e->status = row->http_status;
	e->code = code;
	e->kind = row->name;
	return -1;
}

char *api_error_json(const struct api_error *e)
{
	json_t *o =
	    json_pack("{s:{s:s, s:s, s:s*}}", "error", "code", e->code ? e->code : "internal",
		      "message", e->message, "kind", e->kind);
	char *s = o ? json_dumps(o, JSON_COMPACT) : NULL;
	json_decref(o);
	return s ? s : xstrdup("{\"error\":{\"code\":\"internal\",\"message\":\"out of memory\"}}");
}

/* A deployment reference as the store takes it: [a-z0-9][a-z0-9._-]*, at
 * most 64 characters, no "..", then an optional @N or @latest. The child
 * checks again (the store is the authority); this keeps a path that could
 * never name a deployment from reaching a command line. */
static int check_ref(const char *ref, size_t len, struct api_error *e)
{
	const char *at = memchr(ref, '@', len);
	size_t n = at ? (size_t)(at - ref) : len;
	if (n == 0 || n > 64 || !(islower((unsigned char)ref[0]) || isdigit((unsigned char)ref[0])))
		goto bad;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)ref[i];
		if (!(islower(c) || isdigit(c) || c == '.' || c == '_' || c == '-'))
			goto bad;
		if (c == '.' && i + 1 < n && ref[i + 1] == '.')
			goto bad;
	}
	if (at) {
		size_t vl = len - n - 1;
		if (vl == 6 && !memcmp(at + 1, "latest", 6))
			return 0;
		if (vl == 0 || vl > 9 || at[1] == '0')
			goto bad;
		for (size_t i = 1; i <= vl; i++)
			if (!isdigit((unsigned char)at[i]))
				goto bad;
	}
	return 0;
bad:
	return api_fail(
	    e, ERROR_INVALID, "bad_name",
	    "invalid deployment reference '%.*s': use NAME or NAME@VERSION, with NAME "
	    "[a-z0-9][a-z0-9._-]* (at most 64 characters) and VERSION a positive number",
	    (int)(len > 100 ? 100 : len), ref);
}

static bool method_is(const char *m, const char *want)
{
	return !strcmp(m, want);
}

int api_want_method(const char *method, const char *allowed, struct api_error *e)
{
	/* allowed: "GET", "POST", "GET,DELETE" */
	size_t n = strlen(method);
	for (const char *p = allowed; *p;) {
		const char *c = strchr(p, ',');
		size_t l = c ? (size_t)(c - p) : strlen(p);
		if (l == n && !strncmp(p, method, n))
			return 0;
		p += l + (c != NULL);
	}
	return api_fail(e, ERROR_NOT_ALLOWED, "method_not_allowed",
			"%s is not allowed here: use %s", method, allowed);
}

static void set_route(struct api_route *r, enum api_op op, bool body, bool spawns, bool streams)
{
	r->op = op;
	r->has_body = body;
	r->spawns = spawns;
	r->streams = streams;
}

/* The deployment routes: /v1/deployments[/REF[/executions]]. */
static int route_deployments(const char *method, const char *rest, struct api_route *r,
			     struct api_error *e)
{
	if (!*rest) {
		if (api_want_method(method, "GET,POST", e))
			return -1;
		if (method_is(method, "GET"))
			set_route(r, API_LIST, false, true, false);
		else
			set_route(r, API_DEPLOY, true, true, false);
		return 0;
	}
	if (*rest != '/')
		return api_fail(e, ERROR_NOT_FOUND, "not_found",
				"no such route: see GET /v1/openapi.json");
	rest++;
	const char *slash = strchr(rest, '/');
	size_t len = slash ? (size_t)(slash - rest) : strlen(rest);
	if (len > API_REF_MAX)
		len = API_REF_MAX + 1; /* check_ref says why */
	if (check_ref(rest, len, e))
		return -1;
	memcpy(r->ref, rest, len);
	r->ref[len] = '\0';
	if (!slash) {
		if (api_want_method(method, "GET,DELETE", e))
			return -1;
		if (method_is(method, "GET"))
			set_route(r, API_GET, false, true, false);
		else
			set_route(r, API_DELETE, false, true, false);
		return 0;
	}
	if (strcmp(slash, "/executions"))
		return api_fail(
		    e, ERROR_NOT_FOUND, "not_found",
		    "no such route: a deployment has /v1/deployments/NAME[@V]/executions");
	if (api_want_method(method, "POST", e))
		return -1;
	set_route(r, API_EXEC, true, true, true);
	return 0;
}

int api_route(const char *method, const char *path, struct api_route *r, struct api_error *e)
{
	memset(r, 0, sizeof(*r));
	static const struct {
		const char *path, *methods;
		enum api_op op;
		bool body, spawns, streams;
	} fixed[] = {
	    {"/v1/health", "GET", API_HEALTH, false, false, false},
	    {"/v1/ready", "GET", API_READY, false, false, false},
	    {"/v1/openapi.json", "GET", API_OPENAPI, false, false, false},
	    {"/v1/doctor", "GET", API_DOCTOR, false, true, false},
	    {"/v1/stats", "GET", API_STATS, false, true, false},
	    {"/v1/run", "POST", API_RUN, true, true, true},
	    {"/v1/prepare", "POST", API_PREPARE, true, true, false},
	    {"/v1/events", "GET", API_EVENTS, false, false, false},
	    {"/v1/batch", "POST", API_BATCH, true, true, true},
	};
	for (size_t i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++)
		if (!strcmp(path, fixed[i].path)) {
			if (api_want_method(method, fixed[i].methods, e))
				return -1;
			set_route(r, fixed[i].op, fixed[i].body, fixed[i].spawns, fixed[i].streams);
			return 0;
		}
	if (!strncmp(path, "/v1/deployments", 15))
		return route_deployments(method, path + 15, r, e);
	if (!strcmp(path, "/v1/sessions") || !strncmp(path, "/v1/sessions/", 13))
		return api_route_sessions(method, path + 12, r, e);
	return api_fail(e, ERROR_NOT_FOUND, "not_found",
			"no such route '%.200s': see GET /v1/openapi.json", path);
}

/* --- query parameters ----------------------------------------------- */

static const char *const stats_params[] = {"deployment", "language",	"label", "since",
					   "until",	 "code_sha256", NULL};
static const char *const list_params[] = {"language", "status", NULL};
static const char *const events_params[] = {"label", "deployment", "session", "language",
					    "since", "follow",	   NULL};
static const char *const session_list_params[] = {"status", "language", NULL};
/* sbx batch's own options and the run defaults it forwards. */
static const char *const batch_params[] = {"jobs",   "shard",	 "language",   "timeout",
					   "memory", "cpu_time", "max_output", NULL};
static const char *const no_params[] = {NULL};

static const char *const *route_params(enum api_op op)
{
	switch (op) {
	case API_STATS: return stats_params;
	case API_LIST: return list_params;
	case API_EVENTS: return events_params;
	case API_SESSION_LIST: return session_list_params;
	case API_BATCH: return batch_params;
	default: return no_params;
	}
}

int api_check_query(const struct api_route *r, const struct api_query *q, struct api_error *e)
{
	if (q->overflow)
		return api_fail(e, ERROR_INVALID, "bad_query",
				"too many query parameters: at most %d", API_QUERY_MAX);
	const char *const *ok = route_params(r->op);
	for (size_t i = 0; i < q->n; i++) {
		bool known = false;
		for (size_t k = 0; ok[k]; k++)
			known |= !strcmp(q->key[i], ok[k]);
		if (!known) {
			char list[200] = "";
			for (size_t k = 0; ok[k]; k++)
				snprintf(list + strlen(list), sizeof(list) - strlen(list), "%s%s",
					 k ? ", " : "", ok[k]);
			return api_fail(e, ERROR_INVALID, "unknown_parameter",
					"unknown query parameter '%.60s': this route takes %s",
					q->key[i], *list ? list : "none");
		}
		if (!q->value[i] || !*q->value[i] || strlen(q->value[i]) > 1024)
			return api_fail(e, ERROR_INVALID, "bad_parameter",
					"query parameter '%s' needs a value (at most 1024 bytes): "
					"e.g. ?%s=VALUE",
					q->key[i], q->key[i]);
	}
	return 0;
}

/* --- bodies --------------------------------------------------------- */

enum { T_STR = 1, T_NUM = 2, T_OBJ = 4, T_ARR = 8, T_BOOL = 16 };

struct key_spec {
	const char *name;
	int types;
	bool required;
};

/* The keys of a batch request line (SPEC "Batch"); the child applies
 * them exactly as the flags would (run/request_json.c). */
#define RUN_SETTINGS                                                                               \
	{"inputs", T_OBJ, false}, {"timeout", T_NUM | T_STR, false},                               \
	    {"cpu_time", T_NUM | T_STR, false}, {"memory", T_NUM | T_STR, false},                  \
	    {"max_output", T_NUM | T_STR, false}, {"env", T_OBJ, false}, {"labels", T_OBJ, false}, \
	    {"merge_output", T_BOOL, false}, {"engine", T_STR, false},                             \
	{                                                                                          \
		"print_result", T_BOOL, false                                                      \
	}

static const struct key_spec run_keys[] = {{"code", T_STR, true},
					   {"language", T_STR, false},
					   {"id", T_STR, false},
					   {"files", T_OBJ, false},
					   {"stdin", T_STR, false},
					   {"args", T_ARR, false},
					   {"expected_stdout", T_STR, false},
					   {"return_files", T_BOOL, false},
					   RUN_SETTINGS,
					   {NULL, 0, false}};
static const struct key_spec exec_keys[] = {{"id", T_STR, false},
					    {"files", T_OBJ, false},
					    {"stdin", T_STR, false},
					    {"args", T_ARR, false},
					    {"expected_stdout", T_STR, false},
					    {"return_files", T_BOOL, false},
					    RUN_SETTINGS,
					    {NULL, 0, false}};
static const struct key_spec prepare_keys[] = {
    {"code", T_STR, true}, {"language", T_STR, false}, {"engine", T_STR, false}, {NULL, 0, false}};
static const struct key_spec deploy_keys[] = {{"code", T_STR, true},
					      {"name", T_STR, false},
					      {"language", T_STR, false},
					      RUN_SETTINGS,
					      {NULL, 0, false}};

/* What a session takes: create, its settings; exec, what session_exec
 * applies to an execution (the session's language, memory and files are
 * its own). */
static const struct key_spec session_create_keys[] = {
    {"language", T_STR, false}, {"name", T_STR, false},		  {"ttl", T_STR, false},
    {"idle", T_STR, false},	{"memory", T_NUM | T_STR, false}, {NULL, 0, false}};
static const struct key_spec session_exec_keys[] = {{"code", T_STR, true},
						    {"language", T_STR, false},
						    {"id", T_STR, false},
						    {"inputs", T_OBJ, false},
						    {"timeout", T_NUM | T_STR, false},
						    {"files", T_OBJ, false},
						    {"max_output", T_NUM | T_STR, false},
						    {"labels", T_OBJ, false},
						    {"stdin", T_STR, false},
						    {"env", T_OBJ, false},
						    {"args", T_ARR, false},
						    {"cpu_time", T_NUM | T_STR, false},
						    {"fresh", T_BOOL, false},
						    {"return_files", T_BOOL, false},
						    {NULL, 0, false}};
static const struct key_spec *route_keys(enum api_op op)
{
	switch (op) {
	case API_SESSION_CREATE: return session_create_keys;
	case API_SESSION_EXEC: return session_exec_keys;
	case API_RUN: return run_keys;
	case API_EXEC: return exec_keys;
	case API_PREPARE: return prepare_keys;
	case API_DEPLOY: return deploy_keys;
	default: return NULL;
	}
}

static const char *type_words(int t)
{
	static const struct {
		int t;
		const char *w;
	} w[] = {{T_STR, "a string"},
		 {T_NUM | T_STR, "a number or a string"},
		 {T_OBJ, "an object"},
		 {T_ARR, "an array of strings"},
		 {T_BOOL, "true or false"}};
	for (size_t i = 0; i < sizeof(w) / sizeof(w[0]); i++)
		if (w[i].t == t)
			return w[i].w;
	return "another type";
}

static bool type_ok(json_t *v, int t)
{
	return ((t & T_STR) && json_is_string(v)) || ((t & T_NUM) && json_is_number(v)) ||
	       ((t & T_OBJ) && json_is_object(v)) || ((t & T_ARR) && json_is_array(v)) ||
	       ((t & T_BOOL) && json_is_boolean(v));
}

/* The keys of o against the route's list: 0, or -1 with e. */
static int check_keys(const struct api_route *r, json_t *o, struct api_error *e)
{
	const struct key_spec *keys = route_keys(r->op);
	const char *k;
	json_t *v;
	json_object_foreach(o, k, v)
	{
		const struct key_spec *s = keys;
		while (s && s->name && strcmp(s->name, k))
			s++;
		if (!s || !s->name) {
			if (r->op == API_EXEC && !strcmp(k, "deployment"))
				api_fail(e, ERROR_INVALID, "unknown_field",
					 "the body may not name a deployment: the path "
					 "/v1/deployments/NAME[@V]/executions does");
			else if (r->op == API_SESSION_EXEC)
				api_fail(e, ERROR_INVALID, "unknown_field",
					 "key '%.60s' is not taken by a session execution: it "
					 "takes code, language, id, inputs, timeout, cpu_time, "
					 "max_output, files, stdin, env, args and labels",
					 k);
			else
				api_fail(e, ERROR_INVALID, "unknown_field",
					 "unknown key '%.60s' in the body: see the request "
					 "schema in GET /v1/openapi.json",
					 k);
			return -1;
		}
		if (!type_ok(v, s->types))
			return api_fail(e, ERROR_INVALID, "bad_field", "key '%s' must be %s", k,
					type_words(s->types));
	}
	for (const struct key_spec *s = keys; s && s->name; s++)
		if (s->required && !json_object_get(o, s->name))
			return api_fail(e, ERROR_INVALID, "missing_field",
					"the body needs '%s', e.g. {\"%s\": ...}", s->name,
					s->name);
	return 0;
}

json_t *api_parse_body(const struct api_route *r, const char *body, size_t len, struct api_error *e)
{
	json_error_t je;
	json_t *o = json_loadb(body, len, JSON_REJECT_DUPLICATES, &je);
	if (!o) {
		api_fail(e, ERROR_INVALID, "bad_json",
			 "the body is not valid JSON: %s (line %d, column %d): send one JSON "
			 "object",
			 je.text, je.line, je.column);
		return NULL;
	}
	if (!json_is_object(o)) {
		api_fail(e, ERROR_INVALID, "bad_json",
			 "the body must be a JSON object, e.g. "
			 "{\"language\": \"python\", \"code\": \"print(1)\"}");
		goto fail;
	}
	if (check_keys(r, o, e) == 0)
		return o;
fail:
	json_decref(o);
	return NULL;
}

long api_check_batch(const char *body, size_t len, struct api_error *e)
{
	/* Only counted and bounded here: a line sbx batch refuses becomes its
	 * record ("sbx_error"), as with sbx batch on this machine, so one bad
	 * line does not throw away the others. */
	long n = 0;
	for (size_t at = 0; at < len;) {
		const char *nl = memchr(body + at, '\n', len - at);
		size_t l = nl ? (size_t)(nl - (body + at)) : len - at;
		const char *s = body + at;
		at += l + (nl != NULL);
		size_t k = 0;
		while (k < l && (s[k] == ' ' || s[k] == '\t' || s[k] == '\r'))
			k++;
		if (k < l && ++n > API_BATCH_MAX_LINES)
			return api_fail(
			    e, ERROR_TOO_LARGE, "too_many_requests",
			    "the batch has more than %d requests: split it over several "
			    "POST /v1/batch (or run sbx batch on the server)",
			    API_BATCH_MAX_LINES);
	}
	if (memchr(body, '\0', len))
		return api_fail(e, ERROR_INVALID, "bad_json",
				"the batch holds a NUL byte: send JSON text, one request per line");
	if (n == 0)
		return api_fail(e, ERROR_INVALID, "missing_field",
				"the batch is empty: send one JSON request per line, e.g. "
				"{\"language\": \"python\", \"code\": \"print(1)\"}");
	return n;
}

int api_fail_kind(struct api_error *e, const char *kind, const char *fmt, ...)
{
	const struct error_kind_row *row = error_kind_by_name(kind);
	if (!row)
		row = error_kind_row(ERROR_INTERNAL);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(e->message, sizeof(e->message), fmt, ap);
	va_end(ap);
	e->status = row->http_status;
	e->code = "sbx_error";
	e->kind = row->name;
	return -1;
}

const char *api_record_kind(json_t *rec)
{
	json_t *r = json_object_get(rec, "record") ? json_object_get(rec, "record") : rec;
	return json_string_value(json_object_get(json_object_get(r, "error"), "kind"));
}
