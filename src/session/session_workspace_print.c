/* session_workspace_print — what the files API shows: a listing as text
 * or JSON (sbx session files ls, here and with --remote) and a file's
 * Content-Type by its extension (the HTTP route, MCP's image content).
 * May call: util, libc. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "session/session.h"
#include "util/textout.h"
#include "util/util.h"

void session_ws_print_listing(json_t *l, bool json)
{
	if (json) {
		char *s = json_dumps(l, JSON_COMPACT | JSON_ENSURE_ASCII);
		puts(s);
		free(s);
		return;
	}
	size_t i;
	json_t *e;
	json_array_foreach(json_object_get(l, "entries"), i, e)
	{
		const char *type = json_string_value(json_object_get(e, "type"));
		text_printf(stdout, "%-9s  %s  %12lld  %s  %s%s\n", type,
			    json_string_value(json_object_get(e, "mode")),
			    (long long)json_integer_value(json_object_get(e, "size")),
			    json_string_value(json_object_get(e, "mtime")),
			    json_string_value(json_object_get(e, "name")),
			    !strcmp(type, "directory") ? "/" : "");
	}
	if (json_is_true(json_object_get(l, "truncated")))
		warning("the listing stops at %d entries: list a directory below",
			SESSION_WS_LIST_MAX);
	if (json_object_get(l, "unlisted_names"))
		warning("%lld names that are not printable UTF-8 are not listed: rename them from "
			"code",
			(long long)json_integer_value(json_object_get(l, "unlisted_names")));
}

const char *session_ws_content_type(const char *path)
{
	static const char *const types[][2] = {
	    {"txt", "text/plain; charset=utf-8"},
	    {"md", "text/markdown; charset=utf-8"},
	    {"py", "text/plain; charset=utf-8"},
	    {"r", "text/plain; charset=utf-8"},
	    {"js", "text/plain; charset=utf-8"},
	    {"ts", "text/plain; charset=utf-8"},
	    {"sh", "text/plain; charset=utf-8"},
	    {"java", "text/plain; charset=utf-8"},
	    {"c", "text/plain; charset=utf-8"},
	    {"go", "text/plain; charset=utf-8"},
	    {"log", "text/plain; charset=utf-8"},
	    {"csv", "text/csv; charset=utf-8"},
	    {"tsv", "text/tab-separated-values; charset=utf-8"},
	    {"json", "application/json"},
	    {"html", "text/html; charset=utf-8"},
	    {"xml", "application/xml"},
	    {"yaml", "application/yaml"},
	    {"yml", "application/yaml"},
	    {"png", "image/png"},
	    {"jpg", "image/jpeg"},
	    {"jpeg", "image/jpeg"},
	    {"gif", "image/gif"},
	    {"webp", "image/webp"},
	    {"svg", "image/svg+xml"},
	    {"pdf", "application/pdf"},
	    {"zip", "application/zip"},
	    {"gz", "application/gzip"},
	};
	const char *base = strrchr(path, '/');
	const char *dot = strrchr(base ? base + 1 : path, '.');
	for (size_t i = 0; dot && i < sizeof types / sizeof types[0]; i++)
		if (!strcasecmp(dot + 1, types[i][0]))
			return types[i][1];
	return "application/octet-stream";
}
