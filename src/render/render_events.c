/* render_events — one readable line per live event (render_events.h). */
#include "render/render_events.h"

#include <string.h>

#include "util/textout.h"

static void put(struct buf *b, json_t *v)
{
	if (json_is_string(v))
		buf_put_escaped(b, json_string_value(v), json_string_length(v), false);
	else if (json_is_integer(v))
		buf_printf(b, "%lld", (long long)json_integer_value(v));
	else if (json_is_real(v))
		buf_printf(b, "%.1f", json_real_value(v));
	else
		buf_puts(b, "-");
}

static void put_field(struct buf *b, const char *label, json_t *ev, const char *key)
{
	buf_printf(b, " %s=", label);
	put(b, json_object_get(ev, key));
}

/* What is particular to each type. */
static void put_detail(struct buf *b, const char *type, json_t *ev)
{
	json_t *f = json_object_get(ev, "finding");
	if (!strcmp(type, "output")) {
		buf_puts(b, " ");
		put(b, json_object_get(ev, "stream"));
		put_field(b, "bytes", ev, "bytes");
	} else if (!strcmp(type, "security_issue")) {
		put_field(b, "rule", f, "rule");
		put_field(b, "severity", f, "severity");
		if (json_is_string(json_object_get(f, "message"))) {
			buf_puts(b, " \"");
			put(b, json_object_get(f, "message"));
			buf_puts(b, "\"");
		}
	} else if (!strcmp(type, "execution_timeout")) {
		put_field(b, "limit", ev, "error");
		put_field(b, "timeout_ms", ev, "timeout_ms");
	} else if (!strcmp(type, "resource_limit_exceeded")) {
		put_field(b, "limit", ev, "limit");
	} else if (!strcmp(type, "execution_completed") || !strcmp(type, "execution_failed")) {
		put_field(b, "status", ev, "status");
		put_field(b, "exit", ev, "exit_code");
		if (json_is_string(json_object_get(ev, "error")))
			put_field(b, "error", ev, "error");
		put_field(b, "wall_ms", ev, "wall_ms");
		put_field(b, "stdout", ev, "stdout_bytes");
		put_field(b, "stderr", ev, "stderr_bytes");
	} else if (!strcmp(type, "lagged")) {
		buf_puts(b, " events were lost: this reader fell behind the log");
	}
}

void render_event_line(struct buf *b, json_t *ev)
{
	json_t *type = json_object_get(ev, "event");
	put(b, json_object_get(ev, "ts"));
	buf_puts(b, " ");
	put(b, type);
	if (json_is_string(json_object_get(ev, "id"))) {
		buf_puts(b, " ");
		put(b, json_object_get(ev, "id"));
		buf_puts(b, " ");
		put(b, json_object_get(ev, "language"));
	}
	put_detail(b, json_is_string(type) ? json_string_value(type) : "", ev);
	json_t *dep = json_object_get(ev, "deployment");
	if (json_is_object(dep)) {
		buf_puts(b, " deployment=");
		put(b, json_object_get(dep, "name"));
		buf_puts(b, "@");
		put(b, json_object_get(dep, "version"));
	}
	if (json_is_string(json_object_get(ev, "session")))
		put_field(b, "session", ev, "session");
	const char *k;
	json_t *v;
	json_object_foreach(json_object_get(ev, "labels"), k, v)
	{
		buf_puts(b, " ");
		buf_put_escaped(b, k, strlen(k), false);
		buf_puts(b, "=");
		put(b, v);
	}
	buf_puts(b, "\n");
}
