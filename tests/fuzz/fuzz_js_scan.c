/* fuzz_js_scan — the JavaScript scanner that decides whether code needs
 * lowering (js_scan) and whether it needs node (js_scan_node_only). It must never fail and never
 * read past len: the input is passed without a NUL terminator on purpose. */
#include "fuzz.h"
#include "engine/js/tokenize.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* An exact-size copy: ASan then flags any read at src[len]. */
	char *src = malloc(size ? size : 1);
	if (!src)
		abort();
	memcpy(src, data, size);
	struct js_scan out;
	js_scan(src, size, &out);
	FUZZ_CHECK((out.feature == NULL) == (out.line == 0));
	FUZZ_CHECK(out.line <= size + 1);
	FUZZ_CHECK((out.runtime & ~(unsigned)JS_RT_ALL) == 0);
	/* node_only: the engine's choice scans with js_scan_node_only, which
	 * stops early; it must find what the full scan finds. */
	FUZZ_CHECK((out.node_only == NULL) == (out.node_only_line == 0));
	FUZZ_CHECK(out.node_only || !out.node_only_syntax);
	struct js_scan only;
	js_scan_node_only(src, size, &only);
	FUZZ_CHECK(only.node_only == out.node_only && only.node_only_line == out.node_only_line &&
		   only.node_only_syntax == out.node_only_syntax);
	free(src);
	return 0;
}
