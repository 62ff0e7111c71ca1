/* api — routes, body keys and query parameters of the HTTP API (api.h). */
#include "serve/api.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/error_kinds.h"
#include "core/request_keys.h"
#include "serve/routes.h"
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
	e->exit_code = 0;
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

int api_check_session_ref(const char *ref, size_t len, struct api_error *e)
{
	if (len == 0 || len > 64 ||
	    !(islower((unsigned char)ref[0]) || isdigit((unsigned char)ref[0])))
		goto bad;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)ref[i];
		if (!(islower(c) || isdigit(c) || c == '.' || c == '_' || c == '-'))
			goto bad;
		if (c == '.' && i + 1 < len && ref[i + 1] == '.')
			goto bad;
	}
	return 0;
bad:
	return api_fail(e, ERROR_INVALID, "bad_name",
			"invalid session '%.*s': use its id (from POST /v1/sessions) or its name, "
			"[a-z0-9][a-z0-9._-]* (at most 64 characters)",
			(int)(len > 100 ? 100 : len), ref);
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

/* Whether path matches the pattern; a {name} segment of the pattern takes
 * one segment of the path (maybe empty: its check says why), which *param
 * is pointed at, its length in *param_len. */
static bool path_matches(const char *pattern, const char *path, const char **param,
			 size_t *param_len)
{
	while (*pattern) {
		if (!strcmp(pattern, "*")) {
			*param = path;
			*param_len = strlen(path);
			return true;
		}
		if (*pattern == '{') {
			*param = path;
			*param_len = strcspn(path, "/");
			path += *param_len;
			pattern = strchr(pattern, '}');
			if (!pattern)
				return false;
			pattern++;
		} else if (*path == '\0' || *pattern++ != *path++) {
			return false;
		}
	}
	return *path == '\0';
}

static int check_param(enum route_param kind, const char *v, size_t len, struct api_error *e)
{
	switch (kind) {
	case ROUTE_DEPLOYMENT: return check_ref(v, len > API_REF_MAX ? API_REF_MAX + 1 : len, e);
	case ROUTE_SESSION:
		return api_check_session_ref(v, len > API_REF_MAX ? API_REF_MAX + 1 : len, e);
	case ROUTE_RUN_ID: return api_check_run_id(v, len, e);
	default: return 0;
	}
}

int api_route(const char *method, const char *path, struct api_route *r, struct api_error *e)
{
	memset(r, 0, sizeof(*r));
	const struct route_row *hit = NULL, *any = NULL; /* any: the path's first row */
	const char *param = NULL;
	size_t param_len = 0;
	char allowed[64] = "";
	for (size_t i = 0; i < routes_count; i++) {
		const char *p = NULL;
		size_t pl = 0;
		if (!path_matches(routes[i].path, path, &p, &pl))
			continue;
		if (!any) {
			any = &routes[i];
			param = p;
			param_len = pl;
		}
		if ((!strcmp(routes[i].method, method) || !strcmp(routes[i].method, "*")) && !hit)
			hit = &routes[i];
		snprintf(allowed + strlen(allowed), sizeof allowed - strlen(allowed), "%s%s",
			 *allowed ? "," : "", routes[i].method);
	}
	if (!any)
		return api_fail(e, ERROR_NOT_FOUND, "not_found",
				"no such route '%.200s': see GET /v1/openapi.json", path);
	/* A path that could never name a deployment, session or run is
	 * refused as such, whatever the method. */
	if (any->param == ROUTE_REST && strlen(method) + 2 + param_len > API_REF_MAX)
		return api_fail(e, ERROR_NOT_FOUND, "not_found", "no such %s route '%.100s...'",
				compat_api_of(any->compat)->title, path);
	if (any->param != ROUTE_NO_PARAM && check_param(any->param, param, param_len, e))
		return -1;
	if (!hit)
		return api_want_method(method, allowed, e);
	r->row = hit;
	r->op = hit->op;
	r->has_body = hit->flags & ROUTE_BODY;
	r->spawns = hit->flags & ROUTE_SPAWNS;
	r->streams = hit->flags & ROUTE_STREAMS;
	r->compat = hit->compat;
	if (hit->param == ROUTE_REST)
		snprintf(r->ref, sizeof r->ref, "%s /%.*s", method, (int)param_len, param);
	else if (hit->param != ROUTE_NO_PARAM)
		snprintf(r->ref, sizeof r->ref, "%.*s", (int)param_len, param);
	return 0;
}

/* --- query parameters ----------------------------------------------- */

int api_check_query(const struct api_route *r, const struct api_query *q, struct api_error *e)
{
	if (q->overflow)
		return api_fail(e, ERROR_INVALID, "bad_query",
				"too many query parameters: at most %d", API_QUERY_MAX);
	static const char *const none[] = {NULL};
	const char *const *ok = r->row ? r->row->query : none;
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

static bool type_ok(json_t *v, int t)
{
	return ((t & RK_STR) && json_is_string(v)) || ((t & RK_NUM) && json_is_number(v)) ||
	       ((t & RK_OBJ) && json_is_object(v)) || ((t & RK_ARR) && json_is_array(v)) ||
	       ((t & RK_BOOL) && json_is_boolean(v));
}

/* The keys of o against the route's list: 0, or -1 with e. */
static int check_keys(const struct api_route *r, json_t *o, struct api_error *e)
{
	unsigned route = r->row ? r->row->request : 0;
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
	e->exit_code = 0;
	return -1;
}

const char *api_record_kind(json_t *rec)
{
	json_t *r = json_object_get(rec, "record") ? json_object_get(rec, "record") : rec;
	return json_string_value(json_object_get(json_object_get(r, "error"), "kind"));
}
