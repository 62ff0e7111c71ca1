/* handler_piston — the Piston API's routes (sbx serve --compat piston):
 * GET /api/v2/runtimes answered in-process, POST /api/v2/execute run as
 * POST /v1/run is (the same admission, limits, history and events) and its
 * record answered in Piston's shape; errors as Piston gives them,
 * {"message": ...}. The mapping is serve/compat/piston.c's.
 */
#include "serve/handler.h"

#include <stdlib.h>
#include <string.h>

#include "serve/compat/piston.h"

enum MHD_Result handler_piston_runtimes(struct server *s, struct MHD_Connection *conn)
{
	json_t *list = piston_runtimes(s->cfg->state_dir);
	char *b = json_dumps(list, JSON_COMPACT);
	json_decref(list);
	enum MHD_Result rc = respond_json(conn, 200, b ? b : "[]", -1);
	free(b);
	return rc;
}

enum MHD_Result handler_piston_error(struct MHD_Connection *conn, const struct api_error *e)
{
	json_t *o = json_pack("{s:s}", "message", e->message);
	char *b = json_dumps(o, JSON_COMPACT);
	json_decref(o);
	enum MHD_Result rc =
	    respond_body(conn, e->status ? e->status : 500, "application/json",
			 b ? b : "{\"message\":\"out of memory\"}", b ? strlen(b) : 28, -1);
	free(b);
	return rc;
}

json_t *handler_piston_request(const char *body, size_t len, json_t **piston, struct api_error *e)
{
	json_error_t je;
	*piston = json_loadb(body, len, JSON_REJECT_DUPLICATES, &je);
	if (!*piston) {
		api_fail(e, ERROR_INVALID, "bad_json", "the body is not JSON: %s (line %d)",
			 je.text, je.line);
		return NULL;
	}
	char msg[256];
	json_t *req = piston_request(*piston, msg, sizeof msg);
	if (!req) {
		api_fail(e, ERROR_INVALID, "bad_field", "%s", msg);
		json_decref(*piston);
		*piston = NULL;
	}
	return req;
}

enum MHD_Result handler_piston_answer(struct server *s, struct MHD_Connection *conn, json_t *rec,
				      json_t *piston, int exit_code)
{
	json_t *ans = piston_answer(rec, piston, s->cfg->state_dir);
	char *b = json_dumps(ans, JSON_COMPACT);
	json_decref(ans);
	enum MHD_Result rc =
	    respond_body(conn, 200, "application/json", b ? b : "{}", b ? strlen(b) : 2, exit_code);
	free(b);
	return rc;
}
