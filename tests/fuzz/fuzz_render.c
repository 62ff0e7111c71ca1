/* fuzz_render — the output JSON writer fed arbitrary bytes: what the
 * sandboxed code prints goes through json_string_utf8_lossy (util/jsonout) into the
 * result record.
 *
 * Checks: the string is valid UTF-8 (by this file's own validator), valid
 * input comes out unchanged, each bad byte costs at most one U+FFFD, and
 * the JSON text jansson writes for it parses back to the same string. */
#include <jansson.h>

#include "fuzz.h"
#include "util/jsonout.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *copy = malloc(size ? size : 1); /* exact size: ASan sees overreads */
	if (!copy)
		abort();
	memcpy(copy, data, size);
	json_t *s = json_string_utf8_lossy(copy, size);
	FUZZ_CHECK(json_is_string(s));
	const char *v = json_string_value(s);
	size_t n = json_string_length(s);
	FUZZ_CHECK(fuzz_utf8_valid((const unsigned char *)v, n));
	if (fuzz_utf8_valid(data, size))
		FUZZ_CHECK(n == size && !memcmp(v, data, size));
	else
		FUZZ_CHECK(n > 0 && n <= 3 * size);

	char *text = json_dumps(s, JSON_ENCODE_ANY | JSON_COMPACT);
	FUZZ_CHECK(text);
	FUZZ_CHECK(fuzz_utf8_valid((const unsigned char *)text, strlen(text)));
	json_error_t err;
	json_t *back = json_loads(text, JSON_DECODE_ANY | JSON_ALLOW_NUL, &err);
	FUZZ_CHECK(back && json_equal(back, s));
	json_decref(back);
	free(text);

	/* The same inside an object, as the record holds it. */
	json_t *rec = json_pack("{s:O}", "stdout", s);
	FUZZ_CHECK(rec);
	text = json_dumps(rec, JSON_COMPACT);
	FUZZ_CHECK(text);
	back = json_loads(text, JSON_ALLOW_NUL, &err);
	FUZZ_CHECK(back && json_equal(back, rec));
	json_decref(back);
	free(text);
	json_decref(rec);

	json_decref(s);
	free(copy);
	return 0;
}
