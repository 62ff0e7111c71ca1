/* Unit tests: the request keys' table (core/request_keys.c) is what the
 * HTTP API documents: for each route, docs/openapi.json's request schema
 * has exactly the table's keys, their types and the required ones. Run
 * from the source tree's root, as make test and make valgrind do. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "core/request_keys.h"
#include "mcp/tools.h"
#include "run/runopt.h"

static const struct {
	const char *path;
	unsigned route;
} routes[] = {
    {"/v1/run", RK_RUN},
    {"/v1/prepare", RK_PREPARE},
    {"/v1/deployments", RK_DEPLOY},
    {"/v1/deployments/{ref}/executions", RK_EXEC},
    {"/v1/sessions", RK_SESSION_CREATE},
    {"/v1/sessions/{ref}/executions", RK_SESSION_EXEC},
};

static json_t *schema_of(json_t *doc, const char *path)
{
	json_t *s = json_object_get(json_object_get(doc, "paths"), path);
	s = json_object_get(json_object_get(s, "post"), "requestBody");
	s = json_object_get(json_object_get(json_object_get(s, "content"), "application/json"),
			    "schema");
	const char *ref = json_string_value(json_object_get(s, "$ref"));
	if (ref && !strncmp(ref, "#/components/schemas/", 21))
		s = json_object_get(json_object_get(json_object_get(doc, "components"), "schemas"),
				    ref + 21);
	return s;
}

/* The JSON types a schema property allows, as the table's mask. */
static int schema_types(json_t *prop)
{
	json_t *t = json_object_get(prop, "type");
	int mask = 0;
	size_t i;
	json_t *one;
	json_t *list = json_is_array(t) ? t : json_pack("[O]", t);
	json_array_foreach(list, i, one)
	{
		const char *n = json_string_value(one);
		mask |= !n						? 0
			: !strcmp(n, "string")				? RK_STR
			: !strcmp(n, "number") || !strcmp(n, "integer") ? RK_NUM
			: !strcmp(n, "object")				? RK_OBJ
			: !strcmp(n, "array")				? RK_ARR
			: !strcmp(n, "boolean")				? RK_BOOL
									: 0;
	}
	if (list != t)
		json_decref(list);
	return mask;
}

static void test_openapi_matches_the_table(void **state)
{
	(void)state;
	json_error_t je;
	json_t *doc = json_load_file("docs/openapi.json", 0, &je);
	if (!doc)
		fail_msg("cannot read docs/openapi.json (run from the source tree): %s", je.text);
	for (size_t r = 0; r < sizeof routes / sizeof routes[0]; r++) {
		json_t *s = schema_of(doc, routes[r].path);
		if (!json_is_object(s))
			fail_msg("%s: no JSON request schema", routes[r].path);
		json_t *props = json_object_get(s, "properties"),
		       *req = json_object_get(s, "required");
		const char *k;
		json_t *p;
		json_object_foreach(props, k, p)
		{
			const struct request_key *row = request_key_find(k);
			if (!row || !(row->routes & routes[r].route))
				fail_msg("%s documents '%s', which the table does not give it",
					 routes[r].path, k);
			if (schema_types(p) != row->types)
				fail_msg("%s: '%s' is documented as types %d, the table says %d",
					 routes[r].path, k, schema_types(p), row->types);
		}
		for (const struct request_key *row = request_keys; row->key; row++) {
			if ((row->routes & routes[r].route) && !json_object_get(props, row->key))
				fail_msg("%s takes '%s' and does not document it", routes[r].path,
					 row->key);
			bool documented = false;
			size_t i;
			json_t *one;
			json_array_foreach(req, i, one) documented |=
			    !strcmp(json_string_value(one), row->key);
			if (documented != ((row->required & routes[r].route) != 0))
				fail_msg(
				    "%s: '%s' is %srequired in the table and %s in the document",
				    routes[r].path, row->key,
				    row->required & routes[r].route ? "" : "not ",
				    documented ? "required" : "not required");
		}
	}
	json_decref(doc);
}

/* sbx mcp's tools: each argument is a request key of the tool's route,
 * with the table's types, or the tool's own (which deployment, which
 * session). */
static void test_mcp_tools_match_the_table(void **state)
{
	(void)state;
	static const struct {
		const char *tool;
		unsigned route;
		const char *own;
	} tools[] = {
	    {"run_code", RK_RUN, ""},
	    {"prepare_code", RK_PREPARE, ""},
	    {"exec_deployment", RK_EXEC, "deployment"},
	    {"create_session", RK_SESSION_CREATE, ""},
	    {"exec_in_session", RK_SESSION_EXEC, "session"},
	};
	json_t *all = mcp_tools_list(), *list = json_object_get(all, "tools");
	size_t i, checked = 0;
	json_t *t;
	json_array_foreach(list, i, t)
	{
		const char *name = json_string_value(json_object_get(t, "name"));
		for (size_t j = 0; j < sizeof tools / sizeof tools[0]; j++) {
			if (strcmp(name, tools[j].tool))
				continue;
			checked++;
			const char *k;
			json_t *p;
			json_object_foreach(
			    json_object_get(json_object_get(t, "inputSchema"), "properties"), k, p)
			{
				if (!strcmp(k, tools[j].own))
					continue;
				const struct request_key *row = request_key_find(k);
				if (!row || !(row->routes & tools[j].route))
					fail_msg("MCP %s takes '%s', which the table does not give "
						 "%s",
						 name, k, request_route_name(tools[j].route));
				if (schema_types(p) != row->types)
					fail_msg("MCP %s: '%s' has types %d, the table says %d",
						 name, k, schema_types(p), row->types);
			}
		}
	}
	assert_int_equal(checked, sizeof tools / sizeof tools[0]);
	json_decref(all);
}

static void test_lookup_and_list(void **state)
{
	(void)state;
	assert_non_null(request_key_find("timeout"));
	assert_string_equal(request_key_find("timeout")->flag, "--timeout");
	assert_null(request_key_find("no_such_key"));
	assert_null(request_key_find(NULL));
	char list[400];
	request_key_list(RK_PREPARE, list, sizeof list);
	assert_string_equal(list, "code, language and engine");
	request_key_list(RK_SESSION_CREATE, list, sizeof list);
	assert_string_equal(list, "language, name, memory, disk, ttl and idle");
	/* every row is taken somewhere, and what a route needs it takes */
	for (const struct request_key *k = request_keys; k->key; k++) {
		assert_true(k->routes != 0);
		assert_true((k->required & ~k->routes) == 0);
	}
}

/* Every key of a request file fills the request one way (its row's fill),
 * and a key filled through a flag names one run has: a new key is one row,
 * and a row that names no filler or a flag run lacks fails here. */
static void test_every_request_file_key_fills(void **state)
{
	(void)state;
	for (const struct request_key *k = request_keys; k->key; k++) {
		bool line = (k->routes & RK_LINE) != 0;
		if (line != (k->fill != RK_FILL_NONE))
			fail_msg("'%s': a request file's key needs a fill, and only it", k->key);
		switch (k->fill) {
		case RK_FILL_FLAG:
		case RK_FILL_FLAG_SCALAR:
		case RK_FILL_FLAG_JSON:
		case RK_FILL_FLAG_PAIRS:
		case RK_FILL_FLAG_FILE:
		case RK_FILL_FLAG_FILES:
			if (!runopt_id_of_flag(k->flag))
				fail_msg("'%s' fills through %s, which run does not take", k->key,
					 k->flag ? k->flag : "no flag");
			assert_non_null(k->check);
			break;
		default:
			if (k->fill != RK_FILL_NONE && !k->check)
				fail_msg("'%s': a request file's key needs its check", k->key);
			break;
		}
	}
	/* --remote session create sends a flag as the key whose flag it is */
	assert_string_equal(request_key_by_flag("memory", RK_SESSION_CREATE)->key, "memory");
	assert_string_equal(request_key_by_flag("label", RK_RUN)->key, "labels");
	assert_null(request_key_by_flag("timeout", RK_SESSION_CREATE));
	assert_null(request_key_by_flag(NULL, RK_RUN));
	assert_int_equal(runopt_id_of_flag("--max-output"), RO_MAX_OUTPUT);
	assert_int_equal(runopt_id_of_flag("-m"), RO_MEMORY);
	assert_int_equal(runopt_id_of_flag("--no-such-flag"), 0);
	assert_int_equal(runopt_id_of_flag(NULL), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_openapi_matches_the_table),
	    cmocka_unit_test(test_mcp_tools_match_the_table),
	    cmocka_unit_test(test_lookup_and_list),
	    cmocka_unit_test(test_every_request_file_key_fills),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
