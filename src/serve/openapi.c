/* openapi — the OpenAPI document made from the tables (openapi.h). */
#include "serve/openapi.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/request_keys.h"
#include "openapi_in_gen.h"
#include "serve/routes.h"

static json_t *fail(char *err, size_t n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static json_t *fail(char *err, size_t n, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, n, fmt, ap);
	va_end(ap);
	return NULL;
}

static const char *param_kind_name(enum route_param p)
{
	switch (p) {
	case ROUTE_DEPLOYMENT: return "deployment";
	case ROUTE_SESSION: return "session";
	case ROUTE_RUN_ID: return "run";
	default: return NULL;
	}
}

/* A path's parameters: its {name} segment, described by the template's
 * x-path-parameters for the row's kind. */
static json_t *path_parameters(const struct route_row *r, json_t *t, char *err, size_t n)
{
	json_t *p =
	    json_object_get(json_object_get(t, "x-path-parameters"), param_kind_name(r->param));
	const char *open = strchr(r->path, '{'), *close = open ? strchr(open, '}') : NULL;
	if (!json_is_object(p) || !close)
		return fail(err, n,
			    "%s: docs/openapi.in.json's x-path-parameters has no \"%s\" (or the "
			    "path no {name})",
			    r->path, param_kind_name(r->param));
	json_t *one = json_deep_copy(p);
	json_object_set_new(one, "name", json_stringn(open + 1, (size_t)(close - open - 1)));
	/* "name" first, as OpenAPI's examples write it */
	json_t *ordered = json_pack("{s:O}", "name", json_object_get(one, "name"));
	json_object_update_missing(ordered, one);
	json_decref(one);
	return json_pack("[o]", ordered);
}

/* The row's query parameters, in its order, each described by the
 * template's entry; the template's other (header) parameters after. */
static json_t *query_parameters(const struct route_row *r, const char *op, json_t *doc, char *err,
				size_t n)
{
	json_t *list = json_array(), *described = json_object_get(doc, "parameters");
	for (const char *const *q = r->query; *q; q++) {
		json_t *d = json_object_get(described, *q);
		if (!json_is_object(d) ||
		    strcmp(json_string_value(json_object_get(d, "in")), "query")) {
			json_decref(list);
			return fail(err, n,
				    "%s takes the query parameter '%s' (serve/routes.c) and "
				    "docs/openapi.in.json does not describe it",
				    op, *q);
		}
		json_t *one = json_pack("{s:s}", "name", *q);
		json_object_update(one, d);
		json_array_append_new(list, one);
	}
	const char *name;
	json_t *d;
	json_object_foreach(described, name, d)
	{
		bool taken = false;
		for (const char *const *q = r->query; *q; q++)
			taken |= !strcmp(*q, name);
		const char *in = json_string_value(json_object_get(d, "in"));
		if (!taken && in && !strcmp(in, "query")) {
			json_decref(list);
			return fail(
			    err, n,
			    "docs/openapi.in.json describes the query parameter '%s' of %s, "
			    "which serve/routes.c's row does not take",
			    name, op);
		}
		if (!taken) {
			json_t *one = json_pack("{s:s}", "name", name);
			json_object_update(one, d);
			json_array_append_new(list, one);
		}
	}
	return list;
}

static json_t *operation(const struct route_row *r, json_t *t, char *err, size_t n)
{
	char op[160];
	snprintf(op, sizeof op, "%s %s", r->method, r->path);
	json_t *doc = json_object_get(json_object_get(t, "x-operations"), op);
	if (!json_is_object(doc))
		return fail(err, n, "docs/openapi.in.json has no x-operations entry \"%s\"", op);
	json_t *o = json_pack("{s:s}", "summary", r->summary);
	json_t *v = json_object_get(doc, "description");
	if (v)
		json_object_set(o, "description", v);
	json_t *params = query_parameters(r, op, doc, err, n);
	if (!params) {
		json_decref(o);
		return NULL;
	}
	if (json_array_size(params))
		json_object_set_new(o, "parameters", params);
	else
		json_decref(params);
	if (r->request)
		json_object_set_new(o, "requestBody",
				    json_pack("{s:b, s:{s:{s:o}}}", "required", 1, "content",
					      "application/json", "schema",
					      request_keys_schema(r->request, false)));
	else if ((v = json_object_get(doc, "requestBody")))
		json_object_set(o, "requestBody", v);
	json_object_set(o, "responses", json_object_get(doc, "responses"));
	if (r->compat)
		json_object_set_new(o, "x-sbx-compat",
				    json_string(compat_api_of(r->compat)->option));
	return o;
}

json_t *openapi_build(json_t *t, char *err, size_t n)
{
	json_t *doc = json_object(), *paths = json_object();
	const char *k;
	json_t *v;
	json_object_foreach(t, k, v) if (strncmp(k, "x-", 2)) json_object_set(doc, k, v);
	for (size_t i = 0; i < routes_count; i++) {
		const struct route_row *r = &routes[i];
		if (r->param == ROUTE_REST)
			continue; /* another API's own paths (E2B's): its documents */
		json_t *item = json_object_get(paths, r->path);
		if (!item) {
			item = json_object();
			json_object_set_new(paths, r->path, item);
			if (r->param != ROUTE_NO_PARAM) {
				json_t *pp = path_parameters(r, t, err, n);
				if (!pp)
					goto fail;
				json_object_set_new(item, "parameters", pp);
			}
		}
		char method[16];
		snprintf(method, sizeof method, "%s", r->method);
		for (char *c = method; *c; c++)
			*c = (char)(*c - 'A' + 'a');
		json_t *o = operation(r, t, err, n);
		if (!o)
			goto fail;
		json_object_set_new(item, method, o);
	}
	/* every operation the template describes is a route */
	json_object_foreach(json_object_get(t, "x-operations"), k, v)
	{
		char method[16], path[160];
		if (sscanf(k, "%15s %159s", method, path) != 2)
			goto unknown;
		for (char *c = method; *c; c++)
			*c = (char)(*c - 'A' + 'a');
		if (!json_object_get(json_object_get(paths, path), method))
			goto unknown;
		continue;
	unknown:
		fail(err, n,
		     "docs/openapi.in.json describes \"%s\", which no row of serve/routes.c "
		     "serves",
		     k);
		goto fail;
	}
	json_object_set_new(doc, "paths", paths);
	return doc;
fail:
	json_decref(paths);
	json_decref(doc);
	return NULL;
}

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char *text;
static char text_err[300];

static void build_once(void)
{
	json_error_t je;
	json_t *t = json_loads(openapi_in_json, 0, &je);
	if (!t) {
		snprintf(text_err, sizeof text_err, "docs/openapi.in.json: %s (line %d)", je.text,
			 je.line);
		return;
	}
	json_t *doc = openapi_build(t, text_err, sizeof text_err);
	json_decref(t);
	if (doc)
		text = json_dumps(doc, JSON_INDENT(1));
	json_decref(doc);
}

const char *openapi_text(char *err, size_t n)
{
	pthread_once(&once, build_once);
	if (!text)
		snprintf(err, n, "%s", *text_err ? text_err : "out of memory");
	return text;
}
