/* session_call — exec_in_session in the call's fork (session_call.h). */
#include "mcp/session_call.h"

#include <stdlib.h>

#include "core/outcome.h"
#include "run/request_json.h"
#include "run/runopt.h"
#include "session/session.h"
#include "util/util.h"

int mcp_session_exec(const char *state_dir, const char *config, const char *ref)
{
	struct request req;
	struct run_options ro;
	struct request_json_tmp tmp = {NULL, 0};
	json_t *body = NULL;
	char id[SESSION_ID_LEN + 1];
	int rc = EXIT_SBX_FAILURE;
	request_init(&req);
	runopt_init(&ro, &req);
	/* The settings in the order the command line gave them (--json
	 * --request - --state-dir S --config C), then what `sbx session exec`
	 * checks: the engine before and after the request, the request (its
	 * keys, limits and messages), the session and its language. */
	req.format = FORMAT_JSON;
	if (runopt_handle(&ro, RO_REQUEST, "-") == 0) {
		ro.state_dir_flag = state_dir;
		ro.config_flag = config;
		if (session_exec_refuse(&req) == 0 &&
		    request_json_load(&ro, 0, false, NULL, &body, &tmp) == 0 &&
		    session_exec_refuse(&req) == 0 &&
		    session_exec_prepare(&ro, ref, NULL, 0, id) == 0)
			rc = session_exec(req.state_dir, id, &req);
	}
	request_json_cleanup(&tmp);
	json_decref(body);
	request_release(&req);
	return rc;
}
