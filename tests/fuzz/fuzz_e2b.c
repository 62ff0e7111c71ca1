/* fuzz_e2b — what sbx serve --compat e2b parses of outside input
 * (src/serve/compat/e2b_wire.c, e2b.c): a files.write multipart body, a
 * Connect envelope, POST /execute's and /v2/sandboxes' bodies, a path, and
 * an event line turned into E2B's lines. The first byte picks the parser.
 *
 * Properties: a multipart body gives at most the parts asked for, each
 * inside the body with a non-empty name, or a message; an envelope's
 * message lies inside the body; a mapped request is an object with the
 * code (or a language and no network) or a message; a mapped path never
 * starts with '/' nor ends with one; every E2B line made
 * is one JSON object with a "type", and a record ends the execution. */
#include <jansson.h>
#include <string.h>

#include "fuzz.h"
#include "serve/compat/e2b.h"
#include "serve/compat/e2b_wire.h"

static void multipart(const char *d, size_t n)
{
	/* The Content-Type comes first, up to a NUL. */
	const char *nul = memchr(d, '\0', n);
	if (!nul)
		return;
	char boundary[80], msg[256] = "";
	if (e2b_multipart_boundary(d, boundary, sizeof boundary, msg, sizeof msg) != 0) {
		FUZZ_CHECK(msg[0] != '\0');
		return;
	}
	const char *body = nul + 1;
	size_t len = n - (size_t)(body - d);
	static struct e2b_part parts[4];
	int k = e2b_multipart_files(boundary, body, len, parts, 4, msg, sizeof msg);
	if (k < 0) {
		FUZZ_CHECK(msg[0] != '\0');
		return;
	}
	FUZZ_CHECK(k <= 4);
	for (int i = 0; i < k; i++) {
		FUZZ_CHECK(parts[i].filename[0] != '\0');
		FUZZ_CHECK(parts[i].data >= body && parts[i].data + parts[i].len <= body + len);
	}
}

static void envelope(const char *d, size_t n)
{
	const char *m;
	size_t ml;
	char why[256] = "";
	if (e2b_connect_unwrap(d, n, &m, &ml, why, sizeof why) != 0) {
		FUZZ_CHECK(why[0] != '\0');
		return;
	}
	FUZZ_CHECK(m == d + 5 && ml <= n - 5);
	struct buf b;
	buf_init(&b, 1u << 20);
	e2b_connect_frame(&b, 0, m, ml);
	const char *m2;
	size_t ml2;
	FUZZ_CHECK(e2b_connect_unwrap(b.data, b.len, &m2, &ml2, why, sizeof why) == 0);
	FUZZ_CHECK(ml2 == ml && !memcmp(m2, m, ml));
	buf_release(&b);
}

static void requests(const char *d, size_t n)
{
	json_t *body = json_loadb(d, n, 0, NULL);
	char lang[32], msg[256] = "";
	json_t *ex = body ? e2b_exec_request(body, lang, sizeof lang, msg, sizeof msg) : NULL;
	if (body && !ex)
		FUZZ_CHECK(msg[0] != '\0');
	if (ex) {
		FUZZ_CHECK(json_is_string(json_object_get(ex, "code")));
		FUZZ_CHECK(e2b_language(lang) != NULL);
	}
	msg[0] = '\0';
	json_t *cr = body ? e2b_create_request(body, msg, sizeof msg) : NULL;
	if (body && !cr)
		FUZZ_CHECK(msg[0] != '\0');
	if (cr)
		FUZZ_CHECK(json_is_string(json_object_get(cr, "language")));
	json_decref(ex);
	json_decref(cr);
	json_decref(body);
}

static void path(const char *d, size_t n)
{
	char s[512], out[256], msg[512] = "";
	if (n >= sizeof s || memchr(d, '\0', n))
		return;
	memcpy(s, d, n);
	s[n] = '\0';
	const char *p = e2b_workspace_path(s, out, sizeof out, msg, sizeof msg);
	if (!p) {
		FUZZ_CHECK(msg[0] != '\0');
		return;
	}
	FUZZ_CHECK(p[0] != '/');
	FUZZ_CHECK(strlen(p) == 0 || p[strlen(p) - 1] != '/');
}

static void lines(const char *d, size_t n)
{
	struct buf out;
	buf_init(&out, 1u << 24);
	bool ended = e2b_exec_line(d, n, "python", &out);
	size_t start = 0;
	bool saw_end = false;
	while (start < out.len) {
		char *nl = memchr(out.data + start, '\n', out.len - start);
		FUZZ_CHECK(nl != NULL);
		json_t *l = json_loadb(out.data + start, (size_t)(nl - out.data) - start, 0, NULL);
		FUZZ_CHECK(json_is_string(json_object_get(l, "type")));
		saw_end |=
		    !strcmp(json_string_value(json_object_get(l, "type")), "end_of_execution");
		json_decref(l);
		start = (size_t)(nl - out.data) + 1;
	}
	FUZZ_CHECK(ended == saw_end);
	buf_reset(&out);
	bool started = false;
	e2b_process_line(d, n, &started, &out);
	FUZZ_CHECK(started);
	buf_release(&out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	const char *d = (const char *)data + 1;
	size_t n = size - 1;
	switch (data[0] % 5) {
	case 0: multipart(d, n); break;
	case 1: envelope(d, n); break;
	case 2: requests(d, n); break;
	case 3: path(d, n); break;
	default: lines(d, n); break;
	}
	return 0;
}
