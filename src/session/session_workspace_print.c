/* session_workspace_print — what the files API shows: a listing as text
 * or JSON (sbx session files ls, here and with --remote).
 * May call: util, libc. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
