/* handler_sre — SmythOS SRE's ECMASandbox connector, configured with
 * Settings: { sandboxUrl }, POSTs {"code": "(async () => { ... })();"} —
 * the agent's `async function main(...)` and `return await main(...)`
 * with the inputs spliced in — and reads `Output` from the JSON answer;
 * any non-2xx answer's body becomes the component's errors. The code runs
 * as JavaScript through POST /v1/run's path (admission, the policy, the
 * limits, the history): its completion value, awaited, is the result.
 */
#include "serve/handler.h"

#include <stdlib.h>
#include <string.h>

json_t *handler_sre_request(const char *body, size_t len, struct api_error *e)
{
	json_error_t je;
	json_t *b = json_loadb(body, len, JSON_REJECT_DUPLICATES, &je);
	if (!json_is_object(b)) {
		json_decref(b);
		api_fail(e, ERROR_INVALID, "bad_json",
			 "the body must be a JSON object {\"code\": \"...\"} (as SRE's ECMASandbox "
			 "connector sends)");
		return NULL;
	}
	json_t *code = json_object_get(b, "code");
	if (!json_is_string(code) || !json_string_length(code)) {
		json_decref(b);
		api_fail(e, ERROR_INVALID, "bad_field",
			 "\"code\" must be a non-empty string of JavaScript");
		return NULL;
	}
	json_t *req = json_pack("{s:s, s:O}", "language", "javascript", "code", code);
	json_decref(b);
	return req;
}

enum MHD_Result handler_sre_answer(struct MHD_Connection *conn, json_t *rec, int exit_code)
{
	json_t *ans;
	int status = 200;
	if (json_is_true(json_object_get(rec, "ok"))) {
		json_t *r = json_object_get(rec, "result");
		ans = json_pack("{s:O}", "Output", r ? r : json_null());
	} else {
		/* What the component's errors then show: the error, the run's
		 * status and its output. */
		status = 422;
		json_t *err = json_object_get(rec, "error");
		ans = json_pack("{s:O, s:O, s:O, s:O}", "error", err ? err : json_null(), "status",
				json_object_get(rec, "status"), "stdout",
				json_object_get(rec, "stdout"), "stderr",
				json_object_get(rec, "stderr"));
	}
	char *b = ans ? json_dumps(ans, JSON_COMPACT) : NULL;
	json_decref(ans);
	enum MHD_Result rc = respond_body(conn, status, "application/json", b ? b : "{}",
					  b ? strlen(b) : 2, exit_code);
	free(b);
	return rc;
}
