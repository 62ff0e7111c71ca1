/* fuzz_markdown — code taken from the fenced blocks of Markdown (an LLM's
 * reply) by markdown_extract.
 *
 * Byte 0 picks the wanted language (or none, from the fences), byte 1 the
 * block (0: all of that language); the rest is the text, without a NUL
 * terminator. Checks: a result is NUL-terminated at *code_len and made of
 * the input's bytes plus at most one joining newline per block. */
#include "fuzz.h"
#include "core/lang.h"
#include "core/markdown.h"

#define MAX_BLOCKS 256 /* markdown.c's limit */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 2)
		return 0;
	unsigned pick = data[0] % (LANG_COUNT + 1);
	const struct lang *want = pick < LANG_COUNT ? lang_get((enum lang_id)pick) : NULL;
	unsigned block = data[1] % 8;
	size_t len = size - 2;
	char *text = malloc(len ? len : 1);
	if (!text)
		abort();
	memcpy(text, data + 2, len);

	const struct lang *got = (const struct lang *)1; /* must be overwritten */
	size_t code_len = (size_t)-1;
	json_t *report = (json_t *)1; /* must be overwritten */
	char *code = markdown_extract(text, len, want, block, &got, &code_len, &report);
	FUZZ_CHECK(report != (json_t *)1);
	FUZZ_CHECK(!code == !report);
	json_decref(report);
	if (code) {
		FUZZ_CHECK(code_len <= len + MAX_BLOCKS);
		FUZZ_CHECK(code[code_len] == '\0');
		if (!block && want)
			FUZZ_CHECK(got == want);
	}
	FUZZ_CHECK(got != (const struct lang *)1);
	free(code);
	free(text);
	return 0;
}
