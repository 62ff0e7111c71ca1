/* Unit tests: the route table (serve/routes.c) drives dispatch, the
 * 404/405 answers and the OpenAPI document (serve/openapi.c), and the
 * document cannot drift from the tables: a template that misses a route's
 * operation or query parameter, or describes one no row has, is refused.
 * Run from the source tree's root, as make test and make valgrind do. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "core/request_keys.h"
#include "serve/api.h"
#include "serve/openapi.h"
#include "serve/routes.h"

/* The row's path with its parameter filled in, a valid one. */
static void sample_path(const struct route_row *r, char *out, size_t n)
{
	const char *open = strchr(r->path, '{');
	if (r->param == ROUTE_REST) {
		snprintf(out, n, "%.*sv2/sandboxes", (int)(strlen(r->path) - 1), r->path);
		return;
	}
	if (!open) {
		snprintf(out, n, "%s", r->path);
		return;
	}
	snprintf(out, n, "%.*s%s%s", (int)(open - r->path), r->path,
		 r->param == ROUTE_DEPLOYMENT ? "hello@2" : "abc", strchr(open, '}') + 1);
}

static void test_every_row_dispatches_to_itself(void **state)
{
	(void)state;
	for (size_t i = 0; i < routes_count; i++) {
		char path[160];
		sample_path(&routes[i], path, sizeof path);
		struct api_route r;
		struct api_error e = {0};
		const char *method = strcmp(routes[i].method, "*") ? routes[i].method : "PATCH";
		if (api_route(method, path, &r, &e))
			fail_msg("%s %s: %d %s", routes[i].method, path, e.status, e.message);
		assert_ptr_equal(r.row, &routes[i]);
		assert_int_equal(r.op, routes[i].op);
		assert_int_equal(r.compat, routes[i].compat);
		assert_int_equal(r.has_body, (routes[i].flags & ROUTE_BODY) != 0);
		if (routes[i].param == ROUTE_REST)
			assert_string_equal(r.ref, "PATCH /v2/sandboxes"); /* E2B's handler's */
		else if (routes[i].param != ROUTE_NO_PARAM)
			assert_string_equal(r.ref, routes[i].param == ROUTE_DEPLOYMENT ? "hello@2"
										       : "abc");
		/* each (method, path) is one row */
		for (size_t j = 0; j < i; j++)
			assert_false(!strcmp(routes[i].method, routes[j].method) &&
				     !strcmp(routes[i].path, routes[j].path));
	}
}

static void test_404_405_and_parameters(void **state)
{
	(void)state;
	struct api_route r;
	struct api_error e = {0};
	assert_int_equal(api_route("GET", "/v1/nothing", &r, &e), -1);
	assert_int_equal(e.status, 404);
	assert_non_null(strstr(e.message, "no such route"));
	assert_int_equal(api_route("PATCH", "/v1/sessions/abc/files", &r, &e), -1);
	assert_int_equal(e.status, 405);
	assert_non_null(strstr(e.message, "use GET,PUT,DELETE"));
	assert_int_equal(api_route("PUT", "/v1/deployments", &r, &e), -1);
	assert_non_null(strstr(e.message, "use GET,POST"));
	assert_int_equal(api_route("GET", "/v1/deployments/", &r, &e), -1);
	assert_int_equal(e.status, 400);
	assert_string_equal(e.code, "bad_name");
	assert_int_equal(api_route("GET", "/v1/runs/a/b", &r, &e), -1);
	assert_int_equal(e.status, 404);
	assert_int_equal(api_route("GET", "/v1/run", &r, &e), -1);
	assert_int_equal(e.status, 405);
	/* POST /v1/batch's parameters: its own jobs and shard, and the lines'
	 * defaults the request keys' table marks RK_BATCH (the remote client
	 * sends those flags by the same table) */
	const char *const *q = NULL;
	for (size_t i = 0; i < routes_count; i++)
		if (routes[i].op == API_BATCH)
			q = routes[i].query;
	assert_non_null(q);
	size_t nq = 0, batch_keys = 0;
	for (; q[nq]; nq++) {
		const struct request_key *k = request_key_find(q[nq]);
		assert_true(!strcmp(q[nq], "jobs") || !strcmp(q[nq], "shard") ||
			    (k && (k->routes & RK_BATCH)));
	}
	for (const struct request_key *k = request_keys; k->key; k++)
		batch_keys += (k->routes & RK_BATCH) != 0;
	assert_int_equal(nq, batch_keys + 2);
	/* the table's compat APIs and their prefixes */
	assert_int_equal(compat_api_of_path("/api/v2/execute")->bit, SERVE_COMPAT_PISTON);
	assert_null(compat_api_of_path("/v1/run"));
	assert_int_equal(compat_api_named("sre")->bit, SERVE_COMPAT_SRE);
	char list[64];
	compat_api_list(list, sizeof list);
	assert_string_equal(list, "piston, sre and e2b");
	/* another API's paths: any method, its own path as the ref, bounded */
	assert_int_equal(api_route("GET", "/e2b/files", &r, &e), 0);
	assert_string_equal(r.ref, "GET /files");
	char longpath[200];
	snprintf(longpath, sizeof longpath, "/e2b/%0100d", 0);
	assert_int_equal(api_route("GET", longpath, &r, &e), -1);
	assert_int_equal(e.status, 404);
	char path[128];
	assert_string_equal(route_path(API_EXEC, "x@1", path, sizeof path),
			    "/v1/deployments/x@1/executions");
	assert_string_equal(route_path(API_SESSION_LIST, NULL, path, sizeof path), "/v1/sessions");
}

static json_t *template(void)
{
	json_error_t je;
	json_t *t = json_load_file("docs/openapi.in.json", 0, &je);
	if (!t)
		fail_msg("cannot read docs/openapi.in.json (run from the source tree): %s",
			 je.text);
	return t;
}

static void test_document_from_the_tables(void **state)
{
	(void)state;
	char err[300] = "";
	json_t *t = template();
	json_t *doc = openapi_build(t, err, sizeof err);
	if (!doc)
		fail_msg("%s", err);
	json_t *paths = json_object_get(doc, "paths");
	size_t ops = 0;
	for (size_t i = 0; i < routes_count; i++) {
		if (routes[i].param == ROUTE_REST)
			continue; /* not in sbx's document */
		char method[16];
		snprintf(method, sizeof method, "%s", routes[i].method);
		for (char *c = method; *c; c++)
			*c = (char)(*c - 'A' + 'a');
		json_t *o = json_object_get(json_object_get(paths, routes[i].path), method);
		if (!o)
			fail_msg("%s %s is not documented", routes[i].method, routes[i].path);
		ops++;
		size_t nq = 0;
		for (const char *const *q = routes[i].query; *q; q++)
			nq++;
		size_t documented = 0, k;
		json_t *p;
		json_array_foreach(json_object_get(o, "parameters"), k, p) documented +=
		    !strcmp(json_string_value(json_object_get(p, "in")), "query");
		assert_int_equal(documented, nq);
		if (routes[i].request) {
			json_t *want = request_keys_schema(routes[i].request, false);
			json_t *got = json_object_get(
			    json_object_get(
				json_object_get(json_object_get(o, "requestBody"), "content"),
				"application/json"),
			    "schema");
			assert_true(json_equal(want, got));
			json_decref(want);
		}
	}
	const char *path;
	json_t *item;
	size_t documented_ops = 0;
	json_object_foreach(paths, path, item) documented_ops +=
	    json_object_size(item) - (json_object_get(item, "parameters") != NULL);
	assert_int_equal(documented_ops, ops);
	json_decref(doc);

	/* the template without one operation's entry: refused, named */
	json_object_del(json_object_get(t, "x-operations"), "GET /v1/ready");
	assert_null(openapi_build(t, err, sizeof err));
	assert_non_null(strstr(err, "GET /v1/ready"));
	json_decref(t);

	/* describing a query parameter no row takes: refused */
	t = template();
	json_object_set_new(
	    json_object_get(json_object_get(json_object_get(t, "x-operations"), "GET /v1/stats"),
			    "parameters"),
	    "bogus", json_pack("{s:s}", "in", "query"));
	assert_null(openapi_build(t, err, sizeof err));
	assert_non_null(strstr(err, "bogus"));
	json_decref(t);

	/* an operation no row serves: refused */
	t = template();
	json_object_set_new(json_object_get(t, "x-operations"), "GET /v1/gone",
			    json_pack("{s:{}}", "responses"));
	assert_null(openapi_build(t, err, sizeof err));
	assert_non_null(strstr(err, "/v1/gone"));
	json_decref(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_every_row_dispatches_to_itself),
	    cmocka_unit_test(test_404_405_and_parameters),
	    cmocka_unit_test(test_document_from_the_tables),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
