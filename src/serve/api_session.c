/* api_session — the session routes of the HTTP API (api.h):
 *
 *   POST   /v1/sessions                     sbx session create
 *   GET    /v1/sessions                     sbx session list
 *   GET    /v1/sessions/REF                 sbx session get
 *   DELETE /v1/sessions/REF                 sbx session delete
 *   POST   /v1/sessions/REF/stop            sbx session stop
 *   POST   /v1/sessions/REF/executions      sbx session exec
 *   GET    /v1/sessions/REF/files?path=P    sbx session files REF ls P / get P
 *   PUT    /v1/sessions/REF/files?path=P    sbx session files REF put - P
 *   DELETE /v1/sessions/REF/files?path=P    sbx session files REF rm [-r] P
 *
 * REF is a session's id or its name. */
#include <ctype.h>
#include <string.h>

#include "serve/api.h"

int api_check_session_ref(const char *ref, size_t len, struct api_error *e)
{
	if (len == 0 || len > 64 ||
	    !(islower((unsigned char)ref[0]) || isdigit((unsigned char)ref[0])))
		goto bad;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)ref[i];
		if (!(islower(c) || isdigit(c) || c == '.' || c == '_' || c == '-'))
			goto bad;
		if (c == '.' && i + 1 < len && ref[i + 1] == '.')
			goto bad;
	}
	return 0;
bad:
	return api_fail(e, ERROR_INVALID, "bad_name",
			"invalid session '%.*s': use its id (from POST /v1/sessions) or its name, "
			"[a-z0-9][a-z0-9._-]* (at most 64 characters)",
			(int)(len > 100 ? 100 : len), ref);
}

static void set(struct api_route *r, enum api_op op, bool body, bool streams)
{
	r->op = op;
	r->has_body = body;
	r->spawns = true;
	r->streams = streams;
}

int api_route_sessions(const char *method, const char *rest, struct api_route *r,
		       struct api_error *e)
{
	bool get = !strcmp(method, "GET");
	if (!*rest) {
		if (api_want_method(method, "GET,POST", e))
			return -1;
		set(r, get ? API_SESSION_LIST : API_SESSION_CREATE, !get, false);
		return 0;
	}
	if (*rest != '/')
		return api_fail(e, ERROR_NOT_FOUND, "not_found",
				"no such route: see GET /v1/openapi.json");
	rest++;
	const char *slash = strchr(rest, '/');
	size_t len = slash ? (size_t)(slash - rest) : strlen(rest);
	if (len > API_REF_MAX)
		len = API_REF_MAX + 1; /* the check says why */
	if (api_check_session_ref(rest, len, e))
		return -1;
	memcpy(r->ref, rest, len);
	r->ref[len] = '\0';
	if (!slash) {
		if (api_want_method(method, "GET,DELETE", e))
			return -1;
		set(r, get ? API_SESSION_GET : API_SESSION_DELETE, false, false);
		return 0;
	}
	if (!strcmp(slash, "/files")) {
		if (api_want_method(method, "GET,PUT,DELETE", e))
			return -1;
		/* The PUT body is the file's raw bytes, not JSON: has_body false. */
		set(r,
		    get			     ? API_SESSION_FILES_GET
		    : !strcmp(method, "PUT") ? API_SESSION_FILES_PUT
					     : API_SESSION_FILES_DELETE,
		    false, false);
		r->spawns = false;
		return 0;
	}
	bool exec = !strcmp(slash, "/executions");
	if (!exec && strcmp(slash, "/stop"))
		return api_fail(e, ERROR_NOT_FOUND, "not_found",
				"no such route: a session has /v1/sessions/REF/executions, "
				"/v1/sessions/REF/stop and /v1/sessions/REF/files");
	if (api_want_method(method, "POST", e))
		return -1;
	set(r, exec ? API_SESSION_EXEC : API_SESSION_STOP, exec, exec);
	return 0;
}
