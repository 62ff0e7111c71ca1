/* fuzz_serve_request — the HTTP API's request checks (src/serve/api.c):
 * route and method, query parameters, body (a JSON object, or the NDJSON
 * lines of POST /v1/batch), and the child's job built from them.
 *
 * Input: "METHOD PATH\n" then "key=value&..." query line "\n" then the body.
 * Properties: a route that passes names a deployment or a session only as
 * the stores accept them (never a flag, never a path); an accepted body is
 * a JSON object; a batch has 1..API_BATCH_MAX_LINES requests; every
 * request is a job (a JSON object naming it and its format; a command's
 * settings are [FLAG] or [FLAG, VALUE] pairs of strings, its operands
 * strings); an error always has a status 400..501, a code and a
 * message. */
#include <jansson.h>

#include "fuzz.h"
#include "serve/api.h"
#include "serve/request_plan.h"

static void check_error(const struct api_error *e)
{
	FUZZ_CHECK(e->status >= 400 && e->status <= 501);
	FUZZ_CHECK(e->code && e->message[0]);
	char *j = api_error_json(e);
	json_t *o = json_loads(j, 0, NULL);
	FUZZ_CHECK(o && json_is_string(json_object_get(json_object_get(o, "error"), "message")));
	json_decref(o);
	free(j);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *in = malloc(size + 1);
	memcpy(in, data, size);
	in[size] = '\0';
	char *nl = memchr(in, '\n', size);
	char *qline = nl ? nl + 1 : in + size;
	char *nl2 = nl ? strchr(qline, '\n') : NULL;
	const char *body = nl2 ? nl2 + 1 : "";
	size_t blen = nl2 ? size - (size_t)(nl2 + 1 - in) : 0;
	if (nl)
		*nl = '\0';
	if (nl2)
		*nl2 = '\0';
	char *sp = strchr(in, ' ');
	const char *method = "GET", *path = in;
	if (sp) {
		*sp = '\0';
		method = in;
		path = sp + 1;
	}
	struct api_route r;
	struct api_error e = {0};
	struct api_query q = {0};
	/* Split the query line in place: k=v&k=v. */
	for (char *p = nl2 ? qline : NULL; p && *p && q.n < API_QUERY_MAX;) {
		char *amp = strchr(p, '&');
		if (amp)
			*amp = '\0';
		char *eq = strchr(p, '=');
		if (eq)
			*eq = '\0';
		q.key[q.n] = p;
		q.value[q.n++] = eq ? eq + 1 : NULL;
		p = amp ? amp + 1 : NULL;
	}
	if (api_route(method, path, &r, &e) != 0) {
		check_error(&e);
		goto out;
	}
	FUZZ_CHECK(strlen(r.ref) <= API_REF_MAX);
	FUZZ_CHECK(r.ref[0] != '-'); /* a ref goes on a command line */
	for (const char *c = r.ref; *c; c++)
		FUZZ_CHECK(*c != '/' && !(c[0] == '.' && c[1] == '.'));
	if (api_check_query(&r, &q, &e) != 0) {
		check_error(&e);
		goto out;
	}
	json_t *b = NULL;
	if (r.op == API_BATCH) {
		/* NDJSON: counted and bounded, never parsed here. */
		long n = api_check_batch(body, blen, &e);
		if (n < 0) {
			check_error(&e);
			goto out;
		}
		FUZZ_CHECK(n >= 1 && n <= API_BATCH_MAX_LINES);
	} else if (r.has_body) {
		b = api_parse_body(&r, body, blen, &e);
		if (!b) {
			check_error(&e);
			goto out;
		}
		FUZZ_CHECK(json_is_object(b));
	}
	if (r.spawns) {
		struct request_plan c;
		if (request_plan_build(&r, b, &q, "json", "/state", NULL, &c, &e) == 0) {
			FUZZ_CHECK(json_is_object(c.job));
			FUZZ_CHECK(json_is_string(json_object_get(c.job, "job")));
			FUZZ_CHECK(json_is_string(json_object_get(c.job, "format")));
			size_t i;
			json_t *v;
			json_array_foreach(json_object_get(c.job, "settings"), i, v)
			{
				const char *flag = json_string_value(json_array_get(v, 0));
				FUZZ_CHECK(flag && flag[0] == '-');
				FUZZ_CHECK(json_array_size(v) == 1 ||
					   (json_array_size(v) == 2 &&
					    json_is_string(json_array_get(v, 1))));
			}
			json_array_foreach(json_object_get(c.job, "operands"), i, v)
			    FUZZ_CHECK(json_string_value(v) && json_string_value(v)[0] &&
				       json_string_value(v)[0] != '-');
		} else {
			check_error(&e);
		}
		request_plan_release(&c);
	}
	json_decref(b);
out:
	free(in);
	return 0;
}
