/* request_key_checks — the value checks of the request keys' rows
 * (request_keys.h): what a key's JSON value must be before it fills the
 * request, each message naming the key and an example of a good value. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "core/request_keys.h"
#include "util/util.h"

static int must_be(const char *key, const char *want)
{
	return error("request key \"%s\" must be %s", key, want);
}

int request_key_check_string(const char *key, json_t *v)
{
	if (!json_is_string(v) || strlen(json_string_value(v)) != json_string_length(v))
		return must_be(key, "a string without NUL bytes");
	return 0;
}

int request_key_scalar_text(const char *key, json_t *v, char *out, size_t n)
{
	if (json_is_string(v)) {
		if (json_string_length(v) >= n)
			return must_be(key, "a short string such as \"5s\" or \"256M\"");
		snprintf(out, n, "%s", json_string_value(v));
		return 0;
	}
	if (json_is_integer(v) && json_integer_value(v) > 0) {
		snprintf(out, n, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
		return 0;
	}
	if (json_is_real(v) && json_real_value(v) > 0 && json_real_value(v) < 1e15) {
		snprintf(out, n, "%.3f", json_real_value(v));
		return 0;
	}
	return must_be(key, "a positive number or a string such as \"5s\" or \"256M\"");
}

int request_key_check_scalar(const char *key, json_t *v)
{
	char text[REQUEST_KEY_SCALAR_MAX];
	return request_key_scalar_text(key, v, text, sizeof text);
}

int request_key_check_object(const char *key, json_t *v)
{
	return json_is_object(v) ? 0 : must_be(key, "an object such as {\"x\": 1}");
}

/* Each name and value is checked as it is added (run/request_json.c), so
 * the first bad pair is the one named. */
int request_key_check_pairs(const char *key, json_t *v)
{
	return json_is_object(v)
		   ? 0
		   : must_be(key, "an object of strings such as {\"team\": \"search\"}");
}

int request_key_check_files(const char *key, json_t *v)
{
	return json_is_object(v)
		   ? 0
		   : must_be(key, "an object such as {\"data.csv\": {\"text\": \"a,b\\n\"}}");
}

int request_key_check_bool(const char *key, json_t *v)
{
	return json_is_boolean(v) ? 0 : must_be(key, "true or false");
}

int request_key_check_stdin(const char *key, json_t *v)
{
	return json_is_string(v) ? 0 : must_be(key, "a string: the program's standard input");
}

int request_key_check_id(const char *key, json_t *v)
{
	const char *s = json_string_value(v);
	if (!s || !*s || json_string_length(v) > REQUEST_ID_MAX)
		return must_be(key, "a non-empty string of at most 200 bytes");
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if (*p < 0x20 || *p == 0x7f)
			return must_be(key, "a string without control characters");
	return 0;
}

int request_key_check_args(const char *key, json_t *v)
{
	if (!json_is_array(v))
		return must_be(key, "an array of strings");
	size_t i;
	json_t *a;
	json_array_foreach(v, i, a)
	{
		if (!json_is_string(a) || strlen(json_string_value(a)) != json_string_length(a))
			return error("request key \"%s\": item %zu must be a string without NUL "
				     "bytes",
				     key, i);
	}
	return 0;
}
