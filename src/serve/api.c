/* api — routes, body keys and query parameters of the HTTP API (api.h). */
#include "serve/api.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/error_kinds.h"
#include "core/request_keys.h"
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

int api_check_run_id(const char *id, size_t len, struct api_error *e)
{
	bool ok = len > 0 && len <= API_RUN_ID_MAX && isalnum((unsigned char)id[0]);
	/* It names a file (STATE/async-runs/ID.json): no "..", as a
	 * deployment's name has none. */
	for (size_t i = 0; ok && i < len; i++)
		ok = (isalnum((unsigned char)id[i]) || id[i] == '.' || id[i] == '_' ||
		      id[i] == '-') &&
		     !(id[i] == '.' && i + 1 < len && id[i + 1] == '.');
	if (!ok)
		return api_fail(e, ERROR_INVALID, "bad_id",
				"'%.*s' is not a run's id: 1-%d letters, digits, '.', '_' or '-', "
				"the first a letter or digit, no '..' (the id the 202 answer gave)",
				(int)(len > 60 ? 60 : len), id, API_RUN_ID_MAX);
	return 0;
}

/* /v1/runs/ID: an asynchronous run's state (GET) or its cancel (DELETE). */
static int route_run_state(const char *method, const char *id, struct api_route *r,
			   struct api_error *e)
{
	if (api_want_method(method, "GET,DELETE", e) || api_check_run_id(id, strlen(id), e))
		return -1;
	snprintf(r->ref, sizeof r->ref, "%s", id);
	set_route(r, method_is(method, "GET") ? API_RUN_STATE : API_RUN_CANCEL, false, false,
		  false);
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
	    {"/v1/runs", "POST", API_RUN, true, true, true}, /* "wait": false's name */
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
	/* The Piston API (serve/compat/piston.c); served with --compat piston. */
	if (!strcmp(path, "/api/v2/runtimes") || !strcmp(path, "/api/v2/execute")) {
		bool exec = !strcmp(path, "/api/v2/execute");
		if (api_want_method(method, exec ? "POST" : "GET", e))
			return -1;
		set_route(r, exec ? API_PISTON_EXECUTE : API_PISTON_RUNTIMES, exec, exec, false);
		r->compat = SERVE_COMPAT_PISTON;
		return 0;
	}
	/* SmythOS SRE's ECMASandbox connector (serve/handler_sre.c). */
	if (!strcmp(path, "/sre/execute")) {
		if (api_want_method(method, "POST", e))
			return -1;
		set_route(r, API_SRE_EXECUTE, true, true, false);
		r->compat = SERVE_COMPAT_SRE;
		return 0;
	}
	/* E2B's SDK (serve/handler_e2b.c): its paths after /e2b, which
	 * E2B_API_URL and E2B_SANDBOX_URL end with. */
	if (!strncmp(path, "/e2b/", 5)) {
		if (strlen(method) + 1 + strlen(path + 4) > API_REF_MAX)
			return api_fail(e, ERROR_NOT_FOUND, "not_found",
					"no such E2B route '%.100s...'", path);
		strcpy(r->ref, method); /* the lengths are checked above */
		strcat(r->ref, " ");
		strcat(r->ref, path + 4);
		set_route(r, API_E2B, false, false, false);
		r->compat = SERVE_COMPAT_E2B;
		return 0;
	}
	if (!strncmp(path, "/v1/deployments", 15))
		return route_deployments(method, path + 15, r, e);
	if (!strcmp(path, "/v1/sessions") || !strncmp(path, "/v1/sessions/", 13))
		return api_route_sessions(method, path + 12, r, e);
	if (!strncmp(path, "/v1/runs/", 9))
		return route_run_state(method, path + 9, r, e);
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
/* A session's routes: "node", the node a redirect names (a load balancer's
 * hint, examples/haproxy; the server itself reads the session's lease). */
static const char *const session_params[] = {"node", NULL};
static const char *const files_get_params[] = {"path", "node", NULL};
static const char *const files_put_params[] = {"path", "directory", "parents", "node", NULL};
static const char *const files_delete_params[] = {"path", "recursive", "node", NULL};
static const char *const no_params[] = {NULL};
/* What E2B's SDK sends: envd's path and user, the SDK's source, and the
 * sandbox list's filters (read or ignored by serve/handler_e2b.c). */
static const char *const e2b_params[] = {
    "path",	 "username",	 "source",   "metadata", "state", "limit", "order",
    "nextToken", "startedAfter", "template", "start",	 "end",	  NULL};
static const char *const run_state_params[] = {"wait", NULL};

static const char *const *route_params(enum api_op op)
{
	switch (op) {
	case API_STATS: return stats_params;
	case API_LIST: return list_params;
	case API_EVENTS: return events_params;
	case API_SESSION_LIST: return session_list_params;
	case API_BATCH: return batch_params;
	case API_RUN_STATE: return run_state_params;
	case API_E2B: return e2b_params;
	case API_SESSION_GET:
	case API_SESSION_DELETE:
	case API_SESSION_STOP:
	case API_SESSION_EXEC: return session_params;
	case API_SESSION_FILES_GET: return files_get_params;
	case API_SESSION_FILES_PUT: return files_put_params;
	case API_SESSION_FILES_DELETE: return files_delete_params;
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

/* The route's row mask in core/request_keys.c's table (0: no body keys). */
static unsigned route_bit(enum api_op op)
{
	switch (op) {
	case API_SESSION_CREATE: return RK_SESSION_CREATE;
	case API_SESSION_EXEC: return RK_SESSION_EXEC;
	case API_RUN: return RK_RUN;
	case API_EXEC: return RK_EXEC;
	case API_PREPARE: return RK_PREPARE;
	case API_DEPLOY: return RK_DEPLOY;
	default: return 0;
	}
}

static bool type_ok(json_t *v, int t)
{
	return ((t & RK_STR) && json_is_string(v)) || ((t & RK_NUM) && json_is_number(v)) ||
	       ((t & RK_OBJ) && json_is_object(v)) || ((t & RK_ARR) && json_is_array(v)) ||
	       ((t & RK_BOOL) && json_is_boolean(v));
}

/* The keys of o against the route's list: 0, or -1 with e. */
static int check_keys(const struct api_route *r, json_t *o, struct api_error *e)
{
	unsigned route = route_bit(r->op);
	const char *k;
	json_t *v;
	json_object_foreach(o, k, v)
	{
		const struct request_key *row = request_key_find(k);
		if (!row || !(row->routes & route)) {
			char list[400];
			request_key_list(route, list, sizeof list);
			if (r->op == API_EXEC && !strcmp(k, "deployment"))
				api_fail(e, ERROR_INVALID, "unknown_field",
					 "the body may not name a deployment: the path "
					 "/v1/deployments/NAME[@V]/executions does");
			else
				api_fail(e, ERROR_INVALID, "unknown_field",
					 "key '%.60s' is not taken by %s: it takes %s", k,
					 request_route_name(route), list);
			return -1;
		}
		if (!type_ok(v, row->types))
			return api_fail(e, ERROR_INVALID, "bad_field", "key '%s' must be %s", k,
					request_key_types_words(row->types));
	}
	for (const struct request_key *row = request_keys; row->key; row++)
		if ((row->required & route) && !json_object_get(o, row->key))
			return api_fail(e, ERROR_INVALID, "missing_field",
					"the body needs '%s', e.g. {\"%s\": ...}", row->key,
					row->key);
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
