/* fuzz_report — the child's report on fd 3, which an interpreter's code can
 * write itself, fed arbitrary bytes both as a trusted and as an untrusted
 * writer; and buf_put_escaped, which prints the code's text on a terminal.
 *
 * Checks: the parse never fails outright (a state says what came of it);
 * an untrusted report yields nothing but result, results and an error of
 * exactly the five record keys; the escaped text holds no control
 * character but (multi-line) \n and \t, and is valid UTF-8. */
#include <jansson.h>

#include "util/buf.h"
#include "util/textout.h"
#include "fuzz.h"
#include "core/outcome.h"
#include "core/results.h"
#include "sandbox/report.h"

static void check_error(const json_t *e)
{
	if (!e)
		return;
	FUZZ_CHECK(json_is_object(e) && json_object_size(e) == 5);
	FUZZ_CHECK(json_is_string(json_object_get(e, "name")));
	FUZZ_CHECK(json_is_string(json_object_get(e, "message")));
	FUZZ_CHECK(json_is_string(json_object_get(e, "traceback")));
	json_t *l = json_object_get(e, "line"), *c = json_object_get(e, "column");
	FUZZ_CHECK(json_is_integer(l) || json_is_null(l));
	FUZZ_CHECK(json_is_integer(c) || json_is_null(c));
}

static void check_escaped(const char *data, size_t size, bool multiline)
{
	struct buf b = BUF_INIT;
	buf_put_escaped(&b, data, size, multiline);
	const unsigned char *p = (const unsigned char *)buf_cstr(&b);
	FUZZ_CHECK(fuzz_utf8_valid(p, b.len));
	for (size_t i = 0; i < b.len; i++) {
		FUZZ_CHECK(p[i] >= 0x20 || (multiline && (p[i] == '\n' || p[i] == '\t')));
		FUZZ_CHECK(p[i] != 0x7f);
		FUZZ_CHECK(!(p[i] == 0xc2 && i + 1 < b.len && p[i + 1] >= 0x80 && p[i + 1] < 0xa0));
	}
	if (fuzz_utf8_valid((const unsigned char *)data, size)) {
		bool plain = true;
		for (size_t i = 0; i < size && plain; i++)
			plain = (unsigned char)data[i] >= 0xa0 ||
				((unsigned char)data[i] >= 0x20 && (unsigned char)data[i] < 0x7f);
		if (plain) /* nothing to escape: unchanged */
			FUZZ_CHECK(b.len == size && !memcmp(p, data, size));
	}
	buf_release(&b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *copy = malloc(size ? size : 1); /* exact size: ASan sees overreads */
	if (!copy)
		abort();
	memcpy(copy, data, size);
	for (int trusted = 0; trusted < 2; trusted++) {
		struct report rep;
		report_parse(copy, size, 0, trusted, &rep);
		FUZZ_CHECK(rep.state == (size ? rep.state : REPORT_NONE));
		if (rep.state != REPORT_OK)
			FUZZ_CHECK(!rep.result && !rep.results && !rep.error);
		check_error(rep.error);
		FUZZ_CHECK(!rep.results || json_is_array(rep.results));
		if (rep.results) { /* what the record gets: bounded, sbx's shape */
			json_t *kept = results_bound(rep.results, 64);
			uint64_t kept_bytes = 0;
			size_t i;
			json_t *e;
			FUZZ_CHECK(json_array_size(kept) <= RESULTS_MAX_ITEMS);
			json_array_foreach(kept, i, e)
			{
				FUZZ_CHECK(json_object_size(e) == 5 &&
					   json_is_null(json_object_get(e, "file")) &&
					   results_mime_valid(
					       json_string_value(json_object_get(e, "mime"))));
				kept_bytes += json_string_length(json_object_get(e, "data"));
			}
			FUZZ_CHECK(kept_bytes <= 64);
			json_decref(kept);
		}
		if (!trusted)
			FUZZ_CHECK(rep.status == -1 && rep.syscall_nr == -1 &&
				   rep.memory_peak_kb == 0 && !rep.lowered);
		else
			FUZZ_CHECK(rep.status == -1 || rep.status == STATUS_MEMORY_LIMIT ||
				   rep.status == STATUS_TIMEOUT ||
				   rep.status == STATUS_SYSCALL_BLOCKED);
		report_release(&rep);
	}
	struct report big;
	report_parse(copy, size, 1, false, &big);
	FUZZ_CHECK(big.state == REPORT_TOO_LARGE && !big.result);
	report_release(&big);
	check_escaped(copy, size, false);
	check_escaped(copy, size, true);
	free(copy);
	return 0;
}
