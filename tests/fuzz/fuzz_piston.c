/* fuzz_piston — the Piston API's request mapping (src/serve/compat/piston.c,
 * POST /api/v2/execute): any body, as JSON.
 *
 * Properties: a body is either refused with a message (Piston's, non-empty)
 * or mapped to sbx's run request: an object with a known language's name,
 * the code as a string, files as an object of {text|base64: string}, args
 * an array of strings, a timeout string ending in "ms" and a memory an
 * integer, and nothing else. */
#include <jansson.h>
#include <string.h>

#include "core/lang.h"
#include "fuzz.h"
#include "serve/compat/piston.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	json_t *body = json_loadb((const char *)data, size, JSON_DECODE_ANY, NULL);
	if (!body)
		return 0;
	char msg[256] = "";
	json_t *req = piston_request(body, msg, sizeof msg);
	if (!req) {
		FUZZ_CHECK(msg[0] != '\0');
	} else {
		FUZZ_CHECK(json_is_object(req));
		FUZZ_CHECK(lang_by_name(json_string_value(json_object_get(req, "language"))));
		FUZZ_CHECK(json_is_string(json_object_get(req, "code")));
		const char *k;
		json_t *v;
		json_object_foreach(req, k, v)
		{
			if (!strcmp(k, "files")) {
				const char *name;
				json_t *f;
				FUZZ_CHECK(json_is_object(v));
				json_object_foreach(v, name, f)
				{
					FUZZ_CHECK(json_object_size(f) == 1);
					FUZZ_CHECK(json_is_string(json_object_get(f, "text")) ||
						   json_is_string(json_object_get(f, "base64")));
				}
			} else if (!strcmp(k, "args")) {
				size_t i;
				json_t *a;
				FUZZ_CHECK(json_is_array(v));
				json_array_foreach(v, i, a) FUZZ_CHECK(json_is_string(a));
			} else if (!strcmp(k, "timeout")) {
				const char *t = json_string_value(v);
				FUZZ_CHECK(t && strlen(t) > 2 && !strcmp(t + strlen(t) - 2, "ms"));
			} else if (!strcmp(k, "memory")) {
				FUZZ_CHECK(json_is_integer(v) && json_integer_value(v) > 0);
			} else {
				FUZZ_CHECK(!strcmp(k, "language") || !strcmp(k, "code") ||
					   !strcmp(k, "stdin"));
			}
		}
		json_decref(req);
	}
	json_decref(body);
	return 0;
}
