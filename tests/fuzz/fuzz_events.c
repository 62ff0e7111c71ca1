/* fuzz_events — GET /v1/events's query (src/serve/events_query.c), the
 * filter (src/state/events_follow.c) and the text line of an event
 * (src/render/render_events.c), which sbx --remote prints for whatever a
 * server sends.
 *
 * Input: "key=value&..." query line "\n" then one JSON event.
 * Properties: an error has status 400, a code and a message; the text of
 * any JSON object is exactly one line: no control character (ESC, CR,
 * C1...) but its final newline. */
#include <jansson.h>

#include "fuzz.h"
#include "render/render_events.h"
#include "serve/events_query.h"

static void check_line(const struct buf *b)
{
	FUZZ_CHECK(b->len > 0 && b->data[b->len - 1] == '\n');
	for (size_t i = 0; i + 1 < b->len; i++) {
		unsigned char c = (unsigned char)b->data[i];
		FUZZ_CHECK(c >= 0x20 && c != 0x7f);
		/* C1 controls arrive as U+0080..U+009F: 0xC2 0x80..0x9F. */
		FUZZ_CHECK(!(c == 0xc2 && i + 2 < b->len && (unsigned char)b->data[i + 1] >= 0x80 &&
			     (unsigned char)b->data[i + 1] <= 0x9f));
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *in = malloc(size + 1);
	memcpy(in, data, size);
	in[size] = '\0';
	char *nl = memchr(in, '\n', size);
	const char *json = nl ? nl + 1 : "";
	size_t jlen = nl ? size - (size_t)(nl + 1 - in) : 0;
	if (nl)
		*nl = '\0';
	struct api_query q = {0};
	for (char *p = in; *p && q.n < API_QUERY_MAX;) {
		char *amp = strchr(p, '&');
		if (amp)
			*amp = '\0';
		char *eq = strchr(p, '=');
		if (eq)
			*eq = '\0';
		q.key[q.n] = p;
		q.value[q.n++] = eq ? eq + 1 : NULL;
		if (!amp)
			break;
		p = amp + 1;
	}
	struct events_query eq;
	struct api_error e = {0};
	int rc = events_query_parse(&eq, &q, &e);
	if (rc != 0)
		FUZZ_CHECK(e.status == 400 && e.code && e.message[0]);
	json_t *ev = json_loadb(json, jlen, 0, NULL);
	if (json_is_object(ev)) {
		(void)events_filter_match(rc == 0 ? &eq.f : NULL, ev);
		struct buf b = BUF_INIT;
		render_event_line(&b, ev);
		check_line(&b);
		buf_release(&b);
	}
	json_decref(ev);
	events_query_release(&eq);
	free(in);
	return 0;
}
